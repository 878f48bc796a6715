// SPDX-License-Identifier: MIT
#include "bot/review_log_csv.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <variant>

namespace bot_review_log_csv_test {

namespace {

std::variant<quiz::bot::review_log, quiz::bot::review_log_problem> read(const std::string& text)
{
    std::istringstream in(text);
    return quiz::bot::read_review_log(in);
}

/// The problem reported for `text`, which must be one.
quiz::bot::review_log_problem problem(const std::string& text)
{
    auto result = read(text);
    REQUIRE(std::holds_alternative<quiz::bot::review_log_problem>(result));
    return std::get<quiz::bot::review_log_problem>(result);
}

} // namespace

TEST_CASE("a review log is read with its cards, ratings, times and durations")
{
    auto result = read("card_id,review_rating,review_time,review_duration\r\n"
                       "c1,3,2024-01-01T12:00:00Z,5300\r\n"
                       "\r\n"
                       "c2,1,2024-01-01T13:00:00.250000+00:00,\r\n"
                       "c1,4,2024-01-03T12:00:00+01:00,800\r\n");
    REQUIRE(std::holds_alternative<quiz::bot::review_log>(result));
    const auto& log = std::get<quiz::bot::review_log>(result);
    REQUIRE(log.reviews.size() == 3);
    CHECK(log.card_names == std::vector<std::string>{"c1", "c2"});
    CHECK(log.lines == std::vector<std::size_t>{2, 4, 5});
    CHECK(log.reviews[0].card == log.reviews[2].card);
    CHECK(log.reviews[1].grade == quiz::engine::fsrs::rating::again);
    CHECK(log.reviews[2].grade == quiz::engine::fsrs::rating::easy);
    CHECK(log.reviews[0].duration == std::chrono::milliseconds{5300});
    CHECK_FALSE(log.reviews[1].duration.has_value());
    CHECK(log.time_texts[1] == "2024-01-01T13:00:00.250000+00:00");
    // 12:00+01:00 is 11:00 UTC, two days after the first review.
    CHECK(log.reviews[2].time - log.reviews[0].time == std::chrono::hours{47});
}

TEST_CASE("columns may come in any order, without a duration, with extra columns ignored")
{
    auto result = read("review_time,note,card_id,review_rating\n2024-01-01T12:00:00Z,x,7,2\n");
    REQUIRE(std::holds_alternative<quiz::bot::review_log>(result));
    const auto& log = std::get<quiz::bot::review_log>(result);
    REQUIRE(log.reviews.size() == 1);
    CHECK(log.card_names.front() == "7");
    CHECK(log.reviews[0].grade == quiz::engine::fsrs::rating::hard);
}

TEST_CASE("a header alone is an empty log")
{
    auto result = read("card_id,review_rating,review_time\n");
    REQUIRE(std::holds_alternative<quiz::bot::review_log>(result));
    CHECK(std::get<quiz::bot::review_log>(result).reviews.empty());
}

TEST_CASE("bad review logs are refused with the line at fault")
{
    const std::string header = "card_id,review_rating,review_time,review_duration\n";

    SECTION("empty file")
    {
        const auto p = problem("");
        CHECK(p.line == 1);
        CHECK_THAT(p.message, Catch::Contains("empty file"));
    }
    SECTION("missing column")
    {
        const auto p = problem("card_id,review_time\nc1,2024-01-01T12:00:00Z\n");
        CHECK(p.line == 1);
        CHECK_THAT(p.message, Catch::Contains("missing column 'review_rating'"));
    }
    SECTION("a column named twice")
    {
        const auto p = problem("card_id,review_rating,review_time,card_id\n");
        CHECK(p.line == 1);
        CHECK_THAT(p.message, Catch::Contains("'card_id' appears twice"));
    }
    SECTION("wrong column count")
    {
        const auto p = problem(header + "c1,3,2024-01-01T12:00:00Z,\nc1,3,2024-01-02T12:00:00Z\n");
        CHECK(p.line == 3);
        CHECK_THAT(p.message, Catch::Contains("expected 4 fields") && Catch::Contains("found 3"));
    }
    SECTION("unknown rating")
    {
        for (const std::string bad : {"0", "5", "good", "", "33", "-1"}) {
            const auto p = problem(header + "c1," + bad + ",2024-01-01T12:00:00Z,\n");
            CHECK(p.line == 2);
            CHECK_THAT(p.message, Catch::Contains("review_rating must be 1"));
        }
    }
    SECTION("bad dates")
    {
        for (const std::string bad :
             {"2024-13-01T12:00:00Z", "2024-01-01", "2024-01-01T12:00:00", "yesterday", "2023-02-29T10:00:00Z"}) {
            INFO(bad);
            const auto p = problem(header +
                                   "c1,3,2024-01-01T12:00:00Z,\nc2,3,2024-01-01T12:00:00Z,\n"
                                   "c3,3," +
                                   bad + ",\n");
            CHECK(p.line == 4);
            CHECK_THAT(p.message, Catch::Contains("is not an ISO-8601 date-time"));
        }
    }
    SECTION("a card's rows out of time order")
    {
        const auto p = problem(header + "c1,3,2024-01-05T12:00:00Z,\nc2,3,2024-01-01T12:00:00Z,\n"
                                        "c1,3,2024-01-04T12:00:00Z,\n");
        CHECK(p.line == 4);
        CHECK_THAT(p.message, Catch::Contains("card 'c1'") && Catch::Contains("previous review on line 2"));
    }
    SECTION("bad duration")
    {
        const auto p = problem(header + "c1,3,2024-01-01T12:00:00Z,1.5s\n");
        CHECK(p.line == 2);
        CHECK_THAT(p.message, Catch::Contains("review_duration"));
    }
    SECTION("empty card id")
    {
        const auto p = problem(header + ",3,2024-01-01T12:00:00Z,\n");
        CHECK(p.line == 2);
        CHECK_THAT(p.message, Catch::Contains("empty card_id"));
    }
}

} // namespace bot_review_log_csv_test
