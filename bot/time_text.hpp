// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot {

using microtime = std::chrono::sys_time<std::chrono::microseconds>;

/// Parses an ISO-8601 / RFC 3339 date-time with a UTC offset: "2024-01-01T12:00:00Z", "...+00:00", "...-05:30",
/// "...+0530", optional fractional seconds (digits past microseconds are dropped), seconds optional ("T12:00Z"),
/// 'T', 't' or a space between date and time. Years 0000-9999. nullopt for anything else, including a time without
/// an offset (it would depend on a local time zone).
[[nodiscard]] std::optional<microtime> parse_iso8601(std::string_view text);

/// "2024-01-01T12:00:00Z", with ".123" milliseconds or ".123456" microseconds when the time has them. Years past
/// 9999 or before 0 are written with a sign and six digits, like JavaScript's toISOString.
[[nodiscard]] std::string format_iso8601(microtime time);

/// The same, always with milliseconds ("2024-01-01T12:00:00.000Z"), as JavaScript's toISOString writes dates.
[[nodiscard]] std::string format_iso8601_millis(std::chrono::sys_time<std::chrono::milliseconds> time);

} // namespace quiz::bot
