// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"
#include "engine/fsrs/fsrs_model.hpp"
#include "engine/learner/learner_memory.hpp"
#include "engine/learner/tutor_config.hpp"

namespace quiz::engine {

// Cold start: what all learners' first attempts say about a question sets a new learner's first schedule.

/// The prior probability that a learner who never saw `q` knows its answer, as a logit ("ease"): the
/// population's first-attempt accuracy, smoothed toward a prior set by the instructor's difficulty (worth
/// `config.prior_attempts` attempts), with the guessing rate of a `q.choice_count()`-option question removed.
/// `stats` may be null (no learner has tried it yet).
[[nodiscard]] double ease_logit(const question& q, const question_stats* stats, const tutor_config& config);

/// The memory after a learner's first answer. Wrong: FSRS's first state for Again. Right: FSRS's states for
/// Good and Again blended by the probability that the learner knew the answer rather than guessed it,
/// known / (known + (1 - known) / choices), geometrically for stability and linearly for difficulty: a right first
/// answer to a question most learners miss is partly luck, so it comes back sooner.
[[nodiscard]] fsrs::memory_state first_answer_state(const fsrs::parameters& w, bool correct, double known,
                                                    std::size_t choices);

} // namespace quiz::engine
