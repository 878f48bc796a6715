// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/blocks.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

namespace quiz::bot::slack {

// Block Kit renderings of a study group's round (docs/groups.md, "Slack"): the channel's one message and what a
// member sees privately. Within Block Kit's limits; the pack's words and people's names are escaped.

/// The round's message: the open question with its buttons, "N of M answered" and the time left at `now`; the
/// reveal (the distribution as text bars, the answer and its explanation, the most chosen wrong answer with its
/// explanation and confusion, the guide link); at the end the scoreboard and the hardest question.
[[nodiscard]] boost::json::object round_message(const tutoring::round_screen& shown, const tutoring::link_base& links,
                                                engine::instant now);

/// How the member's answer to the question just revealed is judged (the "How did I do?" button's answer).
[[nodiscard]] boost::json::object judged_message(const tutoring::judged_screen& shown,
                                                 const tutoring::link_base& links);

} // namespace quiz::bot::slack
