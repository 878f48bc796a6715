// SPDX-License-Identifier: MIT
#include "engine/sim/review_log_family.hpp"

#include "engine/recall/recall_predictor.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sim_review_log_family_test {

namespace sim = quiz::engine::sim;
namespace recall = quiz::engine::recall;
namespace fsrs = quiz::engine::fsrs;
using namespace std::chrono_literals;

namespace {

sim::log_shape shape_named(std::string_view name)
{
    const auto shape = sim::find_review_log_shape(name);
    REQUIRE(shape);
    return *shape;
}

/// Each (shape, seed) is generated once for the whole test run: the logs are large under the sanitizers.
const std::vector<recall::logged_review>& log_of(std::string_view name, std::uint64_t seed)
{
    static std::map<std::pair<std::string, std::uint64_t>, std::vector<recall::logged_review>> logs;
    const std::pair key{std::string(name), seed};
    auto found = logs.find(key);
    if (found == logs.end()) {
        found = logs.emplace(key, sim::generate_review_log(shape_named(name), seed)).first;
    }
    return found->second;
}

bool same(const std::vector<recall::logged_review>& a, const std::vector<recall::logged_review>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.card == y.card && x.grade == y.grade && x.time == y.time && x.duration == y.duration;
    });
}

/// Each card's reviews, in log order.
std::map<std::int64_t, std::vector<const recall::logged_review*>> by_card(const std::vector<recall::logged_review>& log)
{
    std::map<std::int64_t, std::vector<const recall::logged_review*>> cards;
    for (const auto& review : log) {
        cards[review.card.value()].push_back(&review);
    }
    return cards;
}

/// The share of reviews that come less than an hour after a failed review of the same card.
double retry_share(const std::vector<recall::logged_review>& log)
{
    std::size_t retries = 0;
    for (const auto& [card, reviews] : by_card(log)) {
        for (std::size_t i = 1; i < reviews.size(); ++i) {
            retries += reviews[i - 1]->grade == fsrs::rating::again && reviews[i]->time - reviews[i - 1]->time < 1h;
        }
    }
    return static_cast<double>(retries) / static_cast<double>(log.size());
}

std::size_t most_reviews_of_a_card(const std::vector<recall::logged_review>& log)
{
    std::size_t most = 0;
    for (const auto& [card, reviews] : by_card(log)) {
        most = std::max(most, reviews.size());
    }
    return most;
}

/// How far FSRS-6 with its default parameters overpredicts recall on reviews a day or more after the card's last.
double default_overprediction(const std::vector<recall::logged_review>& log)
{
    recall::predictor_options options;
    options.fit_models = false;
    const auto run = recall::predict_recall(log, options);
    double predicted = 0.0;
    double passed = 0.0;
    double n = 0.0;
    for (const auto& review : run.reviews) {
        if (review.elapsed_days >= 1) {
            predicted += review.probability(recall::model::fsrs_default);
            passed += review.passed ? 1.0 : 0.0;
            n += 1.0;
        }
    }
    REQUIRE(n > 100.0);
    return (predicted - passed) / n;
}

} // namespace

TEST_CASE("the review log family lists each shape once, and each can be found by name")
{
    std::set<std::string_view> names;
    for (const auto& shape : sim::review_log_shapes()) {
        names.insert(shape.name);
        CHECK(sim::find_review_log_shape(shape.name));
        CHECK(!shape.summary.empty());
    }
    CHECK(names == std::set<std::string_view>{"typical", "few", "heavy", "far", "deep-card", "class"});
    CHECK(!sim::find_review_log_shape("Typical"));
    CHECK(!sim::find_review_log_shape(""));
}

TEST_CASE("every review log shape is reproducible from its seed, and another seed gives another log")
{
    for (const auto& shape : sim::review_log_shapes()) {
        INFO(shape.name);
        const auto& first = log_of(shape.name, 1);
        REQUIRE(!first.empty());
        CHECK(same(sim::generate_review_log(shape.shape, 1), first));
        CHECK(!same(log_of(shape.name, 2), first));
    }
}

