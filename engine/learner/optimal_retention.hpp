// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"
#include "engine/learner/tutor_config.hpp"

namespace quiz::engine {

// The target retention that gives the most knowledge per minute of study (docs/tutor.md, "Target retention"),
// as FSRS's "compute optimal retention" and SSP-MMC do: for each candidate retention, the expected recall and
// study time of a stream of questions (one introduced each day of the horizon) scheduled at that retention, with
// FSRS-6 as the memory model. Deterministic: expectations over both outcomes of every review, no sampling.

/// What the search assumes about the learner and the tutor.
struct retention_question {
    fsrs::parameters w = fsrs::default_parameters;
    study_costs costs;
    /// Probability that a first answer is right (FSRS's Good first state; otherwise Again).
    double first_right = 0.5;
    /// A miss is asked again later in the same session (a same-day Good review, costing a right answer).
    bool retry = true;
    int horizon_days = 180;
    int maximum_interval = 36500;
    friend bool operator==(const retention_question&, const retention_question&) = default;
};

/// Expected figures of one candidate retention, per question of the stream.
struct retention_value {
    double retention = 0.0;
    double knowledge = 0.0; ///< Σ over days of recall, weighted as the stream counts them
    double seconds = 0.0;   ///< study seconds, weighted the same way
    [[nodiscard]] double per_minute() const noexcept { return seconds > 0.0 ? 60.0 * knowledge / seconds : 0.0; }
};

/// The expected knowledge and study time when questions are due at `retention` (interval max(1, round(S × f)),
/// f bringing FSRS recall down to the retention). A question introduced on day d counts on days d … horizon − 1,
/// so day j of a question's life is weighted by horizon − j: the sum over a stream of one new question a day.
/// On each day the question counts its recall at whole days since its last review (1 on the day of a review).
[[nodiscard]] retention_value evaluate_retention(const retention_question& question, double retention);

/// The retention in [floor, ceiling], in hundredths, with the most knowledge per minute: every 0.05 from the
/// ceiling down and the floor, then every 0.01 within 0.04 of the best of those; a tie goes to the higher retention.
[[nodiscard]] double optimal_retention(const retention_question& question, double floor, double ceiling);

/// The configuration with its target retention resolved: unchanged when config.retention_choice is fixed,
/// otherwise target_retention set to optimal_retention for the configured costs, horizon and bounds.
[[nodiscard]] tutor_config with_target_retention(tutor_config config);

} // namespace quiz::engine
