// SPDX-License-Identifier: MIT
#include "bot/report/writers.hpp"

namespace quiz::bot::report {

std::optional<format> parse_format(std::string_view name) noexcept
{
    if (name == "table") {
        return format::text;
    }
    if (name == "csv") {
        return format::csv;
    }
    if (name == "json") {
        return format::json;
    }
    return std::nullopt;
}

void write(std::ostream& out, const table& rows, format how)
{
    switch (how) {
    case format::text:
        write_text(out, rows);
        return;
    case format::csv:
        write_csv(out, rows);
        return;
    case format::json:
        write_json(out, rows);
        return;
    }
}

} // namespace quiz::bot::report
