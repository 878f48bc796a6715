// SPDX-License-Identifier: MIT
#include "engine/learner/optimal_retention.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

namespace learner_optimal_retention_test {

using namespace quiz::engine;

namespace {

/// FSRS-6's forgetting curve written out from its definition: R(t, S) = (1 + f t / S)^-w20, f = 0.9^(-1/w20) - 1.
double fsrs_recall(double days, double stability)
{
    const double w20 = fsrs::default_parameters[20];
    const double f = std::pow(0.9, -1.0 / w20) - 1.0;
    return std::pow(1.0 + f * days / stability, -w20);
}

} // namespace

TEST_CASE("one day of horizon counts the first answer and the day's full recall")
{
    retention_question question;
    question.horizon_days = 1;
    question.first_right = 0.5;
    const auto value = evaluate_retention(question, 0.9);
    // 10 s to meet it, then half right (20 s), half wrong (32 s) and asked again later that day (20 s).
    CHECK(value.seconds == Approx(10.0 + 0.5 * 20.0 + 0.5 * (32.0 + 20.0)));
    CHECK(value.knowledge == Approx(1.0));
    CHECK(value.per_minute() == Approx(60.0 / 46.0));
}

TEST_CASE("three days of horizon: a right first answer comes back on day 2 and is weighted by the days left")
{
    retention_question question;
    question.horizon_days = 3;
    question.first_right = 1.0;
    const auto value = evaluate_retention(question, 0.9);
    // S0 = w2 = 2.3065 days; at 0.9 the interval is round(S0) = 2 days. Day j counts 3 - j times in the stream.
    const double s0 = fsrs::default_parameters[2];
    const double p = fsrs_recall(2.0, s0);
    CHECK(value.knowledge == Approx(3.0 * 1.0 + 2.0 * fsrs_recall(1.0, s0) + 1.0 * 1.0));
    CHECK(value.seconds == Approx(3.0 * (10.0 + 20.0) + 1.0 * (p * 20.0 + (1.0 - p) * (32.0 + 20.0))));
}

TEST_CASE("a higher retention costs more study time and buys more knowledge")
{
    const retention_question question;
    const auto low = evaluate_retention(question, 0.8);
    const auto high = evaluate_retention(question, 0.95);
    CHECK(high.seconds > low.seconds);
    CHECK(high.knowledge > low.knowledge);
}

TEST_CASE("with FSRS-6's default parameters knowledge per minute is highest at the lowest retention")
{
    // SSP-MMC-FSRS's simulations with the default parameters find the same: 28.3 memorised cards per hour at
    // desired retention 0.70, 26.5 at 0.80, 20.5 at 0.90 (scheduling.md §6).
    const retention_question question;
    CHECK(optimal_retention(question, 0.70, 0.95) == Approx(0.70));
    CHECK(optimal_retention(question, 0.80, 0.95) == Approx(0.80));
}

TEST_CASE("when forgetting is costly enough the best retention is above the floor, in hundredths")
{
    retention_question question;
    question.costs.right = 5.0;
    question.costs.wrong = 200.0;
    const double best = optimal_retention(question, 0.70, 0.95);
    CHECK(best > 0.70);
    CHECK(best <= 0.95);
    CHECK(std::abs(best * 100.0 - std::round(best * 100.0)) < 1e-9);
}

TEST_CASE("retention bounds are checked")
{
    const retention_question question;
    CHECK_THROWS_AS(optimal_retention(question, 0.9, 0.8), std::invalid_argument);
    CHECK_THROWS_AS(optimal_retention(question, 0.0, 0.8), std::invalid_argument);
    CHECK_THROWS_AS(optimal_retention(question, 0.8, 1.0), std::invalid_argument);
    retention_question none;
    none.horizon_days = 0;
    CHECK_THROWS_AS(evaluate_retention(none, 0.9), std::invalid_argument);
}

TEST_CASE("the tutor's target retention is chosen unless it is fixed")
{
    tutor_config fixed;
    fixed.choose_retention = retention_choice::fixed;
    fixed.target_retention = 0.87;
    CHECK(with_target_retention(fixed).target_retention == 0.87);

    const tutor_config chosen = with_target_retention(tutor_config{});
    // The default floor, where knowledge per minute is highest for the default parameters (above).
    CHECK(chosen.target_retention == Approx(0.80));

    tutor_config narrow;
    narrow.retention_floor = 0.9;
    narrow.retention_ceiling = 0.95;
    CHECK(with_target_retention(narrow).target_retention == Approx(0.90));
}

} // namespace learner_optimal_retention_test
