// SPDX-License-Identifier: MIT
// Learners' time zones from the system's IANA database: names checked before anything is read, and reminders that
// keep their local hour across a change to or from summer time.
#include "bot/time_zones.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace bot_time_zones_test {

namespace {

using namespace std::chrono;
using quiz::engine::instant;

instant utc(year_month_day day, int hh, int mm = 0) { return instant{sys_days{day}} + hours{hh} + minutes{mm}; }

} // namespace

TEST_CASE("time zones: IANA names load, anything else is refused before a file is read", "[reminders]")
{
    for (const std::string name :
         {"Europe/Paris", "America/New_York", "America/Argentina/Buenos_Aires", "UTC", "Asia/Kolkata", "Etc/GMT+5"}) {
        CAPTURE(name);
        CHECK(quiz::bot::load_time_zone(name) != nullptr);
    }
    for (const std::string& name : std::vector<std::string>{
             "", "Europe/Nowhere", "../../etc/passwd", "/etc/localtime", "Europe//Paris", "localtime",
             "Fixed/UTC+01:00:00", "Europe/Paris ", "Europe/Paris\n", std::string(65, 'A'), "Europe/Paris/"}) {
        CAPTURE(name);
        CHECK(quiz::bot::load_time_zone(name) == nullptr);
    }
}

TEST_CASE("time zones: wall clocks across summer time in Paris and New York", "[reminders]")
{
    const auto paris = quiz::bot::load_time_zone("Europe/Paris");
    REQUIRE(paris);
    // Winter: UTC+1; summer (from 2026-03-29 02:00, until 2026-10-25 03:00): UTC+2.
    CHECK(paris->local(utc(2026y / March / 28, 17)).time_of_day == minutes{18 * 60});
    CHECK(paris->local(utc(2026y / March / 29, 16)).time_of_day == minutes{18 * 60});
    CHECK(paris->local(utc(2026y / March / 28, 23, 30)).day == 2026y / March / 29);
    // 02:30 does not exist on 2026-03-29: the end of the gap, 03:00 CEST (01:00 UTC).
    CHECK(paris->at(2026y / March / 29, minutes{2 * 60 + 30}) == utc(2026y / March / 29, 1));
    // 02:30 happens twice on 2026-10-25: the first, still in summer time (00:30 UTC).
    CHECK(paris->at(2026y / October / 25, minutes{2 * 60 + 30}) == utc(2026y / October / 25, 0, 30));

    const auto new_york = quiz::bot::load_time_zone("America/New_York");
    REQUIRE(new_york);
    // From 2026-03-08, UTC-4; before, UTC-5.
    CHECK(new_york->at(2026y / March / 7, minutes{9 * 60}) == utc(2026y / March / 7, 14));
    CHECK(new_york->at(2026y / March / 8, minutes{9 * 60}) == utc(2026y / March / 8, 13));
}

TEST_CASE("time zones: a daily reminder keeps its local hour over a change of clocks", "[reminders]")
{
    const auto paris = quiz::bot::load_time_zone("Europe/Paris");
    REQUIRE(paris);
    const quiz::engine::reminder_setting at_nine{minutes{9 * 60}, true};
    // Sent Saturday 2026-03-28 at 09:00 CET (08:00 UTC); the next is Sunday 09:00 CEST, 07:00 UTC, 23 hours later.
    const auto saturday = utc(2026y / March / 28, 8);
    const auto sunday = quiz::engine::next_reminder(at_nine, 2026y / March / 28, 0, *paris, saturday + minutes{1});
    CHECK(sunday == utc(2026y / March / 29, 7));
    // And back in the autumn: Sunday 2026-10-25 09:00 CET is 08:00 UTC, 25 hours after Saturday's 07:00 UTC.
    const auto autumn =
        quiz::engine::next_reminder(at_nine, 2026y / October / 24, 0, *paris, utc(2026y / October / 24, 7, 1));
    CHECK(autumn == utc(2026y / October / 25, 8));
    // A reminder set for a time the spring change skips goes at the end of the gap that day.
    const quiz::engine::reminder_setting at_half_past_two{minutes{2 * 60 + 30}, true};
    CHECK(quiz::engine::next_reminder(at_half_past_two, std::nullopt, 0, *paris, utc(2026y / March / 28, 23)) ==
          utc(2026y / March / 29, 1));
}

} // namespace bot_time_zones_test
