// SPDX-License-Identifier: MIT
#include "engine/numeric/js_number.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <system_error>

namespace quiz::engine::fsrs {

double to_fixed_8(double x)
{
    // %.1100f prints the exact binary value (glibc prints every digit); round its decimal digits half-up by hand
    // because printf's own rounding would break exact ties to even.
    const double magnitude = std::fabs(x);
    std::array<char, 1500> buffer{};
    const int length = std::snprintf(buffer.data(), buffer.size(), "%.1100f", magnitude);
    if (length <= 0 || static_cast<std::size_t>(length) >= buffer.size()) {
        return x; // not reached for finite doubles; keep the value rather than invent one
    }
    std::string digits(buffer.data(), static_cast<std::size_t>(length));
    const auto point = digits.find('.');
    const bool round_up = digits[point + 9] >= '5';
    // The digits of value * 1e8 (an integer), rounded up by one unit when needed.
    std::string kept = digits.substr(0, point);
    kept.append(digits, point + 1, 8);
    bool carry = round_up;
    for (std::size_t i = kept.size(); carry && i > 0; --i) {
        carry = kept[i - 1] == '9';
        kept[i - 1] = carry ? '0' : static_cast<char>(kept[i - 1] + 1);
    }
    std::string text;
    if (carry) {
        text.push_back('1');
    }
    text.append(kept, 0, kept.size() - 8);
    text.push_back('.');
    text.append(kept, kept.size() - 8, 8);
    const double result = std::strtod(text.c_str(), nullptr);
    return std::signbit(x) ? -result : result;
}

std::string js_number_text(double x)
{
    if (x == 0.0) {
        return "0";
    }
    std::array<char, 64> buffer{};
    const auto [end, error] =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), x, std::chars_format::scientific);
    if (error != std::errc{}) {
        return "NaN";
    }
    std::string_view text(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
    std::string result;
    if (text.front() == '-') {
        result.push_back('-');
        text.remove_prefix(1);
    }
    const auto e = text.find('e');
    std::string digits;
    for (const char c : text.substr(0, e)) {
        if (c != '.') {
            digits.push_back(c);
        }
    }
    int exponent = 0;
    const auto exponent_text = text.substr(e + 1);
    std::from_chars(exponent_text.data() + (exponent_text.front() == '+' ? 1 : 0),
                    exponent_text.data() + exponent_text.size(), exponent);
    const int k = static_cast<int>(digits.size());
    const int n = exponent + 1; // x = 0.digits * 10^n
    if (k <= n && n <= 21) {
        result += digits;
        result.append(static_cast<std::size_t>(n - k), '0');
    } else if (0 < n && n <= 21) {
        result += digits.substr(0, static_cast<std::size_t>(n));
        result += '.';
        result += digits.substr(static_cast<std::size_t>(n));
    } else if (-6 < n && n <= 0) {
        result += "0.";
        result.append(static_cast<std::size_t>(-n), '0');
        result += digits;
    } else {
        result += digits.front();
        if (k > 1) {
            result += '.';
            result += digits.substr(1);
        }
        result += n - 1 < 0 ? "e-" : "e+";
        result += std::to_string(std::abs(n - 1));
    }
    return result;
}

} // namespace quiz::engine::fsrs
