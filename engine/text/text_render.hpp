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
/// "Guide: <section>", under a card.
[[nodiscard]] std::string card_guide_line(const question_card& card);
/// "Read more: <section>", after an answer or a round's reveal.
[[nodiscard]] std::string read_more_line(std::string_view section_title, language lang);
/// The card as text, ending with `guide_line` (a front end's, with its link) or else card_guide_line.
[[nodiscard]] std::string render_card(const question_card& card, instant now,
                                      std::optional<std::string_view> guide_line = std::nullopt);

/// The sentences that judge an answer, in the learner's language, composed once: every front end shows them, laid
/// out its own way, with the choices' explanations (the pack's words) between them.
struct feedback_sentences {
    std::string verdict;                ///< "Right!", "Not quite."
    std::string chosen;                 ///< after a wrong answer, what was chosen; empty after a right one
    std::string answer;                 ///< "The answer is A: ..."
    std::vector<std::string> what_next; ///< a follow-up next, asked again in this session, back in N days
    friend bool operator==(const feedback_sentences&, const feedback_sentences&) = default;
};
[[nodiscard]] feedback_sentences feedback_sentences_of(const feedback& told, language lang);
/// The feedback as text: the verdict, what was chosen and why not, the answer and why, what comes next, then
/// `guide_line` (read_more_line, or a front end's with its link).
[[nodiscard]] std::string render_feedback(const feedback& told, const feedback_sentences& said,
                                          std::string_view guide_line);
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
