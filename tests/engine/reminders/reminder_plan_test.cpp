// SPDX-License-Identifier: MIT
// When reminders fall and whether they go, on a zone with a fixed offset (bot/time_zones_test.cpp has real zones
// and their changes to and from summer time).
#include "engine/reminders/reminder_plan.hpp"

#include <catch2/catch.hpp>

namespace reminders_reminder_plan_test {

namespace {

using namespace std::chrono;
using quiz::engine::instant;
using quiz::engine::reminder_verdict;

/// A wall clock `offset` ahead of UTC all year.
class fixed_zone final : public quiz::engine::zone_rules {
public:
    explicit fixed_zone(minutes offset) : offset_(offset) {}
    [[nodiscard]] quiz::engine::local_time local(instant at) const override
    {
        const auto shifted = at + offset_;
        const auto day = floor<days>(shifted);
        return {year_month_day{day}, floor<minutes>(shifted - day)};
    }
    [[nodiscard]] instant at(year_month_day day, minutes time_of_day) const override
    {
        return instant{sys_days{day}} + time_of_day - offset_;
    }

private:
    minutes offset_;
};

/// 2026-12-`d` at hh:mm UTC.
instant utc(unsigned d, int hh, int mm = 0)
{
    return instant{sys_days{year{2026} / December / day{d}}} + hours{hh} + minutes{mm};
}

year_month_day dec(unsigned d) { return year{2026} / December / day{d}; }

} // namespace

TEST_CASE("reminder plan: today at the learner's hour, else tomorrow, one a day, slower when ignored", "[reminders]")
{
    const fixed_zone tokyo(hours{9});
    const quiz::engine::reminder_setting at_six{minutes{18 * 60}, false};
    // 05:00 UTC is 14:00 in Tokyo: 18:00 Tokyo today is 09:00 UTC.
    CHECK(next_reminder(at_six, std::nullopt, 0, tokyo, utc(2, 5)) == utc(2, 9));
    // 10:00 UTC is 19:00 in Tokyo: today's has gone by.
    CHECK(next_reminder(at_six, std::nullopt, 0, tokyo, utc(2, 10)) == utc(3, 9));
    // Sent today (Tokyo's day): tomorrow, even though the hour is still ahead.
    CHECK(next_reminder(at_six, dec(2), 0, tokyo, utc(2, 5)) == utc(3, 9));
    // 3 ignored in a row: every other day; 6: weekly.
    CHECK(next_reminder(at_six, dec(2), 3, tokyo, utc(2, 10)) == utc(4, 9));
    CHECK(next_reminder(at_six, dec(2), 6, tokyo, utc(2, 10)) == utc(9, 9));
    CHECK(quiz::engine::pace_after(2) == quiz::engine::reminder_pace::daily);
    CHECK(quiz::engine::pace_after(3) == quiz::engine::reminder_pace::every_other_day);
    CHECK(quiz::engine::pace_after(6) == quiz::engine::reminder_pace::weekly);
    // A last one long ago does not pull the next into the past.
    CHECK(next_reminder(at_six, dec(1), 6, tokyo, utc(20, 5)) == utc(20, 9));
}

TEST_CASE("reminder plan: quiet hours move an hour nobody chose, never one the learner named", "[reminders]")
{
    const fixed_zone utc_zone(minutes{0});
    const quiz::engine::reminder_setting late_default{minutes{23 * 60}, false};
    const quiz::engine::reminder_setting late_chosen{minutes{23 * 60}, true};
    const quiz::engine::reminder_setting early_default{minutes{7 * 60 + 30}, false};
    CHECK(reminder_time(late_default) == minutes{8 * 60});
    CHECK(reminder_time(early_default) == minutes{8 * 60});
    CHECK(reminder_time(late_chosen) == minutes{23 * 60});
    CHECK(quiz::engine::in_quiet_hours(minutes{22 * 60}));
    CHECK(quiz::engine::in_quiet_hours(minutes{0}));
    CHECK_FALSE(quiz::engine::in_quiet_hours(minutes{8 * 60}));
    CHECK_FALSE(quiz::engine::in_quiet_hours(minutes{21 * 60 + 59}));
    CHECK(next_reminder(late_default, std::nullopt, 0, utc_zone, utc(2, 12)) == utc(3, 8));
    CHECK(next_reminder(late_chosen, std::nullopt, 0, utc_zone, utc(2, 12)) == utc(2, 23));
}

TEST_CASE("reminder verdict: late after downtime, quiet, reviewed today, studying, nothing due, else send",
          "[reminders]")
{
    const fixed_zone paris_winter(hours{1});
    const quiz::engine::reminder_setting at_six{minutes{18 * 60}, false};
    quiz::engine::reminder_facts f;
    f.scheduled = utc(2, 17); // 18:00 in Paris
    f.now = utc(2, 17, 1);
    f.due_soon = 4;
    f.last_answer = utc(1, 20);
    CHECK(judge_reminder(at_six, f, paris_winter) == reminder_verdict::send);

    auto late = f;
    late.now = utc(2, 20, 1); // three hours and a minute after its time: the server was down
    CHECK(judge_reminder(at_six, late, paris_winter) == reminder_verdict::skip_late);
    late.now = utc(2, 20, 0);
    CHECK(judge_reminder(at_six, late, paris_winter) == reminder_verdict::send);

    auto quiet = f;
    quiet.scheduled = utc(2, 20, 30);
    quiet.now = utc(2, 21, 30); // 22:30 in Paris
    CHECK(judge_reminder(at_six, quiet, paris_winter) == reminder_verdict::skip_quiet);
    CHECK(judge_reminder({minutes{22 * 60}, true}, quiet, paris_winter) == reminder_verdict::send);

    auto reviewed = f;
    reviewed.last_answer = utc(1, 23, 30); // 00:30 on the 2nd in Paris, though still the 1st in UTC
    CHECK(judge_reminder(at_six, reviewed, paris_winter) == reminder_verdict::skip_reviewed);
    reviewed.last_answer = utc(1, 22, 59); // 23:59 on the 1st in Paris
    CHECK(judge_reminder(at_six, reviewed, paris_winter) == reminder_verdict::send);

    auto studying = f;
    studying.in_session = true;
    CHECK(judge_reminder(at_six, studying, paris_winter) == reminder_verdict::skip_in_session);

    auto nothing = f;
    nothing.due_soon = 0;
    CHECK(judge_reminder(at_six, nothing, paris_winter) == reminder_verdict::skip_nothing_due);
}

TEST_CASE("reminder plan: ignored reminders counted, review time rounded up", "[reminders]")
{
    CHECK(quiz::engine::ignored_in_a_row(2, std::nullopt, std::nullopt) == 0);
    CHECK(quiz::engine::ignored_in_a_row(2, utc(2, 9), std::nullopt) == 3);
    CHECK(quiz::engine::ignored_in_a_row(2, utc(2, 9), utc(1, 9)) == 3);
    CHECK(quiz::engine::ignored_in_a_row(2, utc(2, 9), utc(2, 9, 5)) == 0);
    CHECK(quiz::engine::review_minutes(0) == 1);
    CHECK(quiz::engine::review_minutes(1) == 1);
    CHECK(quiz::engine::review_minutes(2) == 1);
    CHECK(quiz::engine::review_minutes(3) == 2);
    CHECK(quiz::engine::review_minutes(20) == 10);
}

} // namespace reminders_reminder_plan_test
