// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/tutoring/class_reports.hpp"

#include <string>
#include <vector>

namespace quiz::bot::discord {

// `/quiz report` on Discord: the instructor's summary of their server, always private (docs/reports.md).

/// Whether the interaction is `/quiz report`.
[[nodiscard]] bool is_report_command(const interaction& in) noexcept;

/// A server's instructor: a member whose permissions in it include ADMINISTRATOR or MANAGE_GUILD, or who has one of
/// `instructor_roles` (DISCORD_INSTRUCTOR_ROLES).
[[nodiscard]] bool is_instructor(const interaction& in, const std::vector<std::string>& instructor_roles) noexcept;

/// The report's request: the server as the class, narrowed to the channel with `here:true`.
[[nodiscard]] tutoring::report_request report_request_of(const interaction& in,
                                                         const std::vector<std::string>& instructor_roles);

/// The summary with a link button to the dashboard, or the notice; private either way.
[[nodiscard]] reply report_reply(const tutoring::report_screen& shown);

} // namespace quiz::bot::discord
