// SPDX-License-Identifier: MIT
// Item analysis from first attempts. The expected figures are worked by hand from the definitions (Moodle's
// formulas, with the rest score being the learner's accuracy on the other questions they answered).
#include "engine/reports/item_analysis.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace reports_item_analysis_test {

using namespace quiz::engine;

namespace {

item_answer first(std::int64_t learner, std::uint32_t question, bool correct, std::uint32_t choice = 0)
{
    return {learner_id{learner}, question, choice, correct, true};
}

} // namespace

TEST_CASE("item analysis: facility, SD, discrimination and efficiency against values worked by hand")
{
    // Four learners, three questions, everyone answered everything once:
    //   L1: 1 1 1   L2: 1 0 1   L3: 0 0 1   L4: 0 1 0
    const std::vector<item_answer> answers{
        first(1, 0, true, 0),  first(1, 1, true, 0),  first(1, 2, true, 0),  first(2, 0, true, 0),
        first(2, 1, false, 2), first(2, 2, true, 0),  first(3, 0, false, 1), first(3, 1, false, 2),
        first(3, 2, true, 0),  first(4, 0, false, 1), first(4, 1, true, 0),  first(4, 2, false, 3),
    };
    const std::vector<std::uint32_t> choices{4, 4, 4};
    const auto stats = analyse_items(answers, choices, {2});
    REQUIRE(stats.size() == 3);

    // Question 0: scores 1 1 0 0, rest scores 1, 0.5, 0.5, 0.5.
    // SD = sqrt(4 · 0.5 · 0.5 / 3) = 0.57735; Cov = 0.25/3, Var(x) = 1/3, Var(rest) = 0.1875/3 = 0.0625:
    // DI = (0.25/3) / sqrt(1/3 · 0.0625) = 0.57735. Sorted and paired by rank the covariance is the same: DE = 1.
    const auto& q0 = stats[0];
    CHECK(q0.n == 4);
    CHECK(q0.facility == Approx(0.5));
    REQUIRE(q0.sd);
    CHECK(*q0.sd == Approx(0.577350).epsilon(1e-5));
    CHECK(q0.rest_pairs == 4);
    REQUIRE(q0.discrimination);
    CHECK(*q0.discrimination == Approx(0.577350).epsilon(1e-5));
    REQUIRE(q0.efficiency);
    CHECK(*q0.efficiency == Approx(1.0));
    CHECK(q0.choice_counts == std::vector<int>{2, 2, 0, 0});
    CHECK(q0.random_guess == Approx(0.25));

    // Question 2: scores 1 1 1 0, rest scores 1, 0.5, 0, 0.5: the covariance is 0, so DI = 0 and DE = 0 (its
    // largest covariance, sorted, is 0.5/3).
    const auto& q2 = stats[2];
    CHECK(q2.facility == Approx(0.75));
    REQUIRE(q2.discrimination);
    CHECK(*q2.discrimination == Approx(0.0).margin(1e-12));
    REQUIRE(q2.efficiency);
    CHECK(*q2.efficiency == Approx(0.0).margin(1e-12));
    CHECK(q2.flags.weak);
    CHECK_FALSE(q2.flags.broken);

    // Question 1: scores 1 0 0 1, rest scores 1, 1, 0.5, 0 (mean 0.625): Cov = (0.5·0.375 − 0.5·0.375
    // − 0.5·(−0.125) + 0.5·(−0.625)) / 3 = −0.25/3, Var(rest) = (0.140625·2 + 0.015625 + 0.390625) / 3 = 0.6875/3:
    // DI = (−0.25/3) / sqrt(1/3 · 0.6875/3) = −0.301511, a negative discrimination: flagged broken.
    const auto& q1 = stats[1];
    REQUIRE(q1.discrimination);
    CHECK(*q1.discrimination == Approx(-0.301511).epsilon(1e-5));
    CHECK(q1.flags.broken);
}

TEST_CASE("item analysis: only first attempts count, later ones show whether the class learns it")
{
    const std::vector<item_answer> answers{
        first(1, 0, false),
        {learner_id{1}, 0, 0, true, false}, // the same learner, later: right this time
        {learner_id{1}, 0, 0, true, false},
        first(1, 0, true), // a second "first" for the same question is ignored
        first(2, 0, false),
    };
    const std::vector<std::uint32_t> choices{4};
    const auto stats = analyse_items(answers, choices);
    CHECK(stats[0].n == 2);
    CHECK(stats[0].facility == Approx(0.0));
    CHECK(stats[0].later_n == 2);
    REQUIRE(stats[0].later_facility);
    CHECK(*stats[0].later_facility == Approx(1.0));
    CHECK(stats[0].flags.broken); // nobody right at first: at most 5 %
    CHECK(stats[0].flags.too_hard);
}

TEST_CASE("item analysis: too few answers or other questions leave the figures empty rather than guessed")
{
    // One first attempt: no SD. Learners with fewer than min_other other questions: no discrimination.
    const std::vector<item_answer> answers{first(1, 0, true), first(1, 1, true), first(2, 1, false)};
    const std::vector<std::uint32_t> choices{2, 2};
    const auto stats = analyse_items(answers, choices); // min_other 3 by default
    CHECK(stats[0].n == 1);
    CHECK_FALSE(stats[0].sd);
    CHECK(stats[1].rest_pairs == 0);
    CHECK_FALSE(stats[1].discrimination);
    CHECK_FALSE(stats[1].efficiency);
    CHECK(stats[1].flags.guessable); // two choices: a 50 % random guess score
    // An unanswered question has no figures and no flags.
    const auto empty = analyse_items({}, choices);
    CHECK(empty[0].n == 0);
    CHECK(empty[0].flags == item_flags{});

    // Everyone's rest score is 1/3, which binary floating point cannot hold exactly: nothing to correlate with,
    // so no discrimination, rather than a figure made of rounding errors.
    std::vector<item_answer> thirds;
    for (std::int64_t l = 1; l <= 3; ++l) {
        thirds.push_back(first(l, 0, l != 2));
        for (std::uint32_t q = 1; q <= 3; ++q) {
            thirds.push_back(first(l, q, q == static_cast<std::uint32_t>(l)));
        }
    }
    const std::vector<std::uint32_t> four{4, 4, 4, 4};
    const auto flat = analyse_items(thirds, four);
    CHECK(flat[0].rest_pairs == 3);
    CHECK_FALSE(flat[0].discrimination);
    CHECK_FALSE(flat[0].efficiency);
}

} // namespace reports_item_analysis_test
