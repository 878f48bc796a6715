// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"
#include "tests/support/synthetic_reviews.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace cli_srs_eval_test {

namespace {

struct result {
    int code;
    std::string out;
    std::string err;
};

result run(std::vector<std::string_view> arguments, const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    return {code, out.str(), err.str()};
}

/// The first 150 cards of the dev review log (scheduling notes §4): 1,625 reviews, 1,475 after a card's first, of
/// which 1,406 recalled (counted with awk).
const std::string slice = QUIZ_FIXTURES_DIR "/srs/dev-revlog-slice.csv";

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

/// A learner simulated from FSRS-6 with the default parameters, whose response time gives their grade away: right
/// answers take 8-12 s when Good, 30-40 s when Hard and 1.5-3.5 s when Easy (wrong ones 20-30 s). The typical time
/// (median of the last 64 right answers, about 70% of them Good) is then in [8, 12) s, so "slow" (above twice
/// it) starts between 16 and 24 s and "fast" (below half of it) between 4 and 6 s: regrading from time recovers
/// every logged grade. Sixteen one-review warm-up cards (Good, 10 s) come first, so that the grader has its
/// minimum history before the first simulated answer.
std::string timed_synthetic_log()
{
    quiz::test::synthetic_plan plan;
    plan.cards = 240;
    plan.reviews_per_card = 8;
    plan.seed = 7;
    const auto cards = quiz::test::simulate_cards(plan);

    std::string csv = "card_id,review_rating,review_time,review_duration\n";
    const auto add = [&](const std::string& card, int grade, std::chrono::sys_seconds time, long long ms) {
        const std::chrono::year_month_day date{std::chrono::floor<std::chrono::days>(time)};
        const std::chrono::hh_mm_ss clock{time - std::chrono::floor<std::chrono::days>(time)};
        char line[96];
        std::snprintf(line, sizeof line, "%s,%d,%04d-%02u-%02uT%02d:%02d:%02dZ,%lld\n", card.c_str(), grade,
                      static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                      static_cast<unsigned>(date.day()), static_cast<int>(clock.hours().count()),
                      static_cast<int>(clock.minutes().count()), static_cast<int>(clock.seconds().count()), ms);
        csv += line;
    };
    const std::chrono::sys_days start{std::chrono::year{2024} / 1 / 1};
    for (int k = 0; k < 16; ++k) {
        add("warm" + std::to_string(k), 3,
            start - std::chrono::days{1} + std::chrono::hours{12} + std::chrono::minutes{k}, 10'000);
    }
    // Response time per grade (Again, Hard, Good, Easy): from + (n x step mod width) ms for the n-th review.
    struct band {
        long long from, width, step;
    };
    constexpr std::array<band, 4> bands{
        {{20'000, 10'000, 37}, {30'000, 10'000, 53}, {8'000, 4'000, 41}, {1'500, 2'000, 29}}};
    long long n = 0;
    for (std::size_t c = 0; c < cards.size(); ++c) {
        auto day = start + std::chrono::days{static_cast<int>(c / 20)};
        const auto time_of_day = std::chrono::hours{8} + std::chrono::minutes{static_cast<int>(c * 2 % 600)};
        for (const auto& review : cards[c]) {
            day += std::chrono::days{static_cast<int>(review.elapsed_days)};
            ++n;
            const auto& band = bands[static_cast<std::size_t>(review.grade) - 1];
            const long long ms = band.from + n * band.step % band.width;
            add(std::to_string(c), static_cast<int>(review.grade), day + time_of_day, ms);
        }
    }
    return csv;
}

} // namespace

TEST_CASE("srs predict writes a probability for every review after a card's first, in input order")
{
    const std::string log = "card_id,review_rating,review_time,review_duration\n"
                            "a,3,2024-01-01T10:00:00Z,\n"
                            "a,3,2024-01-04T09:00:00Z,\n"
                            "b,4,2024-01-02T10:00:00Z,\n"
                            "a,1,2024-01-10T09:00:00+00:00,\n";
    const auto r = run({"srs", "predict", "-", "--model", "default"}, log);
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "card_id,review_time,review_rating,p_recall");
    // 3 days after a first Good: (1 + 0.9803465 · 3 / 2.3065)^-0.1542 = 0.880948
    CHECK(lines[1] == "a,2024-01-04T09:00:00Z,3,0.880948");
    CHECK(lines[2].starts_with("a,2024-01-10T09:00:00+00:00,1,0."));
}

TEST_CASE("srs predict on the dev log slice gives one probability per predicted review with every model")
{
    for (const std::string_view model : {"default", "fitted", "tutor"}) {
        const auto r = run({"srs", "predict", slice, "--model", model});
        REQUIRE(r.code == 0);
        const auto lines = lines_of(r.out);
        REQUIRE(lines.size() == 1 + 1475);
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const double p = std::stod(lines[i].substr(lines[i].rfind(',') + 1));
            REQUIRE(p > 0.0);
            REQUIRE(p < 1.0);
        }
    }
}

