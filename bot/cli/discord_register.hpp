// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/command.hpp"
#include "bot/config.hpp"

#include <optional>
#include <string>

namespace quiz::bot::cli {

/// `quizbot discord register-commands [--guild ID]` with its environment given: bulk-overwrites the application's
/// commands (globally, or in one server for testing) with DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN at
/// DISCORD_API_BASE. Prints what Discord registered, or its error (code, message and every field error).
/// Returns exit_ok, exit_failure (Discord refused or could not be reached) or exit_usage (configuration).
int register_discord_commands(const environment& env, const std::optional<std::string>& guild, io streams);

} // namespace quiz::bot::cli
