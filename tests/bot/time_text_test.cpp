// SPDX-License-Identifier: MIT
#include "bot/time_text.hpp"

#include <catch2/catch.hpp>

#include <chrono>

namespace bot_time_text_test {

using namespace std::chrono;
using quiz::bot::format_iso8601;
using quiz::bot::microtime;
using quiz::bot::parse_iso8601;

namespace {
const microtime noon{sys_days{year{2024} / 1 / 1} + hours{12}};
} // namespace

TEST_CASE("parse_iso8601 reads UTC and offset date-times")
{
    CHECK(parse_iso8601("2024-01-01T12:00:00Z") == noon);
    CHECK(parse_iso8601("2024-01-01T12:00:00+00:00") == noon);
    CHECK(parse_iso8601("2024-01-01T17:30:00+05:30") == noon);
    CHECK(parse_iso8601("2024-01-01T17:30:00+0530") == noon);
    CHECK(parse_iso8601("2024-01-01T07:00:00-05") == noon);
    CHECK(parse_iso8601("2024-01-01t12:00:00z") == noon);
    CHECK(parse_iso8601("2024-01-01 12:00:00Z") == noon);
    CHECK(parse_iso8601("2024-01-01T12:00Z") == noon);
    CHECK(parse_iso8601("2023-12-31T23:00:00-13:00") == noon);
}

TEST_CASE("parse_iso8601 keeps fractional seconds to the microsecond")
{
    CHECK(parse_iso8601("2024-01-01T12:00:00.5Z") == noon + milliseconds{500});
    CHECK(parse_iso8601("2024-01-01T12:00:00.123Z") == noon + milliseconds{123});
    CHECK(parse_iso8601("2024-01-01T12:00:00.123456Z") == noon + microseconds{123456});
    CHECK(parse_iso8601("2024-01-01T12:00:00.1234569Z") == noon + microseconds{123456});
    CHECK(parse_iso8601("2024-01-01T12:00:00,25Z") == noon + milliseconds{250});
}

TEST_CASE("parse_iso8601 refuses malformed or ambiguous text")
{
    for (const char* bad :
         {"", "2024-01-01", "2024-01-01T12:00:00", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
          "2024-01-32T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T12:60:00Z", "2024-01-01T12:00:60Z",
          "2024-01-01T12:00:00.Z", "2024-01-01T12:00:00+24:00", "2024-01-01T12:00:00+05:3", "2024-01-01T12:00:00Zjunk",
          "24-01-01T12:00:00Z", "2024/01/01T12:00:00Z", "2024-01-01T12:00:00 Z", "tomorrow"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_iso8601(bad));
    }
    CHECK(parse_iso8601("2024-02-29T00:00:00Z"));
}

TEST_CASE("format_iso8601 writes UTC with the precision the time has")
{
    CHECK(format_iso8601(noon) == "2024-01-01T12:00:00Z");
    CHECK(format_iso8601(noon + milliseconds{7}) == "2024-01-01T12:00:00.007Z");
    CHECK(format_iso8601(noon + microseconds{7}) == "2024-01-01T12:00:00.000007Z");
    CHECK(format_iso8601(microtime{sys_days{year{1969} / 12 / 31} + hours{23}}) == "1969-12-31T23:00:00Z");
    CHECK(format_iso8601(microtime{sys_days{year{10099} / 3 / 4}}) == "+010099-03-04T00:00:00Z");
    CHECK(quiz::bot::format_iso8601_millis(time_point_cast<milliseconds>(noon)) == "2024-01-01T12:00:00.000Z");
    const auto round_trip = parse_iso8601("2031-07-15T03:04:05.678901Z");
    REQUIRE(round_trip);
    CHECK(format_iso8601(*round_trip) == "2031-07-15T03:04:05.678901Z");
}

} // namespace bot_time_text_test