TEST_CASE("generated logs are pass/fail, in sessions on study days, each card's reviews in time order")
{
    for (const auto& shape : sim::review_log_shapes()) {
        for (const std::uint64_t seed : {1U, 2U}) {
            INFO(shape.name << " seed " << seed);
            const auto& log = log_of(shape.name, seed);
            bool pass_fail = true;
            bool timed = true;
            bool evening = true;
            for (const auto& review : log) {
                pass_fail = pass_fail && (review.grade == fsrs::rating::again || review.grade == fsrs::rating::good);
                timed = timed && review.duration && *review.duration > 0ms && *review.duration < 5min;
                // Sessions start between 17:00 and 21:00 UTC and last well under three hours.
                const auto time_of_day = review.time - std::chrono::floor<std::chrono::days>(review.time);
                evening = evening && time_of_day >= 17h;
            }
            CHECK(pass_fail);
            CHECK(timed);
            CHECK(evening);
            bool in_order = true;
            for (const auto& [card, reviews] : by_card(log)) {
                for (std::size_t i = 1; i < reviews.size(); ++i) {
                    in_order = in_order && reviews[i - 1]->time < reviews[i]->time;
                }
            }
            CHECK(in_order);
            // Both grades occur: the learners miss some questions and get most right (on deep-card, a five-question
            // course practised for two months, a learner may miss none).
            const auto misses =
                std::count_if(log.begin(), log.end(), [](const auto& r) { return r.grade == fsrs::rating::again; });
            CHECK((misses > 0 || shape.name == "deep-card"));
            CHECK(misses < static_cast<std::ptrdiff_t>(log.size()) / 2);
        }
    }
}

TEST_CASE("each review log shape has the size it promises")
{
    for (const std::uint64_t seed : {1U, 2U, 3U}) {
        INFO("seed " << seed);
        const auto& typical = log_of("typical", seed);
        CHECK(typical.size() >= 800);
        CHECK(typical.size() <= 1500);
        const auto cards = by_card(typical).size();
        CHECK(cards >= 34);
        CHECK(cards <= 60);
        // Studied on some days and not others, over about 90 days.
        std::set<std::int64_t> days;
        for (const auto& review : typical) {
            days.insert(std::chrono::floor<std::chrono::days>(review.time).time_since_epoch().count());
        }
        CHECK(days.size() >= 40);
        CHECK(days.size() <= 85);
        CHECK(*days.rbegin() - *days.begin() >= 80);

        CHECK(log_of("few", seed).size() >= 10);
        CHECK(log_of("few", seed).size() <= 30);
        CHECK(log_of("heavy", seed).size() >= 4000);
        CHECK(log_of("heavy", seed).size() <= 10'000);
        CHECK(most_reviews_of_a_card(log_of("deep-card", seed)) >= 100);
    }
}

TEST_CASE("the typical and heavy logs retry a missed question minutes later, in the same session")
{
    for (const std::uint64_t seed : {1U, 2U, 3U}) {
        INFO("seed " << seed);
        CHECK(retry_share(log_of("typical", seed)) >= 0.05);
        CHECK(retry_share(log_of("heavy", seed)) >= 0.05);
    }
}

TEST_CASE("the class log is its learners one after another, each with cards of their own")
{
    const auto& log = log_of("class", 1);
    std::vector<std::int64_t> learners; // in order of appearance, one entry per block of rows
    for (const auto& review : log) {
        const auto learner = review.card.value() / sim::cards_per_learner;
        if (learners.empty() || learners.back() != learner) {
            learners.push_back(learner);
        }
    }
    CHECK(learners == std::vector<std::int64_t>{0, 1, 2, 3, 4, 5});
    // Within a learner's block the rows are in time order (the log of one person).
    bool in_order = true;
    for (std::size_t i = 1; i < log.size(); ++i) {
        const bool same_learner = log[i].card.value() / sim::cards_per_learner ==
                                  log[i - 1].card.value() / sim::cards_per_learner;
        in_order = in_order && (!same_learner || log[i - 1].time <= log[i].time);
    }
    CHECK(in_order);
    CHECK(log.size() >= 6 * 100);
}

TEST_CASE("the far learner's memory is far from what FSRS-6's defaults predict, the typical learner's is not")
{
    for (const std::uint64_t seed : {1U, 2U}) {
        INFO("seed " << seed);
        CHECK(default_overprediction(log_of("far", seed)) >= 0.1);
        CHECK(std::abs(default_overprediction(log_of("typical", seed))) < 0.06);
    }
}

TEST_CASE("a review log shape out of range is refused")
{
    auto shape = shape_named("few");
    shape.questions = static_cast<int>(sim::cards_per_learner);
    CHECK_THROWS_AS(sim::generate_review_log(shape, 1), std::invalid_argument);
    shape = shape_named("few");
    shape.shift.memory = 0.0;
    CHECK_THROWS_AS(sim::generate_review_log(shape, 1), std::invalid_argument);
    shape = shape_named("few");
    shape.days = 0;
    CHECK_THROWS_AS(sim::generate_review_log(shape, 1), std::invalid_argument);
}

} // namespace sim_review_log_family_test
