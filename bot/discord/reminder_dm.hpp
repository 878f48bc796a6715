// SPDX-License-Identifier: MIT
#pragma once

#include "bot/secret.hpp"
#include "bot/tutoring/reminders.hpp"

#include <boost/json/object.hpp>

#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::discord {

/// The reminder as a DM: its text and the Start review and Unsubscribe buttons.
[[nodiscard]] boost::json::object reminder_dm_body(const tutoring::reminder_message& message);

struct reminder_dm_settings {
    std::string api_base; ///< e.g. https://discord.com/api/v10
    secret bot_token;
    std::string public_url; ///< for the User-Agent
};

/// Sends reminders as DMs through the bot (docs/reminders.md): opens the DM channel (`POST /users/@me/channels`),
/// then posts the message in it. Discord's 50007 ("Cannot send messages to this user") is delivery::refused.
[[nodiscard]] tutoring::reminder_sender reminder_dm_sender(outbound::client& client, reminder_dm_settings settings,
                                                           spdlog::logger& log);

} // namespace quiz::bot::discord
