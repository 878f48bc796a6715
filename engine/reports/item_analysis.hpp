// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

// Item analysis for instructors, after Moodle's quiz statistics (question/classes/statistics/questions/
// calculator.php), computed from each learner's FIRST answer to each question. Moodle relates an item to the rest of
// a fixed test; here every learner answered a different subset, so the rest score is the learner's accuracy on the
// other questions they answered (their first attempts), and only learners with at least `min_other` such questions
// count for the discrimination figures. docs/reports.md explains the figures and the flags.

/// One answer as the analysis reads it.
struct item_answer {
    learner_id learner;
    std::uint32_t question = 0; ///< index in the pack
    std::uint32_t choice = 0;   ///< pack order
    bool correct = false;
    bool first = true; ///< the learner's first answer to the question (later ones only feed later_facility)
};

struct item_analysis_options {
    int min_other = 3; ///< questions a learner must have answered besides this one to count for DI and DE
};

/// Flags, with the thresholds of the OU guide to reading quiz statistics and Moodle's own (docs/reports.md).
struct item_flags {
    bool broken = false;    ///< negative discrimination, or facility at most 5 %: a wrong key or a misleading stem
    bool too_hard = false;  ///< facility below 20 %
    bool too_easy = false;  ///< facility of 90 % or more
    bool weak = false;      ///< discrimination below 0.20
    bool dubious = false;   ///< discriminative efficiency below 15 % (Moodle's "dubious" row)
    bool guessable = false; ///< random guess score above 40 %
    friend bool operator==(const item_flags&, const item_flags&) = default;
};

struct item_statistics {
    std::uint32_t question = 0;
    int n = 0;                            ///< first attempts
    double facility = 0;                  ///< share of first attempts right, 0 to 1
    std::optional<double> sd;             ///< of the 0/1 first-attempt score, n − 1 divisor; none when n ≤ 1
    int rest_pairs = 0;                   ///< learners counted for the discrimination figures
    std::optional<double> discrimination; ///< Pearson correlation of the score with the rest score, −1 to 1
    std::optional<double> efficiency;     ///< Cov(score, rest) over its largest value for the same marginals, ≤ 1
    double random_guess = 0;              ///< 1 / number of choices: one right answer among them
    std::vector<int> choice_counts;       ///< first attempts per choice, pack order
    int later_n = 0;                      ///< answers after the first
    std::optional<double> later_facility; ///< their share right: does the class learn it?
    item_flags flags;
};

/// The statistics of every question of `choices` (choices[q] = its number of choices), in question order.
[[nodiscard]] std::vector<item_statistics> analyse_items(std::span<const item_answer> answers,
                                                         std::span<const std::uint32_t> choices,
                                                         const item_analysis_options& options = {});

} // namespace quiz::engine
