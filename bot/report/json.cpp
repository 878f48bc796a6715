// SPDX-License-Identifier: MIT
#include "bot/report/writers.hpp"

#include "bot/overloaded.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <ostream>

namespace quiz::bot::report {

boost::json::array json_rows(const table& rows)
{
    boost::json::array out;
    out.reserve(rows.rows.size());
    for (const auto& row : rows.rows) {
        boost::json::object object;
        for (std::size_t i = 0; i < row.size() && i < rows.columns.size(); ++i) {
            object[rows.columns[i]] =
                std::visit(overloaded{[](std::monostate) { return boost::json::value(nullptr); },
                                      [](const std::string& text) { return boost::json::value(text); },
                                      [](std::int64_t count) { return boost::json::value(count); },
                                      [](const number& n) { return boost::json::value(n.value); }},
                           row[i]);
        }
        out.push_back(std::move(object));
    }
    return out;
}

void write_json(std::ostream& out, const table& rows) { out << boost::json::serialize(json_rows(rows)) << '\n'; }

} // namespace quiz::bot::report
