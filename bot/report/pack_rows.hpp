// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/reports/concept_report.hpp"
#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"
#include "engine/reports/report_ports.hpp"

#include <optional>
#include <vector>

namespace quiz::bot::report {

/// The per-pack rows of one scope, read once through the report port: what `quizbot report` and the dashboard
/// both show.
struct pack_rows {
    std::vector<engine::item_row> items;
    std::vector<engine::learner_row> learners;
    std::vector<engine::concept_row> concepts;
};

/// Items, learners and concepts of `index`'s pack in `scope`, in the pack's first language; mastery and due reviews
/// counted at `now` with the tutor's default settings.
[[nodiscard]] pack_rows load_pack_rows(engine::report_source& source, const engine::report_scope& scope,
                                       const engine::pack_index& index, engine::instant now);

/// The pack a report shows: `wanted` when the library has it, else the first of `answered` (the packs answered in the
/// scope, report_source::packs) that it has; null when there is none.
[[nodiscard]] const engine::pack_index* report_pack(const engine::pack_library& library,
                                                    const std::vector<engine::pack_key>& answered,
                                                    const std::optional<engine::pack_key>& wanted);

} // namespace quiz::bot::report
