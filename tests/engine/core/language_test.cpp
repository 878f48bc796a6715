// SPDX-License-Identifier: MIT
#include "engine/core/language.hpp"

#include <catch2/catch.hpp>

#include <string>

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
