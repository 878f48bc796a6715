// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/reminders/reminder_book.hpp"

#include <string>

namespace quiz::bot::tutoring {

// What learners read about reminders by DM (docs/reminders.md), in English and French.

/// The setting, with the next one's local day and time when they are on.
[[nodiscard]] std::string reminder_setting_text(const engine::reminder_schedule& schedule,
                                                std::optional<engine::local_time> next, engine::language lang);
/// Just turned on: when and where, and the next one.
[[nodiscard]] std::string reminders_on_text(const engine::reminder_schedule& schedule, engine::local_time next,
                                            engine::language lang);
[[nodiscard]] std::string reminders_off_text(engine::language lang);
[[nodiscard]] std::string reminder_bad_time_text(const std::string& typed, engine::language lang);
[[nodiscard]] std::string reminder_bad_zone_text(const std::string& typed, engine::language lang);
[[nodiscard]] std::string reminder_needs_zone_text(engine::language lang);
[[nodiscard]] std::string reminders_unavailable_text(engine::language lang);
/// Said once after a platform refused a reminder (Discord 50007).
[[nodiscard]] std::string reminders_refused_text(engine::language lang);

/// The reminder itself: how many reviews, how long, and why it comes less often when it does.
[[nodiscard]] std::string reminder_text(int due, int minutes, int ignored, engine::reminder_pace pace,
                                        engine::language lang);
[[nodiscard]] std::string reminder_start_label(engine::language lang);
[[nodiscard]] std::string reminder_unsubscribe_label(engine::language lang);

/// "18:05".
[[nodiscard]] std::string clock_text(std::chrono::minutes time_of_day);
/// "HH:MM" (or "H:MM", "HHhMM") as minutes of the day; nullopt when it is not a time.
[[nodiscard]] std::optional<std::chrono::minutes> parse_clock(const std::string& typed);

} // namespace quiz::bot::tutoring
