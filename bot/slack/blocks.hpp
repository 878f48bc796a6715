// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor_outcomes.hpp"
#include "engine/tutor_service.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::slack {

// Block Kit renderings of the tutor's outcomes. Each returns a message body ({"text", "blocks"}) or a Home view;
// every text is cut to Block Kit's limits (block_limits.hpp) and the pack's words are escaped.

/// The buttons' action ids and what their values carry.
inline constexpr std::string_view action_answer_prefix =
    "answer_";                                              ///< + letter; value "<session>:<sequence>:<position>"
inline constexpr std::string_view action_next = "next";     ///< value "<session>"
inline constexpr std::string_view action_start = "start";   ///< value "<pack>"
inline constexpr std::string_view action_review = "review"; ///< value "<pack>"

/// A button's value for an answer.
struct answer_value {
    engine::session_id session;
    std::uint32_t sequence = 0;
    std::uint32_t position = 0;
};
[[nodiscard]] std::string format_answer_value(const answer_value& v);
[[nodiscard]] std::optional<answer_value> parse_answer_value(std::string_view text);
[[nodiscard]] std::optional<engine::session_id> parse_session_value(std::string_view text);

/// Where links point: `<public_url>/guide/<pack>/<section>?lang=..`.
struct link_base {
    std::string public_url; ///< no trailing '/'
};

/// The question with one button per choice.
[[nodiscard]] boost::json::object card_message(const engine::question_card& card, engine::session_id session,
                                               std::string_view pack, const link_base& links, engine::instant now);
/// The feedback after an answer (right or wrong, the chosen choice's explanation, the answer, when it comes back,
/// the guide link) with a Next button.
[[nodiscard]] boost::json::object feedback_message(const engine::feedback& told, engine::language lang,
                                                   engine::session_id session, std::string_view pack,
                                                   const link_base& links);
/// What start/next return: the card, or the summary with a Start button.
[[nodiscard]] boost::json::object session_message(const engine::session_outcome& outcome, std::string_view pack,
                                                  const link_base& links, engine::instant now);
[[nodiscard]] boost::json::object stats_message(const engine::learner_stats& stats, std::string_view pack_title,
                                                engine::language lang, engine::instant now);
/// One paragraph of mrkdwn (already escaped by the caller where needed).
[[nodiscard]] boost::json::object notice_message(std::string_view mrkdwn);
/// The Home tab: progress (due now, mastered, weakest concepts) and Start/Review buttons.
[[nodiscard]] boost::json::object home_view(const std::optional<engine::learner_stats>& stats, std::string_view pack,
                                            std::string_view pack_title, engine::language lang, engine::instant now);

} // namespace quiz::bot::slack
