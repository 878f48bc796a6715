// SPDX-License-Identifier: MIT
#include "engine/reminders/reminder_plan.hpp"

#include <algorithm>

namespace quiz::engine {

namespace {

using std::chrono::days;
using std::chrono::sys_days;
using std::chrono::year_month_day;

days gap_of(reminder_pace pace)
{
    switch (pace) {
    case reminder_pace::daily:
        return days{1};
    case reminder_pace::every_other_day:
        return days{2};
    case reminder_pace::weekly:
        return days{7};
    }
    return days{1};
}

} // namespace

reminder_pace pace_after(int ignored_in_a_row, const reminder_options& options)
{
    if (ignored_in_a_row >= options.ignored_before_weekly) {
        return reminder_pace::weekly;
    }
    if (ignored_in_a_row >= options.ignored_before_every_other_day) {
        return reminder_pace::every_other_day;
    }
    return reminder_pace::daily;
}

bool in_quiet_hours(std::chrono::minutes time_of_day, const reminder_options& options)
{
    if (options.quiet_from <= options.quiet_until) {
        return time_of_day >= options.quiet_from && time_of_day < options.quiet_until;
    }
    return time_of_day >= options.quiet_from || time_of_day < options.quiet_until; // spans midnight
}

std::chrono::minutes reminder_time(const reminder_setting& setting, const reminder_options& options)
{
    if (!setting.time_chosen && in_quiet_hours(setting.time_of_day, options)) {
        return options.quiet_until;
    }
    return setting.time_of_day;
}

instant next_reminder(const reminder_setting& setting, std::optional<year_month_day> last_sent_day,
                      int ignored_in_a_row, const zone_rules& zone, instant now, const reminder_options& options)
{
    const auto time = reminder_time(setting, options);
    sys_days day{zone.local(now).day};
    if (last_sent_day) {
        day = std::max(day, sys_days{*last_sent_day} + gap_of(pace_after(ignored_in_a_row, options)));
    }
    // Today's time may have gone by; a day later it has not (a day of a DST change is 23 or 25 hours, never less).
    auto at = zone.at(year_month_day{day}, time);
    if (at < now) {
        at = zone.at(year_month_day{day + days{1}}, time);
    }
    return at;
}

reminder_verdict judge_reminder(const reminder_setting& setting, const reminder_facts& facts, const zone_rules& zone,
                                const reminder_options& options)
{
    if (facts.now - facts.scheduled > options.late_limit) {
        return reminder_verdict::skip_late;
    }
    const auto here = zone.local(facts.now);
    if (!setting.time_chosen && in_quiet_hours(here.time_of_day, options)) {
        return reminder_verdict::skip_quiet;
    }
    if (facts.in_session) {
        return reminder_verdict::skip_in_session;
    }
    if (facts.last_answer && zone.local(*facts.last_answer).day == here.day) {
        return reminder_verdict::skip_reviewed;
    }
    if (facts.due_soon <= 0) {
        return reminder_verdict::skip_nothing_due;
    }
    return reminder_verdict::send;
}

int ignored_in_a_row(int before, std::optional<instant> last_sent, std::optional<instant> last_answer)
{
    if (!last_sent) {
        return 0;
    }
    if (last_answer && *last_answer >= *last_sent) {
        return 0;
    }
    return before + 1;
}

int review_minutes(int due, const reminder_options& options)
{
    const auto total = std::chrono::seconds{options.per_review.count() * std::max(due, 0)};
    const auto minutes = std::chrono::ceil<std::chrono::minutes>(total).count();
    return static_cast<int>(std::max<std::chrono::minutes::rep>(minutes, 1));
}

} // namespace quiz::engine
