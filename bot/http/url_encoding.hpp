// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quiz::bot::http {

/// Decodes %XX escapes; with `plus_is_space` also '+' (form and query encoding). nullopt on a malformed escape
/// or an encoded NUL, which no caller has a use for and some would truncate on.
[[nodiscard]] std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space = false);

/// Parses `a=1&b=x%20y` (a query string or an application/x-www-form-urlencoded body) in order; a name may repeat.
/// nullopt when any part is malformed, including a name or value that is not well-formed UTF-8.
[[nodiscard]] std::optional<std::vector<std::pair<std::string, std::string>>> parse_form(std::string_view text);

/// Encodes everything but unreserved characters (RFC 3986), for building query strings and paths.
[[nodiscard]] std::string percent_encode(std::string_view text);

/// 0 to 15 for a hex digit (either case), -1 for anything else.
[[nodiscard]] int hex_digit_value(char c) noexcept;

} // namespace quiz::bot::http
