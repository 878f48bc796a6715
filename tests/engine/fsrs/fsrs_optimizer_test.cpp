// SPDX-License-Identifier: MIT
#include "engine/fsrs/fsrs_optimizer.hpp"

#include "tests/support/synthetic_reviews.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace fsrs_fsrs_optimizer_test {

namespace fsrs = quiz::engine::fsrs;

namespace {

/// A learner unlike the defaults: longer first memories, a steeper forgetting curve, more stable after lapses.
fsrs::parameters chosen_truth()
{
    auto w = fsrs::default_parameters;
    w[0] = 0.5;
    w[1] = 2.0;
    w[2] = 5.0;
    w[3] = 15.0;
    w[4] = 5.5;
    w[8] = 1.5;
    w[11] = 2.0;
    w[20] = 0.3;
    return w;
}

/// Mean |R(w) - R(truth)| over every labelled review of the cards.
double mean_recall_gap(const fsrs::parameters& w, const fsrs::parameters& truth,
                       const std::vector<fsrs::training_card>& cards)
{
    double sum = 0.0;
    std::size_t n = 0;
    for (const auto& card : cards) {
        auto mine = fsrs::initial_state(w, card.front().grade);
        auto real = fsrs::initial_state(truth, card.front().grade);
        for (std::size_t i = 1; i < card.size(); ++i) {
            const double t = card[i].elapsed_days;
            sum +=
                std::abs(fsrs::retrievability(w, t, mine.stability) - fsrs::retrievability(truth, t, real.stability));
            ++n;
            mine = fsrs::next_state(w, mine, t, card[i].grade, true);
            real = fsrs::next_state(truth, real, t, card[i].grade, true);
        }
    }
    return sum / static_cast<double>(n);
}

} // namespace

TEST_CASE("too few labelled reviews keep the default parameters")
{
    quiz::test::synthetic_plan plan;
    plan.cards = 10;
    plan.reviews_per_card = 5; // 40 labelled reviews
    const auto cards = quiz::test::simulate_cards(plan);
    CHECK(fsrs::count_items(cards) == 40);
    fsrs::fit_options options;
    options.minimum_items = 41;
    const auto result = fsrs::fit_parameters(cards, options);
    CHECK_FALSE(result.fitted);
    CHECK(result.items == 40);
    CHECK(result.w == fsrs::default_parameters);
    options.minimum_items = 40;
    CHECK(fsrs::fit_parameters(cards, options).fitted);
}

TEST_CASE("same-day reviews are not labelled items")
{
    const std::vector<fsrs::training_card> cards{
        {{0.0, fsrs::rating::good}, {0.0, fsrs::rating::good}, {2.0, fsrs::rating::again}, {0.0, fsrs::rating::good}},
        {{0.0, fsrs::rating::easy}}};
    CHECK(fsrs::count_items(cards) == 1);
}

TEST_CASE("the fitter recovers a learner simulated from chosen parameters")
{
    quiz::test::synthetic_plan plan;
    plan.truth = chosen_truth();
    plan.cards = 2000;
    plan.reviews_per_card = 10;
    plan.seed = 2024;
    const auto cards = quiz::test::simulate_cards(plan);
    const auto result = fsrs::fit_parameters(cards);
    REQUIRE(result.fitted);
    REQUIRE(result.items == 18000);

    // It explains the data at least as well as the parameters that generated it...
    CHECK(fsrs::mean_log_loss(result.w, cards, true) <= fsrs::mean_log_loss(plan.truth, cards, true) + 1e-3);
    CHECK(fsrs::mean_log_loss(result.w, cards, true) < fsrs::mean_log_loss(fsrs::default_parameters, cards, true));
    // ...its predictions are close to the truth's, far closer than the defaults'...
    const double fitted_gap = mean_recall_gap(result.w, plan.truth, cards);
    const double default_gap = mean_recall_gap(fsrs::default_parameters, plan.truth, cards);
    CHECK(fitted_gap < 0.01);
    CHECK(fitted_gap < 0.4 * default_gap);
    // ...the initial stabilities come back (within 15% for the common first grades Good and Easy, 30% for the rarer
    // Again and Hard), and the decay moves most of the way to the truth.
    CHECK(result.w[0] == Approx(plan.truth[0]).epsilon(0.3));
    CHECK(result.w[1] == Approx(plan.truth[1]).epsilon(0.3));
    CHECK(result.w[2] == Approx(plan.truth[2]).epsilon(0.15));
    CHECK(result.w[3] == Approx(plan.truth[3]).epsilon(0.15));
    CHECK(std::abs(result.w[20] - plan.truth[20]) < 0.5 * std::abs(fsrs::default_parameters[20] - plan.truth[20]));
}

TEST_CASE("a fit is deterministic for a seed and stays within the parameter bounds")
{
    quiz::test::synthetic_plan plan;
    plan.truth = chosen_truth();
    plan.cards = 300;
    plan.seed = 5;
    const auto cards = quiz::test::simulate_cards(plan);
    const auto first = fsrs::fit_parameters(cards);
    const auto again = fsrs::fit_parameters(cards);
    CHECK(first.w == again.w);
    CHECK(first.w == fsrs::clamp_parameters(first.w, true));
    fsrs::fit_options other_seed;
    other_seed.seed = 99;
    CHECK(fsrs::fit_parameters(cards, other_seed).w != first.w);
}

TEST_CASE("S0 is estimated per first grade from the second review's outcomes")
{
    // 200 cards first answered Good, then reviewed after t = 1..10 days; the number recalled at each t is
    // round(200 · R(t, 5)) under the default decay, i.e. exactly what S0 = 5 predicts.
    const auto truth = 5.0;
    std::vector<fsrs::training_card> cards;
    const double decay = -fsrs::default_parameters[20];
    const double factor = std::pow(0.9, 1.0 / decay) - 1.0;
    for (int t = 1; t <= 10; ++t) {
        const double recall = std::pow(1.0 + factor * t / truth, decay);
        const auto passes = static_cast<int>(std::lround(200.0 * recall));
        for (int k = 0; k < 200; ++k) {
            cards.push_back({{0.0, fsrs::rating::good},
                             {static_cast<double>(t), k < passes ? fsrs::rating::good : fsrs::rating::again}});
        }
    }
    const auto w = fsrs::initial_stability_estimate(cards, fsrs::default_parameters);
    CHECK(w[2] == Approx(truth).epsilon(0.1));
    // Grades without data keep the defaults' proportions: scaled by w2 / default w2.
    const double scale = w[2] / fsrs::default_parameters[2];
    CHECK(w[0] == Approx(fsrs::default_parameters[0] * scale));
    CHECK(w[3] == Approx(fsrs::default_parameters[3] * scale));
    for (std::size_t i = 4; i < fsrs::parameter_count; ++i) {
        CHECK(w[i] == fsrs::default_parameters[i]);
    }
}

} // namespace fsrs_fsrs_optimizer_test
