// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/strong_id.hpp"
#include "engine/fsrs/fsrs_model.hpp"

#include <chrono>
#include <cstdint>
#include <optional>

namespace quiz::engine::recall {

using card_key = strong_id<struct card_key_tag, std::int64_t>;
using timestamp = std::chrono::sys_time<std::chrono::microseconds>;

/// One answered review of a card, as a review log records it.
struct logged_review {
    card_key card;
    fsrs::rating grade = fsrs::rating::good;
    timestamp time;
    std::optional<std::chrono::milliseconds> duration; ///< how long the answer took, when the log says
};

/// A review counts as recalled unless it was answered Again (FSRS treats Hard as a pass).
[[nodiscard]] constexpr bool passed(fsrs::rating grade) noexcept { return grade != fsrs::rating::again; }

/// Days are counted as Anki does: a new day starts at `day_start` after midnight UTC (04:00 by default), and the
/// elapsed days between two reviews are the day boundaries crossed, so 23:00 -> 05:00 the next morning is 1 day.
struct day_clock {
    std::chrono::minutes day_start{std::chrono::hours{4}};

    /// The number of the learner's day that `t` falls in (day 0 starts at 1970-01-01 + day_start).
    [[nodiscard]] std::int64_t day_number(timestamp t) const noexcept
    {
        return std::chrono::floor<std::chrono::days>(t - day_start).time_since_epoch().count();
    }
    [[nodiscard]] std::int64_t elapsed_days(timestamp from, timestamp to) const noexcept
    {
        return day_number(to) - day_number(from);
    }
};

} // namespace quiz::engine::recall
