// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs_model.hpp"

#include <chrono>

namespace quiz::engine {

enum class form_scheduling : unsigned char {
    none,       ///< due dates follow the memory model alone; form only orders and measures
    delay_only, ///< a concept the learner does better on than the typical learner waits longer; never sooner
    both,       ///< also sooner for a weaker concept (costs study time; see docs/tutor.md)
};

/// The tutor's knobs. The defaults are the ones docs/tutor.md describes and `quizbot srs simulate` measures.
struct tutor_config {
    fsrs::parameters w = fsrs::default_parameters;

    /// A question is due once its FSRS recall falls to this (later for a concept the learner does better on than
    /// the typical learner: form_moves_due).
    double target_retention = 0.9;
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
    form_scheduling form_moves_due = form_scheduling::delay_only;
    /// Form is kept within +-form_limit (logit): it may move a due date, not replace the memory model.
    double form_limit = 1.0;
    /// A concept is mastered when every one of its questions has been answered and the mean predicted recall a
    /// week from now is at least this.
    double mastery_recall = 0.9;
    std::chrono::days mastery_horizon{7};

    /// Cold start: the instructor's difficulty counts as this many first attempts in the population estimate.
    double prior_attempts = 4.0;
};

} // namespace quiz::engine
