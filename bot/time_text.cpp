// SPDX-License-Identifier: MIT
#include "bot/time_text.hpp"

#include <cstdio>
#include <cstdlib>

namespace quiz::bot {

namespace {

using namespace std::chrono;

class cursor {
public:
    explicit cursor(std::string_view text) : text_(text) {}

    [[nodiscard]] bool done() const noexcept { return pos_ == text_.size(); }
    [[nodiscard]] char peek() const noexcept { return done() ? '\0' : text_[pos_]; }

    bool take(char c) noexcept
    {
        if (peek() != c) {
            return false;
        }
        ++pos_;
        return true;
    }

    /// Exactly `count` decimal digits.
    std::optional<int> number(std::size_t count) noexcept
    {
        if (text_.size() - pos_ < count) {
            return std::nullopt;
        }
        int value = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const char c = text_[pos_ + i];
            if (c < '0' || c > '9') {
                return std::nullopt;
            }
            value = value * 10 + (c - '0');
        }
        pos_ += count;
        return value;
    }

    /// One or more digits as microseconds (the first six count).
    std::optional<int> fraction() noexcept
    {
        int value = 0;
        std::size_t digits = 0;
        while (!done() && peek() >= '0' && peek() <= '9') {
            if (digits < 6) {
                value = value * 10 + (peek() - '0');
            }
            ++digits;
            ++pos_;
        }
        if (digits == 0) {
            return std::nullopt;
        }
        for (std::size_t i = digits; i < 6; ++i) {
            value *= 10;
        }
        return value;
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// The UTC offset in minutes: "Z", "+HH:MM", "+HHMM" or "+HH".
std::optional<int> parse_offset(cursor& in)
{
    if (in.take('Z') || in.take('z')) {
        return 0;
    }
    int sign = 0;
    if (in.take('+')) {
        sign = 1;
    } else if (in.take('-')) {
        sign = -1;
    } else {
        return std::nullopt;
    }
    const auto hours = in.number(2);
    if (!hours || *hours > 23) {
        return std::nullopt;
    }
    int minutes_part = 0;
    if (!in.done()) {
        in.take(':');
        const auto value = in.number(2);
        if (!value || *value > 59) {
            return std::nullopt;
        }
        minutes_part = *value;
    }
    return sign * (*hours * 60 + minutes_part);
}

} // namespace

std::optional<microtime> parse_iso8601(std::string_view text)
{
    cursor in(text);
    const auto y = in.number(4);
    if (!y || !in.take('-')) {
        return std::nullopt;
    }
    const auto m = in.number(2);
    if (!m || !in.take('-')) {
        return std::nullopt;
    }
    const auto d = in.number(2);
    if (!d || !(in.take('T') || in.take('t') || in.take(' '))) {
        return std::nullopt;
    }
    const year_month_day date{year{*y}, month{static_cast<unsigned>(*m)}, day{static_cast<unsigned>(*d)}};
    if (!date.ok()) {
        return std::nullopt;
    }
    const auto hh = in.number(2);
    if (!hh || *hh > 23 || !in.take(':')) {
        return std::nullopt;
    }
    const auto mm = in.number(2);
    if (!mm || *mm > 59) {
        return std::nullopt;
    }
    int ss = 0;
    int micros = 0;
    if (in.take(':')) {
        const auto value = in.number(2);
        if (!value || *value > 59) { // leap seconds have no UTC instant of their own
            return std::nullopt;
        }
        ss = *value;
        if (in.take('.') || in.take(',')) {
            const auto f = in.fraction();
            if (!f) {
                return std::nullopt;
            }
            micros = *f;
        }
    }
    const auto offset = parse_offset(in);
    if (!offset || !in.done()) {
        return std::nullopt;
    }
    return microtime{sys_days{date}} + hours{*hh} + minutes{*mm} + seconds{ss} + microseconds{micros} -
           minutes{*offset};
}

std::string format_iso8601(microtime time)
{
    const auto day_start = floor<days>(time);
    const year_month_day date{day_start};
    const hh_mm_ss<microseconds> clock{time - day_start};
    const int y = static_cast<int>(date.year());
    char buffer[64];
    int length = 0;
    if (y >= 0 && y <= 9999) {
        length = std::snprintf(buffer, sizeof buffer, "%04d", y);
    } else {
        length = std::snprintf(buffer, sizeof buffer, "%c%06d", y < 0 ? '-' : '+', std::abs(y));
    }
    std::string result(buffer, static_cast<std::size_t>(length));
    std::snprintf(buffer, sizeof buffer, "-%02u-%02uT%02d:%02d:%02d", static_cast<unsigned>(date.month()),
                  static_cast<unsigned>(date.day()), static_cast<int>(clock.hours().count()),
                  static_cast<int>(clock.minutes().count()), static_cast<int>(clock.seconds().count()));
    result += buffer;
    const auto micros = clock.subseconds().count();
    if (micros % 1000 == 0 && micros != 0) {
        std::snprintf(buffer, sizeof buffer, ".%03d", static_cast<int>(micros / 1000));
        result += buffer;
    } else if (micros != 0) {
        std::snprintf(buffer, sizeof buffer, ".%06d", static_cast<int>(micros));
        result += buffer;
    }
    result += 'Z';
    return result;
}

std::string format_iso8601_millis(sys_time<milliseconds> time)
{
    std::string text = format_iso8601(microtime{time});
    const auto fraction = text.find('.');
    if (fraction == std::string::npos) {
        text.insert(text.size() - 1, ".000");
    }
    return text;
}

} // namespace quiz::bot
