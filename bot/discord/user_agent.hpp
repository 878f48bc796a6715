// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace quiz::bot::discord {

/// The User-Agent Discord asks API clients for, "DiscordBot ($url, $versionNumber)": the URL is the bot's own
/// (QUIZBOT_PUBLIC_URL), so Discord can tell whose requests they are.
[[nodiscard]] std::string user_agent(std::string_view public_url);

} // namespace quiz::bot::discord
