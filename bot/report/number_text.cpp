// SPDX-License-Identifier: MIT
#include "bot/report/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace quiz::bot::report {

std::string number_text(const cell& value)
{
    if (const auto* count = std::get_if<std::int64_t>(&value)) {
        return std::to_string(*count);
    }
    if (const auto* n = std::get_if<number>(&value)) {
        if (!std::isfinite(n->value)) {
            return "";
        }
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", n->decimals, n->value);
        return buffer;
    }
    if (const auto* text = std::get_if<std::string>(&value)) {
        return *text;
    }
    return "";
}

} // namespace quiz::bot::report
