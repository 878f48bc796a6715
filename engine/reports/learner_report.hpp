// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_stats.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/reports/class_report.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace quiz::engine {

/// Recent accuracy is over the learner's latest answers in scope, not a window of days: a learner who paused
/// keeps a figure, and one who answered twice this week is not judged on two answers.
inline constexpr std::size_t recent_answer_count = 20;

/// One learner's standing in a pack. Answers and accuracies count the answers given in scope; the rest is the
/// learner's memory, wherever it was learnt (the tutor's own view: compute_stats).
struct learner_row {
    learner_id id;
    platform_identity identity;
    std::string name;
    int seen = 0;                          ///< questions of the pack answered at least once
    int questions = 0;                     ///< questions in the pack
    int answers = 0;                       ///< answers in scope
    int first_answers = 0;                 ///< first answers in scope
    int first_right = 0;                   ///< those that were right
    std::optional<double> first_accuracy;  ///< their share right
    std::optional<double> recent_accuracy; ///< the share right of the latest recent_answer_count answers
    std::vector<concept_view> concepts;    ///< pack order: mastery now and whether mastered (compute_stats)
    int mastered_concepts = 0;
    int due_now = 0;                                    ///< seen questions the tutor would review now
    int overdue = 0;                                    ///< seen questions whose planned date is a day or more past
    std::optional<instant> last_active;                 ///< the latest answer in scope
    int streak_days = 0;                                ///< consecutive study days up to today or yesterday
    std::vector<misconception_key> open_misconceptions; ///< shown by a wrong answer, not overcome since
    bool reminders = false;                             ///< reminders by DM on
};

/// A row per learner in scope, by id (learners who never answered the pack included).
[[nodiscard]] std::vector<learner_row> learner_report(const pack_index& index, const class_data& data,
                                                      const tutor_config& config, instant now, language lang);

} // namespace quiz::engine
