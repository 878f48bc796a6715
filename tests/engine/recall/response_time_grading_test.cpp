// SPDX-License-Identifier: MIT
#include "engine/recall/response_time_grading.hpp"
#include "engine/recall/review_log_grading.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

namespace recall_response_time_grading_test {

namespace recall = quiz::engine::recall;
namespace fsrs = quiz::engine::fsrs;
using quiz::engine::response_time_grader;
using quiz::engine::response_time_thresholds;
using namespace std::chrono_literals;

namespace {

response_time_thresholds small_window(std::size_t window, std::size_t minimum)
{
    response_time_thresholds t;
    t.window = window;
    t.minimum_history = minimum;
    return t;
}

} // namespace

TEST_CASE("a wrong answer is Again whatever its time")
{
    response_time_grader grader(small_window(5, 1));
    grader.record(true, 10s);
    CHECK(grader.rating(false, 1s) == fsrs::rating::again);
    CHECK(grader.rating(false, 100s) == fsrs::rating::again);
    CHECK(grader.rating(false, std::nullopt) == fsrs::rating::again);
}

TEST_CASE("a right answer is Good until the learner has enough right answers with a time")
{
    response_time_grader grader(small_window(5, 3));
    grader.record(true, 10s);
    grader.record(true, 12s);
    grader.record(false, 8s);          // wrong answers do not count
    grader.record(true, std::nullopt); // nor answers without a time
    CHECK_FALSE(grader.typical_ms());
    CHECK(grader.rating(true, 1000s) == fsrs::rating::good);
    CHECK(grader.rating(true, 1ms) == fsrs::rating::good);
}

TEST_CASE("a right answer is Hard above twice the median, Easy below half of it, Good between and at the bounds")
{
    response_time_grader grader(small_window(5, 3));
    grader.record(true, 10'000ms);
    grader.record(true, 12'000ms);
    grader.record(true, 8'000ms);
    // median of 8, 10, 12 s = 10 s: Hard above 20 s, Easy below 5 s
    REQUIRE(grader.typical_ms() == 10'000.0);
    CHECK(grader.rating(true, 20'001ms) == fsrs::rating::hard);
    CHECK(grader.rating(true, 20'000ms) == fsrs::rating::good);
    CHECK(grader.rating(true, 10'000ms) == fsrs::rating::good);
    CHECK(grader.rating(true, 5'000ms) == fsrs::rating::good);
    CHECK(grader.rating(true, 4'999ms) == fsrs::rating::easy);
    CHECK(grader.rating(true, std::nullopt) == fsrs::rating::good);

    grader.record(true, 20'000ms);
    // 8, 10, 12, 20 s: the median of an even count is the mean of the middle two, 11 s; Hard above 22 s
    REQUIRE(grader.typical_ms() == 11'000.0);
    CHECK(grader.rating(true, 21'999ms) == fsrs::rating::good);
    CHECK(grader.rating(true, 22'001ms) == fsrs::rating::hard);
    CHECK(grader.rating(true, 5'499ms) == fsrs::rating::easy);
}

TEST_CASE("the typical time follows the learner's latest right answers only")
{
    response_time_grader grader(small_window(3, 3));
    for (int i = 0; i < 3; ++i) {
        grader.record(true, 1s);
    }
    REQUIRE(grader.typical_ms() == 1'000.0);
    CHECK(grader.rating(true, 3s) == fsrs::rating::hard);
    grader.record(true, 9s);
    grader.record(true, 9s);
    // the window now holds 1, 9, 9 s: median 9 s
    REQUIRE(grader.typical_ms() == 9'000.0);
    CHECK(grader.rating(true, 3s) == fsrs::rating::easy);
}

TEST_CASE("custom factors move the bounds")
{
    auto t = small_window(4, 1);
    t.slow_factor = 1.5;
    t.fast_factor = 0.0; // never Easy
    response_time_grader grader(t);
    grader.record(true, 10s);
    CHECK(grader.rating(true, 15'001ms) == fsrs::rating::hard);
    CHECK(grader.rating(true, 15'000ms) == fsrs::rating::good);
    CHECK(grader.rating(true, 0ms) == fsrs::rating::good);
}

TEST_CASE("thresholds outside their ranges are refused")
{
    auto slow = small_window(4, 1);
    slow.slow_factor = 1.0;
    CHECK_THROWS_AS(response_time_grader(slow), std::invalid_argument);
    auto fast = small_window(4, 1);
    fast.fast_factor = 1.0;
    CHECK_THROWS_AS(response_time_grader(fast), std::invalid_argument);
    CHECK_THROWS_AS(response_time_grader(small_window(4, 5)), std::invalid_argument);
    CHECK_THROWS_AS(response_time_grader(small_window(0, 0)), std::invalid_argument);
}

namespace {

recall::logged_review timed(std::int64_t card, int grade, int day, std::chrono::minutes time_of_day,
                            std::optional<std::chrono::milliseconds> took)
{
    constexpr std::chrono::sys_days start{std::chrono::year{2024} / 1 / 1};
    return {recall::card_key{card}, static_cast<fsrs::rating>(grade),
            recall::timestamp{start + std::chrono::days{day} + time_of_day}, took};
}

std::vector<int> grades_of(const std::vector<recall::logged_review>& log)
{
    std::vector<int> grades;
    for (const auto& r : log) {
        grades.push_back(static_cast<int>(r.grade));
    }
    return grades;
}

} // namespace

TEST_CASE("a review log reduced to pass/fail keeps Again and makes every pass Good")
{
    const std::vector log{timed(1, 1, 0, 600min, 1s), timed(1, 2, 1, 600min, 1s), timed(1, 3, 2, 600min, 1s),
                          timed(1, 4, 3, 600min, 1s)};
    CHECK(grades_of(recall::regrade(log, recall::grading::pass_fail)) == std::vector{1, 3, 3, 3});
    CHECK(grades_of(recall::regrade(log, recall::grading::logged)) == std::vector{1, 2, 3, 4});
    CHECK(recall::has_durations(log));
    CHECK_FALSE(recall::has_durations(std::vector{timed(1, 3, 0, 0min, std::nullopt)}));
}

TEST_CASE("regrading a log by response time goes in time order and sees earlier reviews only")
{
    // Rows grouped by card; in time order: r0 (card 1, day 0), r1 (card 2, day 0), r2 and r3 at the same instant on
    // day 1, r4 and r5 on day 2, r6 on day 3. Window 4, at least 2 earlier right answers.
    const std::vector log{
        timed(1, 3, 0, 600min, 10'000ms),     // r0: no history: Good
        timed(1, 3, 1, 600min, 30'000ms),     // r2: history 10, 12 s, median 11 s: 30 s > 22 s: Hard
        timed(1, 3, 2, 600min, 1'000ms),      // r4: wrong (rating 1 below): Again
        timed(1, 3, 3, 600min, 5'900ms),      // r6: history 10, 12, 30, 23 s, median 17.5 s: 5.9 s < 8.75 s: Easy
        timed(2, 4, 0, 601min, 12'000ms),     // r1: one right answer before it: Good, though logged Easy
        timed(2, 3, 1, 600min, 23'000ms),     // r3: does not see r2 (same instant): median 11 s, 23 s > 22 s: Hard
        timed(2, 2, 2, 605min, std::nullopt), // r5: no time: Good
    };
    auto with_lapse = log;
    with_lapse[2].grade = fsrs::rating::again;
    const auto regraded = recall::regrade(with_lapse, recall::grading::response_time, small_window(4, 2));
    CHECK(grades_of(regraded) == std::vector{3, 2, 1, 4, 3, 2, 3});
    for (std::size_t i = 0; i < log.size(); ++i) {
        CHECK(regraded[i].card == with_lapse[i].card);
        CHECK(regraded[i].time == with_lapse[i].time);
        CHECK(regraded[i].duration == with_lapse[i].duration);
    }
}

TEST_CASE("grading names round-trip")
{
    for (const auto g : {recall::grading::logged, recall::grading::pass_fail, recall::grading::response_time}) {
        CHECK(recall::parse_grading(recall::name(g)) == g);
    }
    CHECK(recall::name(recall::grading::response_time) == "time");
    CHECK_FALSE(recall::parse_grading("fast"));
}

} // namespace recall_response_time_grading_test
