// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <chrono>
#include <optional>
#include <string_view>

namespace quiz::bot::outbound {

/// Methods that may be repeated without changing the outcome (RFC 9110 §9.2.2): GET, HEAD, PUT, DELETE, OPTIONS.
[[nodiscard]] bool idempotent(http::verb method) noexcept;

/// Statuses worth repeating an idempotent request for: 502, 503, 504 (the server or a proxy was briefly unable).
[[nodiscard]] bool retryable_status(unsigned status) noexcept;

/// A Retry-After value: seconds (whole or decimal, as Discord sends) or an HTTP date relative to `now`.
/// nullopt when malformed; a date in the past gives zero.
[[nodiscard]] std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value,
                                                                         std::chrono::system_clock::time_point now);

/// Seconds, whole or decimal ("1.25"), as in X-RateLimit-Reset-After; nullopt when malformed or negative.
[[nodiscard]] std::optional<std::chrono::milliseconds> parse_seconds(std::string_view value);

/// The wait before retry number `retry` (1 for the first): `initial` doubled each time, capped at `max`, then
/// scaled by a factor in [0.5, 1] from `jitter` in [0, 1) so that clients that failed together spread out.
[[nodiscard]] std::chrono::milliseconds backoff_delay(unsigned retry, std::chrono::milliseconds initial,
                                                      std::chrono::milliseconds max, double jitter) noexcept;

} // namespace quiz::bot::outbound
