// SPDX-License-Identifier: MIT
#include "engine/core/language.hpp"

namespace quiz::engine {

std::string_view code(language lang) noexcept
{
    switch (lang) {
    case language::en:
        return "en";
    case language::fr:
        return "fr";
    }
    return "en";
}

std::optional<language> parse_language(std::string_view text) noexcept
{
    // Locales look like "fr", "fr-FR", "fr_CA", "en-US", POSIX's "fr_FR.UTF-8" or "fr.UTF-8": the primary subtag
    // decides.
    const auto primary = text.substr(0, text.find_first_of("-_.@"));
    auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    if (primary.size() != 2) {
        return std::nullopt;
    }
    const char a = lower(primary[0]);
    const char b = lower(primary[1]);
    if (a == 'e' && b == 'n') {
        return language::en;
    }
    if (a == 'f' && b == 'r') {
        return language::fr;
    }
    return std::nullopt;
}

language language_of_locale(std::string_view locale) noexcept { return parse_language(locale).value_or(language::en); }

} // namespace quiz::engine
