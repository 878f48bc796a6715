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

std::string lowered(std::string_view text)
{
    std::string lower(text); // schemes are case-insensitive (RFC 3986, section 3.1)
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

} // namespace

bool is_postgres_location(std::string_view value) noexcept
{
    const auto scheme = lowered(uri_scheme(value));
    return scheme == "postgresql" || scheme == "postgres";
}

std::optional<std::string> database_location_problem(std::string_view value)
{
    if (value.empty()) {
        return "expected the path of a SQLite database file or a postgresql:// URI, got an empty value";
    }
    const auto scheme = uri_scheme(value);
    if (scheme.empty() || is_postgres_location(value)) {
        return std::nullopt;
    }
    return "a " + std::string(scheme) +
           ":// URI names no storage engine quizbot has; give the path of a SQLite database file (the default is "
           "./data/quizbot.db) or a postgresql:// URI";
}

std::string shown_location(std::string_view value)
{
    if (uri_scheme(value).empty()) {
        return std::string(value);
    }
    std::string shown(value);
    // user:password@host: the authority ends at the first '/', '?' or '#' after "://".
    const auto authority = shown.find("://") + 3;
    const auto authority_end = std::min(shown.find_first_of("/?#", authority), shown.size());
    const auto at = shown.rfind('@', authority_end);
    if (at != std::string::npos && at >= authority) {
        const auto colon = shown.find(':', authority);
        if (colon != std::string::npos && colon < at) {
            shown.replace(colon + 1, at - colon - 1, "***");
        }
    }
    // password=... among the query's parameters.
    const auto query = shown.find('?');
    for (auto at_key = query; at_key != std::string::npos && at_key < shown.size();) {
        const auto key = at_key + 1;
        const auto end = std::min(shown.find('&', key), shown.size());
        if (lowered(std::string_view(shown).substr(key, 9)) == "password=") {
            shown.replace(key + 9, end - key - 9, "***");
        }
        at_key = shown.find('&', key);
    }
    return shown;
}

} // namespace quiz::bot
