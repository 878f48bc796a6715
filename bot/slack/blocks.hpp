// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/reminders.hpp"
#include "bot/tutoring/screens.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::slack {

// Block Kit renderings of the tutor's outcomes. Each returns a message body ({"text", "blocks"}) or a Home view;
// every text is cut to Block Kit's limits (block_limits.hpp) and the pack's words are escaped.

// `heads_up`, when not empty, is said first, in a section of its own (tutoring::screen::heads_up).

/// The question with one button per choice.
[[nodiscard]] boost::json::object card_message(const tutoring::card_screen& shown, const tutoring::link_base& links,
                                               std::string_view heads_up = {});
/// The feedback after an answer (right or wrong, the chosen choice's explanation, the answer, when it comes back,
/// the guide link) with a Next button.
[[nodiscard]] boost::json::object feedback_message(const tutoring::feedback_screen& shown, engine::language lang,
                                                   const tutoring::link_base& links, std::string_view heads_up = {});
/// The judgement of an answer (a session's feedback, a round member's): the verdict with what was chosen and why
/// not, the answer and why, then `notes` and the guide link in small print.
[[nodiscard]] boost::json::array judgement_blocks(const engine::feedback& told, const engine::feedback_sentences& said,
                                                  const std::vector<std::string>& notes,
                                                  const tutoring::guide_section& guide,
                                                  const tutoring::link_base& links);
/// The summary with a Start button.
[[nodiscard]] boost::json::object summary_message(const tutoring::summary_screen& shown, engine::language lang,
                                                  std::string_view heads_up = {});
[[nodiscard]] boost::json::object stats_message(const tutoring::stats_screen& shown, std::string_view heads_up = {});
/// The question with its go-ahead (danger) and cancel buttons.
[[nodiscard]] boost::json::object confirm_message(const tutoring::confirm_screen& question);
/// One paragraph of mrkdwn (already escaped by the caller where needed).
[[nodiscard]] boost::json::object notice_message(std::string_view mrkdwn, std::string_view heads_up = {});
/// A reminder by DM with its Start review and Unsubscribe buttons.
[[nodiscard]] boost::json::object reminder_blocks(const tutoring::reminder_message& reminder);
/// The Home tab: progress (due now, mastered, weakest concepts) and Start/Review buttons.
[[nodiscard]] boost::json::object home_view(const tutoring::stats_screen& shown, engine::language lang);

} // namespace quiz::bot::slack
