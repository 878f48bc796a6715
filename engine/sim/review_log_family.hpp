// SPDX-License-Identifier: MIT
#pragma once

#include "engine/recall/review_log.hpp"
#include "engine/sim/sim_world.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace quiz::engine::sim {

// Review logs shaped like the tutor's own: simulated learners (sim_world.hpp, memory by FSRS-6 with per-learner
// variation) answer through the tutor's sessions as `quizbot srs simulate` runs them (simulation.hpp), and every
// answer is logged as the tutor logs it. So a missed question comes back a few questions later in the same session,
// minutes after the miss (retry_gap), grades are pass/fail (wrong: Again, right: Good, a lucky guess included), and
// a learner studies on some days and not others. For tests and docs/scheduler-evaluation.md ("A family of
// production-shaped logs"); `quizbot srs generate` writes them as CSV.

/// What a generated log looks like: the simulation's knobs for one run of the tutor.
struct log_shape {
    int learners = 1;   ///< learners in the log, one after another, each with their own cards
    int days = 90;      ///< days of the course; the first is 2025-09-01 (UTC), sessions start 17:00-21:00
    int questions = 48; ///< questions in the course (below cards_per_learner)
    int concepts = 8;
    int new_per_day = 10;  ///< new questions the tutor may start a day
    bool practice = false; ///< the learner keeps practising until their study time is used (tutor+practice)
    trait_shift shift;     ///< the learners' traits moved away from the population's
};

/// Card ids: learner l's question q (pack order) is card l * cards_per_learner + q + 1, so a class's learners
/// never share a card and the learner can be read off the id.
inline constexpr std::int64_t cards_per_learner = 1000;

/// A shape with its name, for `srs generate --shape NAME` and the tests.
struct named_shape {
    std::string_view name;
    std::string_view summary; ///< one line: what the shape is for
    log_shape shape;
};

/// The family, in this order (sizes measured over seeds 1-20; "retries": reviews less than an hour after a miss of
/// the same card):
///  - `typical`: one learner on a 48-question course for 90 days, studying 7 minutes on 70% of days and practising
///    when nothing is due or new: 835-1,517 reviews (median 1,094). Retries 1-9% (median 4%): a learner who
///    practises a lot misses little; long streaks of right answers.
///  - `few`: one learner's first three days, 4 new questions a day: 14-30 reviews (median 21), below any fitting
///    threshold.
///  - `heavy`: one diligent learner, a 700-question course for 200 days, 14 minutes on 90% of days, 15 new questions
///    a day: 4,361-8,430 reviews (median 6,119), retries 5-19%.
///  - `far`: `typical` with a memory a third as strong as FSRS-6's defaults assume (every stability gain times 0.3,
///    the population's median is 1): 774-1,340 reviews, retries 8-23%; the defaults overpredict recall on later-day
///    reviews by 0.04-0.22 (0.16-0.19 for seeds 1-3), so fitted parameters must move far from them.
///  - `deep-card`: a 5-question course practised 6 minutes on 80% of days for 60 days: 569-1,110 reviews, the
///    busiest card 161-339 of them, almost no misses.
///  - `class`: six learners drawn from the population, on one 40-question course for 60 days, concatenated learner
///    by learner with their own card ids, like a class export: 974-1,317 reviews, retries 12-16%.
/// Each takes well under a second in Release (`heavy`, the largest, 0.3-0.6 s).
[[nodiscard]] std::span<const named_shape> review_log_shapes() noexcept;

/// The shape of that name, if any.
[[nodiscard]] std::optional<log_shape> find_review_log_shape(std::string_view name) noexcept;

/// The log of one run: every answer as a review (card as above, Again or Good, the time it was given, the time it
/// took), learner by learner and in time order within a learner. The same shape and seed give the same log; the
/// seed draws the course, the learners and their luck. Throws std::invalid_argument for a shape out of range.
[[nodiscard]] std::vector<recall::logged_review> generate_review_log(const log_shape& shape, std::uint64_t seed);

} // namespace quiz::engine::sim
