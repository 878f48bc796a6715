// SPDX-License-Identifier: MIT
#pragma once

#include "bot/report/report_table.hpp"

#include <boost/json/array.hpp>

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::report {

/// The formats a table is written in.
enum class format : unsigned char {
    text, ///< aligned columns for a terminal
    csv,  ///< RFC 4180, with text cells defused against formula injection
    json, ///< an array of objects keyed by column name
};

/// "table", "csv" or "json"; nullopt for anything else.
[[nodiscard]] std::optional<format> parse_format(std::string_view name) noexcept;

/// One CSV field. Text beginning with '=', '+', '-', '@', a tab or a carriage return gets a leading "'" so that a
/// spreadsheet does not run it as a formula (OWASP, "CSV Injection"); numbers are written as numbers, a negative one
/// included. Fields holding a comma, a quote, CR or LF are quoted, quotes doubled (RFC 4180).
[[nodiscard]] std::string csv_field(const cell& value);

/// A header line and a line per row, each ended by CRLF (RFC 4180).
void write_csv(std::ostream& out, const table& rows);

/// One object per row, keyed by column name; empty cells are null.
[[nodiscard]] boost::json::array json_rows(const table& rows);
void write_json(std::ostream& out, const table& rows);

/// Columns padded to their widest cell (in characters), numbers aligned right, two spaces apart.
void write_text(std::ostream& out, const table& rows);

void write(std::ostream& out, const table& rows, format how);

} // namespace quiz::bot::report
