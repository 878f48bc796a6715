// SPDX-License-Identifier: MIT
#include "bot/outbound/retry.hpp"

#include <algorithm>
#include <cmath>

namespace quiz::bot::outbound {

bool idempotent(http::verb method) noexcept
{
    switch (method) {
    case http::verb::get:
    case http::verb::head:
    case http::verb::put:
    case http::verb::delete_:
    case http::verb::options:
        return true;
    default:
        return false;
    }
}

bool retryable_status(unsigned status) noexcept { return status == 502 || status == 503 || status == 504; }

std::optional<std::chrono::milliseconds> parse_seconds(std::string_view value)
{
    while (!value.empty() && value.front() == ' ') {
        value.remove_prefix(1);
    }
    while (!value.empty() && value.back() == ' ') {
        value.remove_suffix(1);
    }
    if (value.empty() || value.size() > 32) {
        return std::nullopt;
    }
    // Digits, then optionally '.' and digits; parsed by hand to stay independent of the locale.
    std::int64_t whole = 0;
    std::size_t i = 0;
    for (; i < value.size() && value[i] >= '0' && value[i] <= '9'; ++i) {
        if (whole > 1'000'000'000) {
            return std::nullopt;
        }
        whole = whole * 10 + (value[i] - '0');
    }
    if (i == 0) {
        return std::nullopt;
    }
    std::int64_t millis = 0;
    if (i < value.size()) {
        if (value[i] != '.' || i + 1 == value.size()) {
            return std::nullopt;
        }
        std::int64_t scale = 100;
        bool beyond_millis = false;
        for (++i; i < value.size(); ++i) {
            if (value[i] < '0' || value[i] > '9') {
                return std::nullopt;
            }
            millis += (value[i] - '0') * scale;
            beyond_millis = beyond_millis || (scale == 0 && value[i] != '0');
            scale /= 10;
        }
        // Round a fraction of a millisecond up: waiting slightly longer is safe, slightly shorter is not.
        millis += beyond_millis ? 1 : 0;
    }
    return std::chrono::milliseconds(whole * 1000 + millis);
}

std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value,
                                                           std::chrono::system_clock::time_point now)
{
    if (auto seconds = parse_seconds(value)) {
        return seconds;
    }
    if (const auto when = http::parse_http_date(value)) {
        return std::max(std::chrono::milliseconds(0),
                        std::chrono::duration_cast<std::chrono::milliseconds>(*when - now));
    }
    return std::nullopt;
}

std::chrono::milliseconds backoff_delay(unsigned retry, std::chrono::milliseconds initial,
                                        std::chrono::milliseconds max, double jitter) noexcept
{
    const unsigned doublings = std::min(retry == 0 ? 0U : retry - 1, 30U);
    const double full = std::min(static_cast<double>(initial.count()) * std::ldexp(1.0, static_cast<int>(doublings)),
                                 static_cast<double>(max.count()));
    const double factor = 0.5 + 0.5 * std::clamp(jitter, 0.0, 1.0);
    return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(full * factor)));
}

} // namespace quiz::bot::outbound
