// SPDX-License-Identifier: MIT
#pragma once

#include "bot/report/pack_rows.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/reports/activity_report.hpp"
#include "engine/reports/report_ports.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace quiz::bot::dashboard {

/// What the pages show of one class, read once per request.
struct class_view {
    std::vector<engine::pack_key> packs;        ///< answered in scope, by key
    const engine::pack_index* index = nullptr;  ///< the pack shown; null when none is loaded or answered
    report::pack_rows rows;                     ///< of that pack
    std::vector<engine::activity_day> activity; ///< every pack
};

/// Reads a class; called off the IO threads (a report reads every answer of the class).
using class_loader = std::function<class_view(const engine::report_scope& scope,
                                              const std::optional<engine::pack_key>& pack, engine::instant now)>;

/// The class through the report port: `pack` when the server has it, else the first pack answered in scope that
/// the server has.
[[nodiscard]] class_view load_class_view(engine::report_source& source, const engine::pack_library& library,
                                         const engine::report_scope& scope, const std::optional<engine::pack_key>& pack,
                                         engine::instant now);

} // namespace quiz::bot::dashboard
