// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"
#include "engine/reports/item_analysis.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

// A Rasch (1PL) fit for instructors: the difficulty of each question and the ability of each learner on one logit
// scale, from each learner's FIRST answers, so that questions compare although every learner answered a different
// subset. Joint maximum likelihood (JMLE), the estimation Winsteps uses; docs/reports.md explains the figures, the
// method and its sources, and its limits on sparse data.

struct rasch_options {
    int max_iterations = 200; ///< passes of the joint fit, and again of the anchored passes that follow it
    double tolerance = 0.001; ///< logits: done when no estimate moves more than this in a pass
    double max_step = 1.0;    ///< logits: the largest Newton–Raphson step of one estimate in one pass
    /// Score points added to a score of 0 and taken from a full score to give extreme scores a finite estimate
    /// (Winsteps' EXTRSCORE=, default 0.3); between 0 and 0.5.
    double extreme_adjustment = 0.3;
    bool bias_correction = true; ///< scale the difficulties by (L − 1) / L (Wright and Douglas)
};

struct rasch_item {
    std::uint32_t question = 0;
    int n = 0;             ///< first answers
    int right = 0;         ///< of them right
    double difficulty = 0; ///< b, logits; 0 is the average question of the fit
    double se = 0;         ///< of b, logits: 1 / sqrt(information)
    /// All right or all wrong among the learners of the fit: no finite estimate, so the question takes no part in the
    /// fit of the others and is placed afterwards from all its answers, a score of 0 or n moved by extreme_adjustment.
    /// Taking extremes out can make others extreme: a learner whose only wrong answer was to such a question.
    bool extreme = false;
    std::optional<double> infit;  ///< information-weighted mean-square of the residuals, 1 expected; none if extreme
    std::optional<double> outfit; ///< mean of the squared standardised residuals, 1 expected; none if extreme
};

struct rasch_learner {
    learner_id learner;
    int n = 0;            ///< first answers
    int right = 0;        ///< of them right
    double ability = 0;   ///< theta, logits: 50 % chance on a question of difficulty theta
    double se = 0;        ///< of theta, logits: 1 / sqrt(information)
    bool extreme = false; ///< as rasch_item::extreme, over the questions of the fit
    std::optional<double> infit;
    std::optional<double> outfit;
};

struct rasch_fit {
    std::vector<rasch_item> items;       ///< answered questions only, in question order
    std::vector<rasch_learner> learners; ///< learners with a first answer, by id
    int iterations = 0;                  ///< passes of the joint fit
    bool converged = false;              ///< the joint fit and the anchored passes both met the tolerance
    double bias_factor = 1;              ///< (L − 1) / L as applied to the difficulties; 1 without correction
    /// Groups of learners and questions of the fit linked by answers. Above 1, the groups' measures are not
    /// comparable: nothing in the data places one group against another.
    int subsets = 0;
};

/// The Rasch fit of the first answers (`first == true`) to questions below `question_count`.
[[nodiscard]] rasch_fit fit_rasch(std::span<const item_answer> answers, std::uint32_t question_count,
                                  const rasch_options& options = {});

} // namespace quiz::engine
