// SPDX-License-Identifier: MIT
#include "engine/core/language.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace core_language_test {

using quiz::engine::language;
using quiz::engine::localized;
using quiz::engine::parse_language;

TEST_CASE("platform locales map to a language by their primary subtag")
{
    CHECK(parse_language("fr") == language::fr);
    CHECK(parse_language("fr-FR") == language::fr);
    CHECK(parse_language("FR_ca") == language::fr);
    CHECK(parse_language("en-US") == language::en);
    CHECK(parse_language("en") == language::en);
    CHECK_FALSE(parse_language("de").has_value());
    CHECK_FALSE(parse_language("").has_value());
    CHECK_FALSE(parse_language("fra").has_value());
    // A terminal's LANG: POSIX adds a codeset and a modifier.
    CHECK(parse_language("fr_FR.UTF-8") == language::fr);
    CHECK(parse_language("fr.UTF-8") == language::fr);
    CHECK(parse_language("en_GB@euro") == language::en);
    CHECK_FALSE(parse_language("C.UTF-8").has_value());
}

TEST_CASE("a locale quizbot does not speak is spoken to in English")
{
    using quiz::engine::language_of_locale;
    CHECK(language_of_locale("fr") == language::fr);
    CHECK(language_of_locale("fr_CA.UTF-8") == language::fr);
    CHECK(language_of_locale("en-GB") == language::en);
    CHECK(language_of_locale("de") == language::en);
    CHECK(language_of_locale("") == language::en);
    CHECK(language_of_locale("C") == language::en);
}

TEST_CASE("language codes round-trip")
{
    for (const auto lang : quiz::engine::all_languages) {
        CHECK(parse_language(quiz::engine::code(lang)) == lang);
    }
}

TEST_CASE("a localized value falls back to a language that has one")
{
    localized<std::string> title;
    CHECK(title.best(language::fr) == nullptr);
    title.set(language::en, "Guide");
    REQUIRE(title.best(language::fr) != nullptr);
    CHECK(*title.best(language::fr) == "Guide");
    title.set(language::fr, "Guide (fr)");
    CHECK(*title.best(language::fr) == "Guide (fr)");
    CHECK(*title.best(language::en) == "Guide");
}

} // namespace core_language_test
