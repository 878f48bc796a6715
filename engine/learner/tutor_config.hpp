// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"
#include "engine/recall/response_time_grading.hpp"

#include <chrono>

namespace quiz::engine {

enum class form_scheduling : unsigned char {
    none,       ///< due dates follow the memory model alone; form only orders and measures
    delay_only, ///< a concept the learner does better on than the typical learner waits longer; never sooner
    both,       ///< also sooner for a weaker concept (costs study time; see docs/tutor.md)
};

/// Seconds of study per answer: what the target retention is chosen to spend well (optimal_retention.hpp).
struct study_costs {
    double right = 20.0; ///< a right answer: read the question and the choices, answer, glance at the feedback
    double wrong = 32.0; ///< a wrong answer, with its explanation read (1.6 times a right one, as in FSRS's defaults)
    double first = 10.0; ///< added to the first answer to a question: new material is read more slowly
    friend bool operator==(const study_costs&, const study_costs&) = default;
};

/// Where the target retention comes from.
enum class retention_choice : unsigned char {
    fixed,   ///< target_retention as set (by the instructor or the operator)
    optimal, ///< the retention with the most knowledge per minute of study, within the floor and ceiling
};

/// The tutor's knobs. The defaults are the ones docs/tutor.md describes and `quizbot srs simulate` measures.
struct tutor_config {
    fsrs::parameters w = fsrs::default_parameters;

    /// A question is due once its FSRS recall falls to this (later for a concept the learner does better on than
    /// the typical learner: form_moves_due).
    double target_retention = 0.9;
    /// Fixed, or chosen by `with_target_retention` (optimal_retention.hpp) when the tutor is built: the retention
    /// that maximises knowledge per minute of study for these parameters and costs, kept within
    /// [retention_floor, retention_ceiling]. The floor is the low end of the range FSRS's guides recommend
    /// (0.8 to 0.9): with FSRS-6's default parameters the optimum lies below it (docs/tutor.md, "Target retention").
    retention_choice choose_retention = retention_choice::optimal;
    double retention_floor = 0.8;
    double retention_ceiling = 0.95;
    /// The horizon the retention is chosen for, in days: a course of about two terms.
    int retention_horizon_days = 180;
    study_costs costs;
    /// The share of first answers expected to be right, for choosing the retention.
    double first_right = 0.5;
    /// Longest interval, in days.
    int maximum_interval = 36500;

    /// New questions introduced per learner per (UTC) day.
    int new_per_day = 10;
    /// Questions a session asks before it ends (pending retries are still asked after it).
    int session_length = 10;
    /// A question missed in a session comes back after this many other questions; 0: it does not come back.
    int retry_gap = 3;
    /// After a wrong answer showing a misconception, ask a question probing it next.
    bool misconception_follow_up = true;
    /// The follow-up may also be a question neither due nor new (an early review, which costs study time);
    /// otherwise only a due or new question probing the misconception is brought forward.
    bool follow_up_beyond_due = false;
    /// Shorten the first interval of a right first answer by the chance that it was a guess (cold start).
    bool cold_start = true;
    /// Grade a right answer in a session Hard when slow and Easy when fast for this learner (response_time
    /// thresholds; the time runs from showing the question to the answer), instead of Good. Off: not shown to lower
    /// log loss (docs/scheduler-evaluation.md). Applies to later answers, and to the first one when cold_start is
    /// off; group rounds stay right = Good.
    bool grade_by_response_time = false;
    response_time_thresholds response_time;

    /// Urgency added per earlier wrong answer to the question (counted up to 3), on the scale of recall probability.
    double missed_bonus = 0.03;
    /// Urgency added to a question that probes a misconception the learner showed and has not yet overcome.
    double misconception_bonus = 0.05;
    /// A concept is weak when the learner's form on it is at or below this (logit); new questions of weak concepts
    /// come first.
    double weak_form = -0.3;

    /// Concept form (Elo): the step after n answers on a concept is form_step / (1 + n / form_step_decay).
    double form_step = 0.4;
    double form_step_decay = 20.0;
    /// How the learner's form (relative to the typical learner's) moves due dates.
    form_scheduling form_moves_due = form_scheduling::none;
    /// Form is kept within +-form_limit (logit): it may move a due date, not replace the memory model.
    double form_limit = 1.0;
    /// A concept is mastered when every one of its questions has been answered and the mean predicted recall a
    /// week from now is at least this.
    double mastery_recall = 0.9;
    std::chrono::days mastery_horizon{7};

    /// Cold start: the instructor's difficulty counts as this many first attempts in the population estimate.
    double prior_attempts = 4.0;
    /// How long (in the actions' own time) a pack's population priors are used before its first-attempt figures are
    /// read again. They move by one answer in thousands; reading them once a second rather than in every action
    /// keeps an action's cost off the size of the pack. Zero reads them in every action.
    std::chrono::milliseconds population_fresh_for{1000};
    /// Most question memories the tutor keeps in learners' models between their actions (model_cache), over all
    /// learners; 0 reads every model from storage in every action. About 300 bytes each: the default holds some
    /// 60 MB, a thousand learners who have met 200 questions each.
    std::size_t kept_model_rows = 200'000;
};

} // namespace quiz::engine
