// SPDX-License-Identifier: MIT
#pragma once

#include "bot/report/report_table.hpp"

#include <string>

namespace quiz::bot::dashboard {

/// A report table as an HTML table inside a wrapper that scrolls sideways on narrow screens; numbers as the CSV
/// writes them, aligned right; every cell escaped.
[[nodiscard]] std::string html_table(const report::table& rows);

} // namespace quiz::bot::dashboard
