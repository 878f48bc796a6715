// SPDX-License-Identifier: MIT
#pragma once

#include "engine/learner/tutor_config.hpp"
#include "engine/sim/sim_world.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace quiz::engine::sim {

// Simulated learners studying a simulated course for a semester, to compare schedulers
// (docs/tutor.md, "Simulation"; scheduling.md §6). Pure and seeded: the same options give the same numbers.

enum class policy : std::uint8_t {
    random_order,   ///< a quiz bot without scheduling: random questions for the learner's whole study time
    leitner,        ///< five boxes, intervals 1, 2, 4, 8, 16 days; then new questions
    fsrs,           ///< FSRS-6 (ts-fsrs scheduler) at a fixed desired retention, no steps; then new questions
    fsrs_steps,     ///< the same with ts-fsrs's default steps (1 and 10 min to learn, 10 min to relearn)
    tutor,          ///< this engine's tutor; the learner stops when it has nothing due or new
    tutor_practice, ///< the same, and the learner keeps practising until their study time is used
};
inline constexpr std::array all_policies{policy::random_order, policy::leitner, policy::fsrs,
                                         policy::fsrs_steps,   policy::tutor,   policy::tutor_practice};

/// "random", "leitner", "fsrs", "fsrs+steps", "tutor", "tutor+practice".
[[nodiscard]] std::string_view name(policy p) noexcept;
[[nodiscard]] std::optional<policy> parse_policy(std::string_view text) noexcept;

struct options {
    std::uint64_t seed = 1;
    int learners = 200;
    int days = 105; ///< a 15-week semester; the final exam is the morning after the last day
    int questions = 240;
    int concepts = 24;
    int new_per_day = 10;   ///< every policy but random introduces at most this many questions a day
    double retention = 0.9; ///< FSRS's desired retention (fsrs and fsrs+steps)
    /// The tutor's target retention when fixed; otherwise the tutor chooses it as it does for real learners
    /// (tutor.choose_retention, with_target_retention).
    std::optional<double> tutor_retention;
    std::vector<policy> policies{all_policies.begin(), all_policies.end()};
    /// The tutor's settings; its new questions per day are taken from the field above.
    tutor_config tutor;
    /// Every learner's traits moved from the population's (review logs of unusual learners); none by default.
    trait_shift learners_shift;
};

/// Figures for one policy, averaged over learners.
struct policy_result {
    policy which = policy::fsrs;
    double knowledge = 0.0;            ///< Σ over questions of P(recall), averaged over the days of the semester
    double minutes_per_day = 0.0;      ///< study time, averaged over all days (studied or not)
    double knowledge_per_minute = 0.0; ///< knowledge ÷ minutes_per_day
    double exam = 0.0;                 ///< Σ P(recall) at the final exam, as a share of the course's questions
    double answers_per_day = 0.0;
    double accuracy = 0.0;         ///< right answers ÷ answers
    double introduced = 0.0;       ///< questions seen at least once by the exam, as a share of the course
    double recall_at_review = 0.0; ///< mean true recall probability when a seen question was asked again
    double mean_form = 0.0;        ///< tutor only: mean concept form over learners and concepts at the end
};

struct result {
    options used;
    double tutor_retention = 0.0; ///< the target retention the tutor used
    std::vector<policy_result> policies;
};

/// Runs every requested policy on the same course and the same learners (common random numbers: a learner's
/// study days, time budgets and the luck of each answer are the same whatever the policy).
/// Throws std::invalid_argument for options out of range.
[[nodiscard]] result simulate(const options& opts);

/// One answer given in a simulated run, as a review log records it.
struct answer_event {
    int learner = 0;
    std::uint32_t question = 0; ///< pack order
    instant time;               ///< when the answer was given
    bool correct = false;       ///< what the scheduler saw: a right guess counts as right
    double seconds = 0.0;       ///< time spent on the question, feedback included
};

/// Runs one policy exactly as simulate() does (opts.policies is ignored) and returns every answer, in the order
/// given: day by day, and within a day learner by learner. Throws std::invalid_argument as simulate() does.
[[nodiscard]] std::vector<answer_event> simulate_answers(const options& opts, policy which);

} // namespace quiz::engine::sim
