// SPDX-License-Identifier: MIT
#include "content/import_to_pack.hpp"

#include "content/gift_reader.hpp"
#include "content/slug.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace quiz::content::content_import_to_pack_test {
namespace {

using engine::language;

import_options options_for(language lang = language::en)
{
    return {engine::pack_key{"net"}, lang, "Networks", "Net basics", "net.gift", 3};
}

std::vector<std::string> messages(const std::vector<diagnostic>& diagnostics)
{
    std::vector<std::string> all;
    for (const auto& d : diagnostics) {
        all.push_back(to_string(d));
    }
    return all;
}

std::vector<std::string> question_ids(const engine::pack& pack)
{
    std::vector<std::string> ids;
    for (const auto& q : pack.questions) {
        ids.push_back(q.key.value());
    }
    return ids;
}

std::vector<std::string> section_ids(const engine::pack& pack)
{
    std::vector<std::string> ids;
    for (const auto& s : pack.sections) {
        ids.push_back(s.key.value());
    }
    return ids;
}

} // namespace

TEST_CASE("slugify: ids from titles and stems", "[import]")
{
    CHECK(slugify("Bytes per parameter") == "bytes-per-parameter");
    CHECK(slugify("  ZeRO++ weights!  ") == "zero-weights");
    CHECK(slugify("Mémoire de l'état Adam") == "memoire-de-l-etat-adam");
    CHECK(slugify("Œuvre à Noël, ÇA") == "oeuvre-a-noel-ca");
    CHECK(slugify("2 × 3 ÷ 4") == "2-3-4");
    CHECK(slugify("日本語") == "");
    CHECK(slugify("") == "");
    CHECK(slugify("one two three four", 12) == "one-two");
    CHECK(slugify("abcdefghijklmnop", 5) == "abcde");
}

TEST_CASE("import to pack: categories become guide sections and concepts, in first-use order", "[import]")
{
    const auto imported = read_gift("Outside?{=a#x ~b#y}\n"
                                    "\n"
                                    "$CATEGORY: $course$/top/Systems/Transport\n"
                                    "\n"
                                    "::Handshake::Segments?{=3#x ~2#y ####SYN, SYN-ACK, ACK.}\n"
                                    "\n"
                                    "$CATEGORY: $course$/top\n"
                                    "\n"
                                    "Back at the top?{=a#x ~b#y}\n"
                                    "\n"
                                    "$CATEGORY: $course$/top/Systems/Transport\n"
                                    "\n"
                                    "UDP needs no handshake.\n"
                                    "\n"
                                    "::Handshake::Again?{=c#x ~d#y ####Both sides confirm sequence numbers.}\n",
                                    "net.gift");
    const auto result = to_pack(imported, options_for());
    const engine::pack& pack = result.pack;
    CHECK(pack.key.value() == "net");
    CHECK(*pack.title.get(language::en) == "Networks");
    CHECK(*pack.guide_title.get(language::en) == "Guide: Networks");
    CHECK(pack.languages == std::vector<language>{language::en});

    CHECK(section_ids(pack) == std::vector<std::string>{"net-basics", "transport"});
    CHECK(*pack.sections[0].title.get(language::en) == "Net basics");
    CHECK(*pack.sections[1].title.get(language::en) == "Transport");
    CHECK(*pack.sections[1].body_markdown.get(language::en) ==
          "SYN, SYN-ACK, ACK.\n\nUDP needs no handshake.\n\nBoth sides confirm sequence numbers.");
    REQUIRE(pack.concepts.size() == 2);
    CHECK(pack.concepts[1].key.value() == "transport");
    CHECK(*pack.concepts[1].label.get(language::en) == "Transport");

    // Guide order: by section, then as written.
    CHECK(question_ids(pack) == std::vector<std::string>{"outside", "back-at-the-top", "handshake", "handshake-2"});
    CHECK(pack.questions[2].section.value() == "transport");
    CHECK(pack.questions[2].concepts == std::vector<engine::concept_key>{engine::concept_key{"transport"}});
    CHECK(pack.questions[2].difficulty == 3);
    CHECK(pack.questions[2].correct == 0);
    CHECK(pack.questions[2].choice_count() == 2);

    CHECK(messages(result.diagnostics) ==
          std::vector<std::string>{
              "net.gift:1: error: guide section `Net basics` has no text in the source (no general feedback `####` "
              "or description): write it in guide.en.md",
              "net.gift:13: warning: text without answers (a description) is not a question: added to the guide "
              "section instead",
              "net.gift:15: warning: question id `handshake` is already taken: this question is `handshake-2`",
          });
}

TEST_CASE("import to pack: choices without feedback keep an empty explanation and are reported", "[import]")
{
    auto imported = read_gift("Which?{\n=right\n~wrong#Because.\n~other\n####Guide text.}\n", "net.gift");
    const auto result = to_pack(imported, options_for(language::fr));
    REQUIRE(result.pack.questions.size() == 1);
    const auto& text = *result.pack.questions[0].text.get(language::fr);
    CHECK(text.choices[0].explanation.empty());
    CHECK(text.choices[1].explanation == "Because.");
    CHECK(messages(result.diagnostics) ==
          std::vector<std::string>{
              "net.gift:2: error: choice `right` has no feedback: write its explanation",
              "net.gift:4: error: choice `other` has no feedback: write its explanation",
          });
    CHECK(*result.pack.guide_title.get(language::fr) == "Guide\u202F: Networks");
}

TEST_CASE("import to pack: diagnostics of the reader and of the conversion come in line order", "[import]")
{
    auto imported = read_gift("Which?{=a ~b#y ####G.}\n\nTrue?{T}\n", "net.gift");
    const auto result = to_pack(imported, options_for());
    CHECK(messages(result.diagnostics) ==
          std::vector<std::string>{
              "net.gift:1: error: choice `a` has no feedback: write its explanation",
              "net.gift:3: error: true/false question not imported: only multiple-choice questions convert (write it "
              "as `{=True ~False}` to keep it)",
          });
}

TEST_CASE("import to pack: ids come from the stem when there is no title", "[import]")
{
    auto imported = read_gift("How many bytes does mixed-precision Adam keep per parameter, all states included?"
                              "{=16#x ~8#y}\n\n###{=a#x ~b#y}\n",
                              "net.gift");
    const auto result = to_pack(imported, options_for());
    CHECK(question_ids(result.pack) ==
          std::vector<std::string>{"how-many-bytes-does-mixed-precision-adam", "question"});
}

} // namespace quiz::content::content_import_to_pack_test
