// SPDX-License-Identifier: MIT
#pragma once

#include "bot/report/report_table.hpp"

#include <string>

namespace quiz::bot::report {

/// A cell that is not text as the text and CSV writers show it: "" when empty, a count in digits, a number with
/// its decimals ("-0.120"). Text cells are written as they are.
[[nodiscard]] std::string number_text(const cell& value);

} // namespace quiz::bot::report
