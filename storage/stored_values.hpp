// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/group_round.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace quiz::storage {

// Values both storage engines write the same way, so that a database copied from one to the other reads the same.

/// A learner's local day as stored ('YYYY-MM-DD': reminder_log.local_date, reminder_schedule.last_sent_day).
[[nodiscard]] std::string day_text(std::chrono::year_month_day day);
/// The day of day_text; nullopt for none or for text that is no valid date.
[[nodiscard]] std::optional<std::chrono::year_month_day> parse_day(const std::optional<std::string>& text);

/// Everyone a round's state names (host, players, answerers): its round_participant rows.
[[nodiscard]] std::set<std::int64_t> participants_of(const engine::round_state& state);

} // namespace quiz::storage
