// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"

#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

/// A concept as the stats show it.
struct concept_view {
    concept_key key;
    std::string label;
    double mastery = 0.0; ///< mean predicted recall of its questions now (unseen ones at the population's ease)
    bool mastered = false;
    int answers = 0;
};

/// A learner's progress in a pack.
struct learner_stats {
    int due_now = 0;
    int unseen = 0;
    int seen = 0;
    int total = 0;
    std::optional<instant> next_due;
    int mastered_concepts = 0;
    std::vector<concept_view> concepts; ///< pack order
    std::vector<concept_view> weakest;  ///< up to 3 answered concepts, lowest mastery first
    int streak_days = 0;                ///< 0 once a day was missed
    int best_streak_days = 0;
    int answered = 0;
    int correct = 0;
};

/// A concept's label in `lang` (else in a language the pack has), or its key when it has none.
[[nodiscard]] std::string concept_label(const tag<concept_key>& concept_tag, language lang);

/// Counts a study day for the streak: the same day changes nothing, the next day extends it, a gap restarts it.
void record_study_day(learner_profile& profile, instant now) noexcept;

/// The streak as of `now`: 0 once a whole day passed without study.
[[nodiscard]] int current_streak(const learner_profile& profile, instant now) noexcept;

/// A learner's progress in a pack: due now, mastered and weakest concepts, streak, accuracy.
/// A concept's mastery is the mean predicted recall of its questions now (an unseen one counts at the
/// population's ease plus the learner's form); it is mastered when every question has been answered and the mean
/// predicted recall `config.mastery_horizon` from now is at least `config.mastery_recall`: knowledge that will
/// still be there next week, not answers just seen.
[[nodiscard]] learner_stats compute_stats(const pack_index& index, const learner_model& model,
                                          const learner_profile& profile, const tutor_config& config, instant now,
                                          language lang);

} // namespace quiz::engine
