// SPDX-License-Identifier: MIT
#pragma once

#include "engine/learner_model.hpp"
#include "engine/pack_index.hpp"
#include "engine/tutor_config.hpp"

#include <chrono>
#include <cmath>
#include <vector>

namespace quiz::engine {

// What choosing a question computes once per call rather than once per question: the forgetting curve's
// constants, and per group of questions sharing a concept set, the learner's form and interval factor.

/// R(t, S) = (1 + factor t / S)^decay with the constants computed once (fsrs::retrievability recomputes them).
struct recall_curve {
    double factor = 0.0;
    double decay = 0.0;

    explicit recall_curve(const fsrs::parameters& w) : factor(fsrs::curve_factor(w)), decay(-w[20]) {}

    /// factor·t/S, which recall falls with: ranking questions by it needs no power (0 when recall is 1).
    [[nodiscard]] double key(const question_memory& memory, instant now) const noexcept
    {
        if (!memory.seen() || !memory.card.last_review || memory.card.stability <= 0.0) {
            return 0.0;
        }
        return factor * elapsed_days(*memory.card.last_review, now) / memory.card.stability;
    }
    /// The recall probability at a key.
    [[nodiscard]] double at(double key) const noexcept { return key == 0.0 ? 1.0 : std::pow(1.0 + key, decay); }

    /// The recall probability of a seen question at `now` (1 for one never answered).
    [[nodiscard]] double operator()(const question_memory& memory, instant now) const noexcept
    {
        return at(key(memory, now));
    }
};

/// One group of questions sharing a concept set, as one learner stands on it.
struct group_view {
    double form = 0.0;   ///< mean form over the concepts
    double odds = 1.0;   ///< e^form: corrected recall is r·odds / (1 − r + r·odds) = σ(logit r + form)
    double factor = 1.0; ///< interval factor at the form relative to the typical learner (as configured)
    bool weak = false;   ///< some concept at or below config.weak_form
};

[[nodiscard]] std::vector<group_view> view_groups(const pack_index& index, const learner_model& model,
                                                  const tutor_config& config);

/// σ(logit r + form) without a logarithm.
[[nodiscard]] inline double corrected_with(double recall, const group_view& group) noexcept
{
    return group.odds == 1.0 ? recall : recall * group.odds / (1.0 - recall + recall * group.odds);
}

} // namespace quiz::engine
