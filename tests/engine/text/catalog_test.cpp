// SPDX-License-Identifier: MIT
#include "engine/text/catalog.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace text_catalog_test {

using namespace quiz::engine;

TEST_CASE("every message exists in English and French with the same placeholders")
{
    std::set<std::string_view> ids;
    for (std::size_t i = 0; i < message_count; ++i) {
        const auto m = static_cast<message>(i);
        INFO(message_id(m));
        CHECK(ids.insert(message_id(m)).second);
        const auto en = message_template(m, language::en);
        const auto fr = message_template(m, language::fr);
        CHECK_FALSE(en.empty());
        CHECK_FALSE(fr.empty());
        const auto en_info = inspect_pattern(en);
        const auto fr_info = inspect_pattern(fr);
        CHECK_FALSE(en_info.error.has_value());
        CHECK_FALSE(fr_info.error.has_value());
        CHECK(en_info.names == fr_info.names);
        // A number may drive a plural in one language only (English "{seen} of {total}" against French
        // "{seen, plural, ...}"), but a plural argument must be a number in both: it is a placeholder in both.
        for (const auto& name : fr_info.plural_names) {
            CHECK(std::find(en_info.names.begin(), en_info.names.end(), name) != en_info.names.end());
        }
    }
}

TEST_CASE("the pattern checker catches broken templates")
{
    CHECK(inspect_pattern("{count, plural, one {# item}}").error.has_value()); // no other
    CHECK(inspect_pattern("{count, plural, few {#} other {#}}").error.has_value());
    CHECK(inspect_pattern("{count").error.has_value());
    CHECK(inspect_pattern("count}").error.has_value());
    CHECK(inspect_pattern("{count, select, a {x}}").error.has_value());
    const auto ok = inspect_pattern("{a} and {b, plural, one {# {c}} other {# {c}s}}");
    CHECK_FALSE(ok.error.has_value());
    CHECK(ok.names == std::vector<std::string>{"a", "b", "c"});
    CHECK(ok.plural_names == std::vector<std::string>{"b"});
}

TEST_CASE("French counts 0 and 1 as singular, English only 1")
{
    CHECK(plural_of(language::fr, 0) == plural_category::one);
    CHECK(plural_of(language::fr, 1) == plural_category::one);
    CHECK(plural_of(language::fr, 2) == plural_category::other);
    CHECK(plural_of(language::en, 0) == plural_category::other);
    CHECK(plural_of(language::en, 1) == plural_category::one);
    CHECK(plural_of(language::en, 2) == plural_category::other);

    using arg = message_arg;
    CHECK(format_message(message::summary_mix, language::fr, {arg::num("reviews", 0), arg::num("fresh", 1)}) ==
          "0 révision, 1 nouvelle question");
    CHECK(format_message(message::summary_mix, language::fr, {arg::num("reviews", 2), arg::num("fresh", 3)}) ==
          "2 révisions, 3 nouvelles questions");
    CHECK(format_message(message::summary_mix, language::en, {arg::num("reviews", 0), arg::num("fresh", 1)}) ==
          "0 reviews, 1 new question");
    CHECK(format_message(message::round_answered, language::fr, {arg::num("answered", 1), arg::num("players", 4)}) ==
          "1 sur 4 a répondu");
    CHECK(format_message(message::round_answered, language::fr, {arg::num("answered", 3), arg::num("players", 4)}) ==
          "3 sur 4 ont répondu");
    CHECK(format_message(message::card_due_remaining, language::fr, {arg::num("count", 0)}) == "plus rien à revoir");
    CHECK(format_message(message::card_due_remaining, language::en, {arg::num("count", 5)}) == "5 more due");
}

TEST_CASE("placeholders are filled, French punctuation takes a no-break space")
{
    using arg = message_arg;
    CHECK(format_message(message::feedback_misconception, language::en,
                         {arg::str("letter", "B"), arg::str("label", "stages mixed up")}) ==
          "You chose B, a common confusion: stages mixed up.");
    CHECK(format_message(message::feedback_misconception, language::fr,
                         {arg::str("letter", "B"), arg::str("label", "étapes confondues")}) ==
          "Vous avez choisi B, une confusion fréquente\u00a0: étapes confondues.");
    CHECK(format_message(message::feedback_right, language::fr, {}) == "Bonne réponse\u00a0!");
    CHECK(format_message(message::feedback_comes_back, language::fr, {arg::num("days", 1)}) ==
          "Prochaine révision\u00a0: demain.");
    CHECK(format_message(message::feedback_comes_back, language::en, {arg::num("days", 6)}) ==
          "Next review in 6 days.");
    // A missing argument stays visible rather than vanishing.
    CHECK(format_message(message::stats_title, language::en, {}) == "Your progress: {pack}");
}

} // namespace text_catalog_test
