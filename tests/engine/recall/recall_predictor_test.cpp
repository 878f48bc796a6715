// SPDX-License-Identifier: MIT
#include "engine/recall/recall_predictor.hpp"

#include "tests/support/synthetic_reviews.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

namespace recall_recall_predictor_test {

namespace recall = quiz::engine::recall;
namespace fsrs = quiz::engine::fsrs;
using namespace std::chrono_literals;

namespace {

recall::timestamp at(std::chrono::sys_days day, std::chrono::minutes time_of_day)
{
    return recall::timestamp{day + time_of_day};
}

constexpr std::chrono::sys_days monday{std::chrono::year{2024} / 1 / 1};

recall::logged_review review(std::int64_t card, int grade, recall::timestamp time)
{
    return {recall::card_key{card}, static_cast<fsrs::rating>(grade), time, std::nullopt};
}

/// A simulated learner's log in time order: cards introduced a few per day, each reviewed at its own time of day,
/// some reviews on the same day as the previous one and some cards sharing a timestamp.
/// The simulated learner departs from the defaults: longer first memories, steeper forgetting.
std::vector<recall::logged_review> simulated_log(std::size_t cards, std::uint64_t seed)
{
    quiz::test::synthetic_plan plan;
    plan.cards = cards;
    plan.reviews_per_card = 8;
    plan.seed = seed;
    plan.truth[0] = 0.5;
    plan.truth[1] = 2.0;
    plan.truth[2] = 5.0;
    plan.truth[3] = 15.0;
    plan.truth[8] = 1.5;
    plan.truth[11] = 2.0;
    plan.truth[20] = 0.3;
    const auto histories = quiz::test::simulate_cards(plan);
    std::vector<recall::logged_review> log;
    for (std::size_t c = 0; c < histories.size(); ++c) {
        auto day = monday + std::chrono::days{static_cast<int>(c / 20)};
        const std::chrono::minutes time_of_day{static_cast<int>((c % 6) * 150)}; // 00:00 to 12:30: some before 04:00
        for (std::size_t r = 0; r < histories[c].size(); ++r) {
            day += std::chrono::days{static_cast<int>(histories[c][r].elapsed_days)};
            // Every fifth card is also seen again 3 hours after its first review, the same day.
            log.push_back(
                review(static_cast<std::int64_t>(c), static_cast<int>(histories[c][r].grade), at(day, time_of_day)));
            if (r == 0 && c % 5 == 0) {
                log.push_back(review(static_cast<std::int64_t>(c), 3, at(day, time_of_day + 180min)));
            }
        }
    }
    std::stable_sort(log.begin(), log.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    return log;
}

recall::predictor_options eager_options()
{
    recall::predictor_options options;
    options.fit.minimum_items = 100;
    options.tutor.layer_minimum = 30;
    options.tutor.layer_ridge = 10.0;
    return options;
}

} // namespace

TEST_CASE("the default model predicts R of the default parameters after whole days")
{
    const std::vector<recall::logged_review> log{review(1, 3, at(monday, 600min)),
                                                 review(1, 3, at(monday + std::chrono::days{3}, 540min))};
    recall::predictor_options options;
    options.fit_models = false;
    const auto run = recall::predict_recall(log, options);
    REQUIRE(run.reviews.size() == 1);
    CHECK(run.reviews[0].row == 1);
    CHECK(run.reviews[0].elapsed_days == 3);
    // S0(Good) = 2.3065, factor = 0.9^(-1/0.1542) - 1 = 0.9803465: (1 + 0.9803465 · 3 / 2.3065)^-0.1542 = 0.8809480
    CHECK(run.reviews[0].probability(recall::model::fsrs_default) == Approx(0.8809480).epsilon(1e-6));
    CHECK(run.reviews[0].passed);
}

TEST_CASE("a same-day review is predicted at the exact fraction of a day")
{
    const std::vector<recall::logged_review> log{review(1, 3, at(monday, 300min)), review(1, 1, at(monday, 660min))};
    recall::predictor_options options;
    options.fit_models = false;
    const auto run = recall::predict_recall(log, options);
    REQUIRE(run.reviews.size() == 1);
    CHECK(run.reviews[0].elapsed_days == 0);
    CHECK_FALSE(run.reviews[0].passed);
    // 6 hours = 0.25 day: (1 + 0.9803465 · 0.25 / 2.3065)^-0.1542 = 0.9845489
    CHECK(run.reviews[0].probability(recall::model::fsrs_default) == Approx(0.9845489).epsilon(1e-6));
}

TEST_CASE("elapsed days count day boundaries at the configured hour")
{
    const std::vector<recall::logged_review> log{
        review(1, 3, at(monday, 23h)),                       // Monday's day
        review(1, 3, at(monday + std::chrono::days{1}, 5h)), // Tuesday 05:00: 1 day later
        review(2, 3, at(monday, 3h)),                        // Sunday's day (before 04:00)
        review(2, 3, at(monday, 5h)),                        // Monday 05:00: 1 day later
        review(3, 3, at(monday, 5h)),                        // Monday
        review(3, 3, at(monday, 23h)),                       // Monday 23:00: same day
    };
    recall::predictor_options options;
    options.fit_models = false;
    auto run = recall::predict_recall(log, options);
    REQUIRE(run.reviews.size() == 3);
    CHECK(run.reviews[0].elapsed_days == 1);
    CHECK(run.reviews[1].elapsed_days == 1);
    CHECK(run.reviews[2].elapsed_days == 0);

    options.clock.day_start = 0h; // midnight UTC
    run = recall::predict_recall(log, options);
    CHECK(run.reviews[0].elapsed_days == 1);
    CHECK(run.reviews[1].elapsed_days == 0);
    CHECK(run.reviews[2].elapsed_days == 0);
}

TEST_CASE("predictions come out in input order with the srs-benchmark bins")
{
    const std::vector<recall::logged_review> log{
        review(7, 3, at(monday, 10h)),
        review(7, 1, at(monday + std::chrono::days{2}, 10h)),
        review(7, 3, at(monday + std::chrono::days{3}, 10h)),
        review(8, 4, at(monday, 11h)),
    };
    recall::predictor_options options;
    options.fit_models = false;
    const auto run = recall::predict_recall(log, options);
    REQUIRE(run.reviews.size() == 2);
    CHECK(run.reviews[0].row == 1);
    CHECK(run.reviews[1].row == 2);
    // Second review: 2 days, 1 long-term review, no lapse before it.
    CHECK(run.reviews[0].bin == recall::bin_of(2, 1, 0));
    // Third review: 1 day, 2 long-term reviews, 1 lapse before it.
    CHECK(run.reviews[1].bin == recall::bin_of(1, 2, 1));
}

TEST_CASE("a card whose reviews go back in time is refused, naming the row")
{
    const std::vector<recall::logged_review> log{review(1, 3, at(monday, 10h)), review(2, 3, at(monday, 9h)),
                                                 review(1, 3, at(monday, 9h))};
    CHECK_THROWS_WITH(recall::predict_recall(log), Catch::Contains("row 2"));
}

TEST_CASE("every model is causal: cutting the log at any time leaves every earlier prediction unchanged")
{
    const auto log = simulated_log(400, 11);
    const auto options = eager_options();
    const auto full = recall::predict_recall(log, options);
    REQUIRE(full.fits >= 3);
    std::map<std::size_t, recall::predicted_review> by_row;
    for (const auto& r : full.reviews) {
        by_row[r.row] = r;
    }
    // Not vacuous: the three models disagree.
    std::size_t fitted_differs = 0;
    std::size_t tutor_differs = 0;
    for (const auto& r : full.reviews) {
        fitted_differs += r.p[0] != r.p[1] ? 1U : 0U;
        tutor_differs += r.p[1] != r.p[2] ? 1U : 0U;
    }
    CHECK(fitted_differs > full.reviews.size() / 2);
    CHECK(tutor_differs > full.reviews.size() / 2);

    for (const double fraction : {0.1, 0.35, 0.6, 0.85}) {
        // Cut at the timestamp of a review, so that reviews sharing it are all cut away.
        const auto cut_time = log[static_cast<std::size_t>(fraction * static_cast<double>(log.size()))].time;
        const auto end = std::find_if(log.begin(), log.end(), [&](const auto& r) { return r.time >= cut_time; });
        const std::vector<recall::logged_review> prefix(log.begin(), end);
        const auto cut = recall::predict_recall(prefix, options);
        INFO("cut before " << prefix.size() << " of " << log.size() << " reviews");
        REQUIRE_FALSE(cut.reviews.empty());
        for (const auto& r : cut.reviews) {
            const auto& whole = by_row.at(r.row);
            REQUIRE(r.p[0] == whole.p[0]);
            REQUIRE(r.p[1] == whole.p[1]);
            REQUIRE(r.p[2] == whole.p[2]);
        }
    }
}

TEST_CASE("the order of rows across cards does not change any prediction")
{
    const auto log = simulated_log(200, 3);
    const auto options = eager_options();
    const auto sorted_run = recall::predict_recall(log, options);
    // The same reviews grouped by card, as a review-log export writes them.
    std::vector<std::size_t> order(log.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return log[a].card < log[b].card; });
    std::vector<recall::logged_review> grouped;
    for (const auto i : order) {
        grouped.push_back(log[i]);
    }
    const auto grouped_run = recall::predict_recall(grouped, options);
    REQUIRE(grouped_run.reviews.size() == sorted_run.reviews.size());
    std::map<std::size_t, const recall::predicted_review*> by_original_row;
    for (const auto& r : sorted_run.reviews) {
        by_original_row[r.row] = &r;
    }
    for (const auto& r : grouped_run.reviews) {
        const auto& original = *by_original_row.at(order[r.row]);
        REQUIRE(r.p == original.p);
    }
}

TEST_CASE("on a simulated learner, fitting beats the defaults it departs from")
{
    const auto log = simulated_log(1500, 21);
    const auto run = recall::predict_recall(log);
    REQUIRE(run.fits > 0);
    const auto defaults = recall::evaluate(run, recall::model::fsrs_default);
    const auto fitted = recall::evaluate(run, recall::model::fsrs_fitted);
    CHECK(fitted.log_loss < defaults.log_loss);
    CHECK(fitted.n == defaults.n);
}

} // namespace recall_recall_predictor_test
