// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/due.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace quiz::engine {

/// Why a question was chosen, in the order the rules are tried (docs/tutor.md, "What to ask next").
enum class pick_reason : std::uint8_t {
    retry,     ///< missed earlier in this session; back after a few other questions
    follow_up, ///< probes the misconception the learner's last wrong answer showed
    review,    ///< due: predicted recall at or below the target retention
    fresh,     ///< never answered; guide order, weak concepts first
    practice,  ///< nothing due or new: the question the learner is most likely to have forgotten
};

/// "retry", "follow_up", "review", "new", "practice".
[[nodiscard]] std::string_view name(pick_reason reason) noexcept;
[[nodiscard]] std::optional<pick_reason> parse_pick_reason(std::string_view text) noexcept;

/// A question missed in this session, asked again once `ready_at` questions have been presented.
struct pending_retry {
    std::uint32_t question = 0;
    std::uint32_t ready_at = 0;
};

/// What shapes the choice besides the learner's memory.
struct selection_request {
    instant now;
    std::optional<std::uint32_t> previous;     ///< the question just asked: never twice in a row
    std::uint32_t presented = 0;               ///< questions presented so far in the session
    std::span<const pending_retry> retries;    ///< in the order they were missed
    std::optional<std::uint32_t> follow_up;    ///< the misconception follow-up planned by the last answer
    std::optional<std::uint32_t> only_concept; ///< only questions of this concept
    bool reviews_only = false;                 ///< no new questions and no practice
    int new_allowed = 0;                       ///< new questions the learner may still start today
};

struct pick {
    std::uint32_t question = 0;
    pick_reason reason = pick_reason::review;
    friend bool operator==(const pick&, const pick&) = default;
};

/// What to ask next, or nothing when every rule comes up empty. The rules, first match wins:
///  1. a retry whose turn has come (`ready_at <= presented`);
///  2. the planned misconception follow-up;
///  3. the most urgent due review: urgency = target - predicted recall (form-corrected), + missed_bonus per
///     earlier wrong answer (up to 3), + misconception_bonus if it probes a misconception still open;
///     a question is due once whole days since its last answer reach its interval, round(S × factor), the factor
///     bringing FSRS recall down to the target (stretched for a concept the learner does better on than the
///     typical learner, as config.form_moves_due says);
///  4. a new question (while `new_allowed` > 0): those of a weak concept first, then guide order;
///  5. practice: the seen question with the lowest predicted recall;
///  6. a retry whose turn has not come yet, rather than nothing.
/// The previous question is never chosen; without `reviews_only`, rules 4 and 5 apply.
[[nodiscard]] std::optional<pick> choose_next(const pack_index& index, const learner_model& model,
                                              const tutor_config& config, const selection_request& request);

/// The best question probing misconception m for a follow-up, other than those in `exclude`: the most urgent
/// due one, else a new one in guide order (if `allow_new`), else the seen one with the lowest predicted recall.
[[nodiscard]] std::optional<std::uint32_t> find_follow_up(const pack_index& index, const learner_model& model,
                                                          const tutor_config& config, std::uint32_t m, instant now,
                                                          std::span<const std::uint32_t> exclude, bool allow_new);

} // namespace quiz::engine
