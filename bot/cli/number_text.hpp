// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace quiz::bot::cli {

// Numbers as the subcommands print them in their summaries and tables.

/// "1 pack", "3 packs": a count and its English noun.
[[nodiscard]] inline std::string counted(std::size_t n, std::string_view noun)
{
    return std::to_string(n) + ' ' + std::string(noun) + (n == 1 ? "" : "s");
}

/// `value` with `decimals` digits after the point; "-" for a value that is not a number (a metric with no data).
[[nodiscard]] inline std::string fixed(double value, int decimals)
{
    if (std::isnan(value)) {
        return "-";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

} // namespace quiz::bot::cli
