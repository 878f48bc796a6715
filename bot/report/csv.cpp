// SPDX-License-Identifier: MIT
#include "bot/report/writers.hpp"

#include "bot/report/number_text.hpp"

#include <ostream>

namespace quiz::bot::report {

namespace {

bool starts_a_formula(std::string_view text)
{
    return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
}

std::string quoted_if_needed(std::string text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string out = "\"";
    for (const char c : text) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    return out + '"';
}

} // namespace

std::string csv_field(const cell& value)
{
    if (const auto* text = std::get_if<std::string>(&value)) {
        // Only text is defused: a number cell is never text, so -0.12 stays a number.
        return quoted_if_needed(starts_a_formula(*text) ? "'" + *text : *text);
    }
    return number_text(value);
}

void write_csv(std::ostream& out, const table& rows)
{
    const auto line = [&out](const std::vector<cell>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            out << (i > 0 ? "," : "") << csv_field(cells[i]);
        }
        out << "\r\n";
    };
    line(std::vector<cell>(rows.columns.begin(), rows.columns.end()));
    for (const auto& row : rows.rows) {
        line(row);
    }
}

} // namespace quiz::bot::report
