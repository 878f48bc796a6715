// SPDX-License-Identifier: MIT
// The tutor's memory model on logs shaped like its own learners' (engine/sim/review_log_family.hpp) and on fuzzed ones:
// no runaway (every prediction in range, never worse than FSRS-6's defaults by more than 0.5% on the reviews a day
// or more apart), and better than the defaults on average over the family's reviews. Same-day retries: predicted
// from the learner's own record, near-certain only once their recent retries show it.
#include "engine/recall/recall_predictor.hpp"
#include "engine/sim/review_log_family.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

namespace recall_memory_model_robustness_test {

using namespace quiz::engine;
using namespace quiz::engine::recall;

namespace {

void check_run(const prediction_run& run)
{
    for (const auto& review : run.reviews) {
        for (const auto m : all_models) {
            const double p = review.probability(m);
            REQUIRE(std::isfinite(p));
            REQUIRE(p >= 0.0);
            REQUIRE(p <= 1.0);
        }
        REQUIRE(review.probability(model::tutor) >= lowest_probability);
        REQUIRE(review.probability(model::tutor) <= highest_probability);
    }
}

/// A log no learner would make: random cards, grades and gaps from seconds to months, shared timestamps.
std::vector<logged_review> fuzzed_log(std::uint64_t seed, std::size_t size)
{
    std::uint64_t state = seed * 0x9e3779b97f4a7c15ULL + 1U;
    const auto next = [&state] {
        state ^= state << 13U;
        state ^= state >> 7U;
        state ^= state << 17U;
        return state;
    };
    std::vector<logged_review> log;
    timestamp now{std::chrono::hours{24 * 20000}};
    for (std::size_t i = 0; i < size; ++i) {
        switch (next() % 4U) {
        case 0:
            break; // the same instant as the previous review
        case 1:
            now += std::chrono::seconds{static_cast<std::int64_t>(next() % 600U)};
            break;
        case 2:
            now += std::chrono::hours{static_cast<std::int64_t>(next() % 48U)};
            break;
        default:
            now += std::chrono::hours{24 * static_cast<std::int64_t>(next() % 90U)};
            break;
        }
        const auto card = card_key{static_cast<std::int64_t>(next() % 60U)};
        const auto grade = static_cast<fsrs::rating>(1U + next() % 4U);
        log.push_back({card, grade, now, std::nullopt});
    }
    return log;
}

/// Log loss summed over reviews (so that the family's average weighs every review alike).
struct pooled_scores {
    double tutor = 0.0;
    double fsrs_default = 0.0;
    std::size_t reviews = 0;

    void add(const metrics& tutor_scores, const metrics& default_scores)
    {
        if (tutor_scores.n == 0) {
            return;
        }
        tutor += tutor_scores.log_loss * static_cast<double>(tutor_scores.n);
        fsrs_default += default_scores.log_loss * static_cast<double>(default_scores.n);
        reviews += tutor_scores.n;
    }
};

} // namespace

TEST_CASE("on every production-shaped log the tutor's model stays in range and never runs away")
{
    pooled_scores all_reviews;
    pooled_scores later_day;
    int logs = 0;
    for (const auto& shape : sim::review_log_shapes()) {
        // The largest shape once: under the sanitizers its fits are the slowest part of the suite.
        const std::uint64_t seeds = shape.name == "heavy" ? 1U : 3U;
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
            INFO(shape.name << " seed " << seed);
            const auto log = sim::generate_review_log(shape.shape, seed);
            const auto run = predict_recall(log);
            check_run(run);
            const auto tutor = evaluate(run, model::tutor, review_span::later_day);
            const auto fsrs = evaluate(run, model::fsrs_default, review_span::later_day);
            if (tutor.n == 0) {
                continue;
            }
            CHECK(tutor.log_loss <= fsrs.log_loss * 1.005);
            later_day.add(tutor, fsrs);
            all_reviews.add(evaluate(run, model::tutor), evaluate(run, model::fsrs_default));
            ++logs;
        }
    }
    REQUIRE(logs >= 14);
    REQUIRE(later_day.reviews > 5000);
    // On average over the family's reviews the tutor's model beats FSRS-6's defaults, same-day reviews included.
    CHECK(later_day.tutor < later_day.fsrs_default);
    CHECK(all_reviews.tutor < all_reviews.fsrs_default);
}

