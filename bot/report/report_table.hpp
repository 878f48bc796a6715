// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace quiz::bot::report {

/// A measured value, written with `decimals` digits after the point in text and CSV (JSON keeps it exact).
struct number {
    double value = 0.0;
    int decimals = 3;
    friend bool operator==(const number&, const number&) = default;
};

/// One cell: nothing (no value yet: written empty, or null in JSON), text, a count, or a number. Writers tell text
/// from numbers by this type, never by looking at the characters.
using cell = std::variant<std::monostate, std::string, std::int64_t, number>;

/// A report: its columns, named once for every format, and rows of as many cells.
struct table {
    std::vector<std::string> columns;
    std::vector<std::vector<cell>> rows;
};

} // namespace quiz::bot::report