TEST_CASE("srs eval reports the three models side by side, as text and as JSON")
{
    const auto text = run({"srs", "eval", slice});
    REQUIRE(text.code == 0);
    CHECK_THAT(text.out, Catch::Contains("1625 reviews of 150 cards; 1475 predicted"));
    CHECK_THAT(text.out, Catch::Contains("days start at 04:00 UTC"));
    // The whole log, then the reviews a day or more after the card's previous one (the slice has no same-day ones).
    for (const std::string row : {"\nall        default  ", "\nall        fitted   ", "\nall        tutor    ",
                                  "\n>= 1 day   default  ", "\n>= 1 day   tutor    "}) {
        CHECK_THAT(text.out, Catch::Contains(row));
    }
    CHECK_THAT(text.out, !Catch::Contains("\nsame day"));

    const auto json = run({"srs", "eval", slice, "--json", "--next-day-starts-at", "0"});
    REQUIRE(json.code == 0);
    const auto report = boost::json::parse(json.out).as_object();
    CHECK(report.at("reviews").to_number<int>() == 1625);
    CHECK(report.at("cards").to_number<int>() == 150);
    CHECK(report.at("predicted").to_number<int>() == 1475);
    CHECK(report.at("recalled").to_number<int>() == 1406);
    CHECK(report.at("next_day_starts_at").to_number<double>() == 0.0);
    for (const auto* model : {"default", "fitted", "tutor"}) {
        const auto& m = report.at("models").at(model).as_object();
        CHECK(m.at("n").to_number<int>() == 1475);
        CHECK(m.at("log_loss").to_number<double>() > 0.0);
        CHECK(m.at("auc").to_number<double>() > 0.5);
        CHECK(m.at("later_day").at("n").to_number<int>() == 1475);
        CHECK(m.at("same_day").at("n").to_number<int>() == 0);
    }
}

TEST_CASE("srs eval and srs predict refuse bad input with the file and line")
{
    const std::string header = "card_id,review_rating,review_time\n";
    SECTION("unknown rating, read from stdin")
    {
        const auto r = run({"srs", "eval", "-"}, header + "c1,3,2024-01-01T12:00:00Z\nc1,9,2024-01-02T12:00:00Z\n");
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::StartsWith("<stdin>:3: error: review_rating must be 1"));
        CHECK(r.out.empty());
    }
    SECTION("a missing file")
    {
        const auto r = run({"srs", "predict", "/nonexistent/revlog.csv"});
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Contains("/nonexistent/revlog.csv: error: cannot open"));
    }
    SECTION("nothing to evaluate")
    {
        const auto r = run({"srs", "eval", "-"}, header + "c1,3,2024-01-01T12:00:00Z\n");
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Contains("no review to evaluate"));
    }
    SECTION("an empty input")
    {
        const auto r = run({"srs", "predict", "-"}, "");
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::StartsWith("<stdin>:1: error: empty file"));
    }
}

TEST_CASE("srs eval and srs predict reject bad arguments with exit code 2")
{
    CHECK(run({"srs", "eval"}).code == 2);
    CHECK(run({"srs", "eval", slice, slice}).code == 2);
    CHECK(run({"srs", "predict", slice, "--model", "sm2"}).code == 2);
    CHECK(run({"srs", "predict", slice, "--next-day-starts-at", "24"}).code == 2);
    CHECK(run({"srs", "predict", slice, "--next-day-starts-at", "four"}).code == 2);
    const auto r = run({"srs", "eval", slice, "--min-reviews", "-3"});
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--min-reviews"));
}

TEST_CASE("srs --grading time recovers the grades that a learner's times give away")
{
    const std::string log = timed_synthetic_log();
    const auto logged = run({"srs", "predict", "-", "--grading", "logged"}, log);
    const auto timed = run({"srs", "predict", "-", "--grading", "time"}, log);
    const auto pass_fail = run({"srs", "predict", "-", "--grading", "pass-fail"}, log);
    REQUIRE(logged.code == 0);
    REQUIRE(timed.code == 0);
    REQUIRE(pass_fail.code == 0);
    CHECK(lines_of(logged.out).size() == 1 + 240 * 7);
    // Every grade recovered: the same predictions as with the logged grades, model by model.
    CHECK(timed.out == logged.out);
    CHECK(pass_fail.out != logged.out);
    // Only the predictions change: the output keeps the logged rating, so that it joins with the input.
    CHECK(lines_of(pass_fail.out)[0] == "card_id,review_time,review_rating,p_recall");

    // The learner forgets as FSRS-6 with the default parameters says, so with the true grades the default model is
    // the true model; pass/fail grading hides Hard and Easy from it and should cost log loss.
    const auto loss = [&](std::string_view grading, const char* model) {
        const auto r = run({"srs", "eval", "-", "--json", "--grading", grading}, log);
        REQUIRE(r.code == 0);
        const auto report = boost::json::parse(r.out).as_object();
        CHECK(report.at("grading").as_string() == grading);
        return report.at("models").at(model).at("log_loss").to_number<double>();
    };
    CHECK(loss("time", "default") == loss("logged", "default"));
    CHECK(loss("time", "default") < loss("pass-fail", "default"));
}

TEST_CASE("srs --grading time needs durations, and --grading a known name")
{
    const std::string log = "card_id,review_rating,review_time,review_duration\n"
                            "a,3,2024-01-01T10:00:00Z,\n"
                            "a,2,2024-01-04T09:00:00Z,\n";
    const auto timed = run({"srs", "eval", "-", "--grading", "time"}, log);
    CHECK(timed.code == 1);
    CHECK(timed.out.empty());
    CHECK_THAT(timed.err, Catch::StartsWith("<stdin>: error: --grading time needs response times"));
    // pass/fail needs none; the text report says how ratings were read
    const auto pass_fail = run({"srs", "eval", "-", "--grading", "pass-fail"}, log);
    CHECK(pass_fail.code == 0);
    CHECK_THAT(pass_fail.out, Catch::Contains("ratings reduced to pass/fail"));
    CHECK(run({"srs", "predict", "-", "--grading", "fast"}, log).code == 2);
}

} // namespace cli_srs_eval_test
