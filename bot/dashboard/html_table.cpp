// SPDX-License-Identifier: MIT
#include "bot/dashboard/html_table.hpp"

#include "bot/report/number_text.hpp"
#include "bot/web/html.hpp"

#include <variant>

namespace quiz::bot::dashboard {

std::string html_table(const report::table& rows)
{
    std::string out = "<div class=\"table-wrap\"><table>\n<thead><tr>";
    for (const auto& column : rows.columns) {
        out += "<th scope=\"col\">";
        web::append_escaped(out, column);
        out += "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : rows.rows) {
        out += "<tr>";
        for (const auto& value : row) {
            if (const auto* text = std::get_if<std::string>(&value)) {
                out += "<td>";
                web::append_escaped(out, *text);
            } else {
                out += "<td class=\"num\">";
                web::append_escaped(out, report::number_text(value));
            }
            out += "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table></div>\n";
    return out;
}

} // namespace quiz::bot::dashboard
