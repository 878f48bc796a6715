// SPDX-License-Identifier: MIT
#include "bot/discord/user_agent.hpp"

namespace quiz::bot::discord {

std::string user_agent(std::string_view public_url) { return "DiscordBot (" + std::string(public_url) + ", 0.1.0)"; }

} // namespace quiz::bot::discord
