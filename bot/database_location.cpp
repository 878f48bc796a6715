// SPDX-License-Identifier: MIT
#include "bot/database_location.hpp"

#include <algorithm>
#include <cctype>

namespace quiz::bot {

namespace {

/// The scheme of `scheme://...` (RFC 3986: a letter, then letters, digits, '+', '-', '.'); empty for anything else.
std::string_view uri_scheme(std::string_view value)
{
    const auto end = value.find("://");
    if (end == std::string_view::npos || end == 0) {
        return {};
    }
    const auto scheme = value.substr(0, end);
    const auto valid = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '-' || c == '.';
    };
    if (std::isalpha(static_cast<unsigned char>(scheme.front())) == 0 ||
        !std::all_of(scheme.begin(), scheme.end(), valid)) {
        return {};
    }
    return scheme;
}

} // namespace

std::optional<std::string> database_location_problem(std::string_view value)
{
    if (value.empty()) {
        return "expected the path of a SQLite database file, got an empty value";
    }
    const auto scheme = uri_scheme(value);
    if (scheme.empty()) {
        return std::nullopt;
    }
    std::string lower(scheme); // schemes are case-insensitive (RFC 3986, section 3.1)
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "postgresql" || lower == "postgres") {
        return "a " + std::string(scheme) +
               ":// URI names PostgreSQL, which this build of quizbot does not include; give the path of a SQLite "
               "database file (the default is ./data/quizbot.db)";
    }
    return "a " + std::string(scheme) +
           ":// URI names no storage engine quizbot has; give the path of a SQLite database file (the default is "
           "./data/quizbot.db)";
}

} // namespace quiz::bot
