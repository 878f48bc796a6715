// SPDX-License-Identifier: MIT
#include "engine/sim/sim_world.hpp"
#include "engine/sim/simulation.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

namespace sim_simulation_test {

using namespace quiz::engine;

namespace {

sim::options small(std::uint64_t seed = 3)
{
    sim::options options;
    options.seed = seed;
    options.learners = 6;
    options.days = 24;
    options.questions = 36;
    options.concepts = 6;
    options.new_per_day = 6;
    return options;
}

bool same(const sim::policy_result& a, const sim::policy_result& b)
{
    return a.which == b.which && a.knowledge == b.knowledge && a.minutes_per_day == b.minutes_per_day &&
           a.exam == b.exam && a.answers_per_day == b.answers_per_day && a.accuracy == b.accuracy &&
           a.introduced == b.introduced && a.recall_at_review == b.recall_at_review;
}

} // namespace

TEST_CASE("a simulation is reproducible from its seed, and another seed gives other numbers")
{
    const auto first = sim::simulate(small(3));
    const auto again = sim::simulate(small(3));
    const auto other = sim::simulate(small(4));
    REQUIRE(first.policies.size() == sim::all_policies.size());
    bool all_same = true;
    bool any_different = false;
    for (std::size_t i = 0; i < first.policies.size(); ++i) {
        all_same = all_same && same(first.policies[i], again.policies[i]);
        any_different = any_different || !same(first.policies[i], other.policies[i]);
    }
    CHECK(all_same);
    CHECK(any_different);
}

TEST_CASE("simulated study behaves like study")
{
    auto options = small();
    options.policies = {sim::policy::random_order, sim::policy::fsrs, sim::policy::tutor, sim::policy::tutor_practice};
    const auto result = sim::simulate(options);
    const auto& random = result.policies[0];
    const auto& fsrs = result.policies[1];
    const auto& tutor = result.policies[2];
    const auto& practice = result.policies[3];
    for (const auto& row : result.policies) {
        INFO(sim::name(row.which));
        CHECK(row.minutes_per_day > 0.0);
        CHECK(row.knowledge > 0.0);
        CHECK(row.knowledge <= options.questions);
        CHECK(row.exam > 0.0);
        CHECK(row.exam <= 1.0);
        CHECK(row.accuracy > 0.3);
        CHECK(row.knowledge_per_minute == Approx(row.knowledge / row.minutes_per_day));
    }
    // Random order uses the learner's whole study time; the schedulers stop when nothing is due or new.
    CHECK(random.minutes_per_day > fsrs.minutes_per_day);
    // With practice the learner keeps studying after the tutor runs out of due and new questions.
    CHECK(practice.minutes_per_day > tutor.minutes_per_day);
    CHECK(practice.minutes_per_day == Approx(random.minutes_per_day).epsilon(0.05));
    // Six new questions a day on 36 questions: everything is met within the semester.
    CHECK(fsrs.introduced > 0.9);
    CHECK(tutor.introduced > 0.9);
}

TEST_CASE("a higher desired retention costs FSRS-6 more study time and buys recall at review")
{
    auto options = small();
    options.policies = {sim::policy::fsrs};
    options.retention = 0.8;
    const auto low = sim::simulate(options).policies.front();
    options.retention = 0.95;
    const auto high = sim::simulate(options).policies.front();
    CHECK(high.minutes_per_day > low.minutes_per_day);
    CHECK(high.recall_at_review > low.recall_at_review);
}

TEST_CASE("the tutor chooses its target retention unless it is fixed, and a lower one costs less study time")
{
    auto options = small();
    options.policies = {sim::policy::tutor};
    const auto chosen = sim::simulate(options);
    // The default floor: with FSRS-6's default parameters knowledge per minute is highest there.
    CHECK(chosen.tutor_retention == Approx(0.80));
    options.tutor_retention = 0.95;
    const auto fixed = sim::simulate(options);
    CHECK(fixed.tutor_retention == 0.95);
    CHECK(fixed.policies.front().minutes_per_day > chosen.policies.front().minutes_per_day);
    CHECK(fixed.policies.front().recall_at_review > chosen.policies.front().recall_at_review);
}

TEST_CASE("the simulated learner recalls with FSRS-6 and guesses the rest")
{
    const auto course = sim::make_course(5, 20, 4);
    REQUIRE(course.index.question_count() == 20);
    REQUIRE(course.index.concept_count() == 4);
    sim::world truth(course, 5, 1);
    const auto t0 = std::chrono::sys_days{std::chrono::year{2025} / 1 / 1} + std::chrono::hours{12};
    const double prior = truth.recall(0, 0, t0);
    CHECK(prior > 0.0);
    CHECK(prior < 1.0);
    (void)truth.answer(0, 0, t0);
    CHECK(truth.seen(0, 0));
    CHECK(truth.introduced(0) == 1);
    // Memory decays with time.
    const double soon = truth.recall(0, 0, t0 + std::chrono::hours{1});
    const double later = truth.recall(0, 0, t0 + std::chrono::days{10});
    CHECK(soon > later);
    CHECK(truth.knowledge(0, t0 + std::chrono::hours{1}) > 0.0);
}

TEST_CASE("simulation options out of range are refused")
{
    auto options = small();
    options.learners = 0;
    CHECK_THROWS_AS(sim::simulate(options), std::invalid_argument);
    options = small();
    options.retention = 0.5;
    CHECK_THROWS_AS(sim::simulate(options), std::invalid_argument);
    options = small();
    options.tutor_retention = 0.99;
    CHECK_THROWS_AS(sim::simulate(options), std::invalid_argument);
    options = small();
    options.concepts = 100;
    CHECK_THROWS_AS(sim::simulate(options), std::invalid_argument);
}

} // namespace sim_simulation_test
