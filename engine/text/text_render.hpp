// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/group_round.hpp"
#include "engine/text/catalog.hpp"
#include "engine/tutor/session.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::engine {

// Plain-text renderings of the tutor's values, built only from the catalogue and the values: the terminal uses
// them as they are; platform renderers may use them as fallback text or format the values their own way.

/// The header of a card shown for this reason ("Review {position} of {planned}", ...); rounds use card_header_round.
[[nodiscard]] message card_header(pick_reason reason) noexcept;

/// Each line followed by '\n'.
[[nodiscard]] std::string joined_lines(const std::vector<std::string>& lines);
/// The line under a card's header that says why it is asked (a follow-up's confusion, practice, a retry), if any.
[[nodiscard]] std::optional<std::string> card_note(const question_card& card);
/// "Review 3 of 10 · 5 more due" (rounds: the time left instead).
[[nodiscard]] std::string card_progress_line(const question_card& card, instant now);
/// `section_as`, when given, stands for the section title in the guide line (a front end's link to it).
[[nodiscard]] std::string render_card(const question_card& card, instant now,
                                      std::optional<std::string_view> section_as = std::nullopt);
/// After a wrong answer, what was chosen: "You chose B: ..." or, for a tagged choice, the confusion it shows.
[[nodiscard]] std::string render_chosen(const feedback& told, language lang);
/// What comes after this answer: a follow-up next, asked again in this session, back in N days.
[[nodiscard]] std::vector<std::string> feedback_next_lines(const feedback& told, language lang);
[[nodiscard]] std::string render_feedback(const feedback& told, language lang,
                                          std::optional<std::string_view> section_as = std::nullopt);
[[nodiscard]] std::string render_answer_check(answer_check check, language lang);
[[nodiscard]] std::string render_round_answer_status(round_answer_status status, language lang);
[[nodiscard]] std::vector<std::string> summary_lines(const session_summary& summary, language lang, instant now);
[[nodiscard]] std::vector<std::string> stats_lines(const learner_stats& stats, std::string_view pack_title,
                                                   language lang, instant now);
[[nodiscard]] std::string render_summary(const session_summary& summary, language lang, instant now);
[[nodiscard]] std::string render_stats(const learner_stats& stats, std::string_view pack_title, language lang,
                                       instant now);
[[nodiscard]] std::string render_round_view(const round_view& view, language lang);
[[nodiscard]] std::string render_reveal(const round_reveal& reveal, language lang);
/// How a round's question closed: "Time is up.", "Everyone has answered.", "The answer was revealed early."
[[nodiscard]] message closed_message(close_reason reason) noexcept;
[[nodiscard]] std::string render_scoreboard(std::span<const score_line> lines, language lang,
                                            const std::function<std::string(learner_id)>& name_of);

/// 0..100, rounded; 0 when there is nothing to divide.
[[nodiscard]] long long percent(long long part, long long whole) noexcept;

} // namespace quiz::engine
