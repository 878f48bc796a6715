// SPDX-License-Identifier: MIT
#pragma once

#include <boost/json/array.hpp>

namespace quiz::bot::discord {

/// quizbot's application commands, as the body of a bulk overwrite (PUT .../commands): one global `/quiz` with the
/// subcommands start [pack] [concept], review, stats [pack], lang <language>, forget-me, help and
/// group [pack] [questions 1-20] [seconds 10-300] (a study-group round in the channel), names and
/// descriptions localized in French, installable in servers and by users (integration_types 0, 1) and usable in
/// servers, in the bot's DMs and in private channels (contexts 0, 1, 2).
[[nodiscard]] boost::json::array command_set();

} // namespace quiz::bot::discord
