// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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
    for (const std::string row : {"\ndefault  ", "\nfitted   ", "\ntutor    "}) {
        CHECK_THAT(text.out, Catch::Contains(row));
    }

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
    CHECK(run({"srs", "eval", slice, "--tutor-inputs", "magic"}).code == 2);
    const auto r = run({"srs", "eval", slice, "--min-reviews", "-3"});
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("--min-reviews"));
}