TEST_CASE("on fuzzed logs every prediction stays in range and the tutor does not run away")
{
    predictor_options options;
    options.fit.minimum_items = 64;
    options.fit.epochs = 2;
    options.tutor.layer_minimum = 64;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        INFO("seed " << seed);
        const auto log = fuzzed_log(seed, 1500);
        const auto run = predict_recall(log, options);
        check_run(run);
        REQUIRE(run.reviews.size() > 1000);
        const auto tutor = evaluate(run, model::tutor, review_span::later_day);
        const auto fsrs = evaluate(run, model::fsrs_default, review_span::later_day);
        CHECK(tutor.log_loss <= fsrs.log_loss * 1.005);
    }
}

TEST_CASE("a retry minutes after a miss is predicted from the learner's same-day record, not as near-certain")
{
    // Card 1 is missed then retried three minutes later, every day for 30 days; the retry passes 2 times in 3.
    std::vector<logged_review> log;
    const timestamp start{std::chrono::hours{24 * 20000 + 12}};
    for (int day = 0; day < 30; ++day) {
        const auto at = start + std::chrono::hours{24 * day};
        const auto card = card_key{day};
        log.push_back({card, fsrs::rating::good, at, std::nullopt});
        log.push_back({card, fsrs::rating::again, at + std::chrono::minutes{2}, std::nullopt});
        log.push_back({card, day % 3 == 2 ? fsrs::rating::again : fsrs::rating::good, at + std::chrono::minutes{5},
                       std::nullopt});
    }
    predictor_options options;
    options.tutor.same_day_minimum = 5;
    const auto run = predict_recall(log, options);
    REQUIRE(run.reviews.size() == 60);
    const auto& last = run.reviews.back();
    REQUIRE(last.elapsed_days == 0);
    // FSRS-6 gives a retry three minutes after a miss near-certain recall.
    CHECK(last.probability(model::fsrs_default) > 0.95);
    // The tutor: its prior after a miss (0.7, worth 10 reviews) blended with the learner's own 2 in 3.
    CHECK(last.probability(model::tutor) >= 2.0 / 3.0);
    CHECK(last.probability(model::tutor) < 0.7);
    // And a same-day answer right after a pass, which this learner always misses, is predicted well below FSRS's.
    const auto& after_pass = run.reviews[run.reviews.size() - 2];
    REQUIRE(after_pass.elapsed_days == 0);
    CHECK(after_pass.probability(model::tutor) < 0.6);
    CHECK(run.tutor_model.same_day.after_pass >= 20);
}

TEST_CASE("a learner whose retries always pass gets FSRS's near-certain same-day recall once their record shows it")
{
    // As above, but every retry three minutes after a miss passes, and so does every same-day answer after a pass.
    std::vector<logged_review> log;
    const timestamp start{std::chrono::hours{24 * 20000 + 12}};
    for (int day = 0; day < 40; ++day) {
        const auto at = start + std::chrono::hours{24 * day};
        const auto card = card_key{day};
        log.push_back({card, fsrs::rating::again, at, std::nullopt});
        log.push_back({card, fsrs::rating::good, at + std::chrono::minutes{3}, std::nullopt});
        log.push_back({card, fsrs::rating::good, at + std::chrono::minutes{6}, std::nullopt});
    }
    predictor_options options;
    options.tutor.same_day_minimum = 5;
    const auto run = predict_recall(log, options);
    REQUIRE(run.reviews.size() == 80);
    CHECK(run.tutor_model.same_day.from_fsrs);
    const auto& early = run.reviews.front(); // a retry with no record yet: the prior after a miss
    CHECK(early.probability(model::tutor) == Approx(0.7));
    const auto& last = run.reviews.back();
    CHECK(last.probability(model::tutor) > 0.99);
    CHECK(last.probability(model::tutor) == Approx(last.probability(model::fsrs_default)).epsilon(1e-9));
}

} // namespace recall_memory_model_robustness_test
