// SPDX-License-Identifier: MIT
#include "bot/report/number_text.hpp"
#include "bot/report/writers.hpp"

#include <algorithm>
#include <ostream>

namespace quiz::bot::report {

namespace {

/// Characters, not bytes: UTF-8 continuation bytes do not widen a column.
std::size_t width(std::string_view text)
{
    return static_cast<std::size_t>(std::count_if(
        text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U; }));
}

/// Text on one line: control characters (a name with a newline) would break the columns.
std::string one_line(const std::string& text)
{
    std::string out = text;
    std::replace_if(
        out.begin(), out.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20U; }, ' ');
    return out;
}

} // namespace

void write_text(std::ostream& out, const table& rows)
{
    std::vector<std::vector<std::string>> lines{rows.columns};
    std::vector<std::size_t> widths(rows.columns.size(), 0);
    std::vector<bool> right(rows.columns.size(), false);
    for (const auto& row : rows.rows) {
        std::vector<std::string> line;
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) {
            const bool is_text = std::holds_alternative<std::string>(row[i]);
            right[i] = right[i] || (!is_text && !std::holds_alternative<std::monostate>(row[i]));
            line.push_back(is_text ? one_line(std::get<std::string>(row[i])) : number_text(row[i]));
        }
        lines.push_back(std::move(line));
    }
    for (const auto& line : lines) {
        for (std::size_t i = 0; i < line.size(); ++i) {
            widths[i] = std::max(widths[i], width(line[i]));
        }
    }
    for (const auto& line : lines) {
        std::string text;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const std::string pad(widths[i] - width(line[i]), ' ');
            text += (i > 0 ? "  " : "") + (right[i] ? pad + line[i] : line[i] + pad);
        }
        while (!text.empty() && text.back() == ' ') {
            text.pop_back();
        }
        out << text << '\n';
    }
}

} // namespace quiz::bot::report
