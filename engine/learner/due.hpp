// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/recall_view.hpp"
#include "engine/learner/tutor_config.hpp"

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

// When a learner's questions fall due, and how urgent a due one is: what the choice of the next question, the
// progress lines and the stats count with.

/// Whether question q is due at `now` for the learner.
[[nodiscard]] bool is_due(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
                          const tutor_config& config);

/// The urgency of a due question (rule 3).
[[nodiscard]] double urgency(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
                             const tutor_config& config);

/// Counts for progress lines and stats.
struct due_summary {
    int due = 0;                     ///< seen questions due now
    int unseen = 0;                  ///< questions never answered
    std::optional<instant> next_due; ///< the earliest planned due date after now, if nothing is due
};
[[nodiscard]] due_summary summarize_due(const pack_index& index, const learner_model& model, const tutor_config& config,
                                        instant now, std::optional<std::uint32_t> only_concept = std::nullopt);

// The helpers the choice of the next question ranks with (tutor/next_question.cpp).

/// Whether only_concept is unset or question q belongs to it.
[[nodiscard]] bool in_concept(const pack_index& index, std::uint32_t q, std::optional<std::uint32_t> only_concept);

/// The UTC day number of an instant (as fsrs::calendar_days_between counts days), inline for the scans.
[[nodiscard]] inline std::int64_t day_of(instant t) noexcept
{
    return std::chrono::floor<std::chrono::days>(t).time_since_epoch().count();
}

/// Due once the memory model's recall has fallen to the target, on a later day than the last answer.
[[nodiscard]] bool due_with(const learner_model& model, const question_memory& memory, const group_view& group,
                            std::int64_t today, const tutor_config& config);

/// Per stored row of model.memory (in step with its questions()), the day number it falls due: today >= it is
/// due_with. Unseen rows hold not_seen_day, seen ones never reviewed never_due_day. Kept in the model between
/// queries and computed again only for rows changed since, or all when `groups`' factors, the memory model or the
/// config's retention and longest interval changed. `groups` are view_groups of the model.
[[nodiscard]] std::span<memory_table::row_days> due_days(const pack_index& index, const learner_model& model,
                                                         const std::vector<group_view>& groups,
                                                         const tutor_config& config);
inline constexpr std::int64_t not_seen_day = std::numeric_limits<std::int64_t>::min() + 1;
inline constexpr std::int64_t never_due_day = std::numeric_limits<std::int64_t>::max();

/// Whether question q probes a misconception the learner showed and has not overcome yet.
[[nodiscard]] bool probes_open_misconception(const pack_index& index, const learner_model& model,
                                             std::uint32_t q) noexcept;

/// Urgency from the question's curve key (recall_curve::key) and its bonus level.
[[nodiscard]] double urgency_at(double key, int missed, bool misconception, const recall_curve& curve,
                                const tutor_config& config);

/// Urgency of question q on `curve` at `now`.
[[nodiscard]] double urgency_with(const pack_index& index, const learner_model& model, std::uint32_t q,
                                  const recall_curve& curve, instant now, const tutor_config& config);

} // namespace quiz::engine
