// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/report_ports.hpp"

#include <chrono>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

/// An ISO 8601 week: weeks start on Monday, and week 1 is the one holding the year's first Thursday.
struct iso_week {
    int year = 0;
    int week = 0;
    friend auto operator<=>(const iso_week&, const iso_week&) = default;
};

[[nodiscard]] iso_week iso_week_of(std::chrono::sys_days day) noexcept;

/// One UTC day of the scope, with its ISO week's figures beside it.
struct activity_day {
    std::chrono::sys_days day;
    int answers = 0;
    int correct = 0;
    iso_week week;
    int week_answers = 0;
    std::optional<double> week_accuracy; ///< the week's share of right answers
};

/// Every day from the first answer to the last, days without answers included (a chart shows the gaps).
[[nodiscard]] std::vector<activity_day> activity_report(std::span<const report_answer> answers);

} // namespace quiz::engine
