// SPDX-License-Identifier: MIT
#include "engine/reports/activity_report.hpp"

#include <map>

namespace quiz::engine {

iso_week iso_week_of(std::chrono::sys_days day) noexcept
{
    using namespace std::chrono;
    const weekday wd{day};
    const sys_days thursday = day - days{wd.iso_encoding() - 1} + days{3};
    const year_month_day date{thursday};
    const sys_days january_first{date.year() / January / 1};
    return {static_cast<int>(date.year()), static_cast<int>((thursday - january_first).count() / 7 + 1)};
}

std::vector<activity_day> activity_report(std::span<const report_answer> answers)
{
    using std::chrono::sys_days;
    std::map<sys_days, activity_day> by_day;
    std::map<iso_week, std::pair<int, int>> by_week; // answers, right
    for (const auto& a : answers) {
        const auto day = std::chrono::floor<std::chrono::days>(a.answered_at);
        auto& d = by_day[day];
        d.answers += 1;
        d.correct += a.correct ? 1 : 0;
        auto& w = by_week[iso_week_of(day)];
        w.first += 1;
        w.second += a.correct ? 1 : 0;
    }
    std::vector<activity_day> rows;
    if (by_day.empty()) {
        return rows;
    }
    for (sys_days day = by_day.begin()->first; day <= by_day.rbegin()->first; day += std::chrono::days{1}) {
        activity_day row = by_day[day];
        row.day = day;
        row.week = iso_week_of(day);
        const auto [week_answers, week_right] = by_week[row.week];
        row.week_answers = week_answers;
        if (week_answers > 0) {
            row.week_accuracy = static_cast<double>(week_right) / week_answers;
        }
        rows.push_back(row);
    }
    return rows;
}

} // namespace quiz::engine
