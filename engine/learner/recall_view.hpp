// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace quiz::engine {

// What choosing a question computes once per call rather than once per question: the forgetting curve's
// constants, and per group of questions sharing a concept set, the learner's form and interval factor.

/// The learner's recall probability (memory_recall) as a ranking key: key = p^(1/decay) - 1, which falls as p rises,
/// so questions are ranked by key without computing p. Without a calibration layer a later-day key is
/// factor·days/S with no power at all (R = (1 + factor·days/S)^decay); only the few best candidates get one.
struct recall_curve {
    const learner_model* model = nullptr;
    double factor = 0.0;
    double decay = 0.0;
    bool plain = true; ///< no calibration layer: later-day keys are factor·days/S

    explicit recall_curve(const learner_model& m)
        : model(&m), factor(fsrs::curve_factor(m.recall.w)), decay(-m.recall.w[20]), plain(m.recall.layer.identity())
    {
    }

    /// 0 for a question never answered (recall 1).
    [[nodiscard]] double key(const question_memory& memory, instant now) const noexcept
    {
        if (!memory.seen() || !memory.card.last_review || memory.card.stability <= 0.0) {
            return 0.0;
        }
        const auto days = whole_days_since(memory, now);
        if (plain && days > 0) {
            return factor * static_cast<double>(days) / memory.card.stability;
        }
        return std::pow(memory_recall(*model, memory, now), 1.0 / decay) - 1.0;
    }
    /// The recall probability at a key.
    [[nodiscard]] double at(double key) const noexcept
    {
        return key <= 0.0
                   ? 1.0
                   : std::clamp(std::pow(1.0 + key, decay), recall::lowest_probability, recall::highest_probability);
    }

    /// The recall probability of a seen question at `now` (1 for one never answered).
    [[nodiscard]] double operator()(const question_memory& memory, instant now) const noexcept
    {
        return at(key(memory, now));
    }
};

/// curve.key(memory, now) for the row whose kept days are `kept`, kept there for the rest of the day when it holds
/// all day: without a calibration layer, a question last answered on an earlier day keeps its key until midnight
/// (whole days over stability). `today` is day_number(now). The keys kept are cleared with the due days when the
/// memory model changes (due.cpp).
[[nodiscard]] inline double kept_key(const recall_curve& curve, memory_table::row_days& kept,
                                     const question_memory& memory, instant now, std::int64_t today) noexcept
{
    if (kept.key_day == today) {
        return kept.key;
    }
    const double key = curve.key(memory, now);
    const bool constant = !memory.seen() || !memory.card.last_review || memory.card.stability <= 0.0;
    if (constant || (curve.plain && whole_days_since(memory, now) > 0)) {
        kept.key_day = today;
        kept.key = key;
    }
    return key;
}

/// One group of questions sharing a concept set, as one learner stands on it.
struct group_view {
    double form = 0.0;   ///< mean form over the concepts (orders new questions; not a correction of recall)
    double factor = 1.0; ///< interval factor at the form relative to the typical learner (as configured)
    bool weak = false;   ///< some concept at or below config.weak_form
};

[[nodiscard]] std::vector<group_view> view_groups(const pack_index& index, const learner_model& model,
                                                  const tutor_config& config);

} // namespace quiz::engine
