// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/report_ports.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::report {

// A scope as `quizbot report --scope` and the dashboard's signed links spell it: "local" (every learner and every
// answer) or PLATFORM:ID, optionally /CHANNEL (a Discord server id, a Slack team id, as the platform names it).

/// nullopt when the text is neither "local" nor PLATFORM:ID[/CHANNEL] with non-empty parts.
[[nodiscard]] std::optional<engine::report_scope> parse_scope(std::string_view text);

/// The inverse of parse_scope: "local", "discord:123" or "slack:T1/C2".
[[nodiscard]] std::string scope_text(const engine::report_scope& scope);

} // namespace quiz::bot::report
