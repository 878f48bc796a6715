// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/reminders.hpp"

#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::slack {

/// Sends reminders to Slack users (docs/reminders.md): conversations.open for the bot's DM with them, then
/// chat.postMessage there, with the bot token. A user Slack will not reach (deactivated, gone) is
/// delivery::refused.
[[nodiscard]] tutoring::reminder_sender reminder_dm_sender(outbound::client& client, std::string api_base,
                                                           std::string bot_token, spdlog::logger& log);

} // namespace quiz::bot::slack
