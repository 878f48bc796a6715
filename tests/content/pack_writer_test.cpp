// SPDX-License-Identifier: MIT
#include "content/pack_writer.hpp"

#include "content/gift_reader.hpp"
#include "content/guide_file.hpp"
#include "content/import_to_pack.hpp"
#include "content/pack_fixture.hpp"
#include "content/questions_file.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

namespace quiz::content::content_pack_writer_test {
namespace {

using engine::language;

engine::question make_question(const std::string& id, std::string stem,
                               std::vector<std::pair<std::string, std::string>> choices, std::size_t correct,
                               language lang = language::en)
{
    engine::question q;
    q.key = engine::question_key{id};
    q.section = engine::section_key{"memory"};
    q.concepts = {engine::concept_key{"adam-memory"}};
    q.difficulty = 4;
    q.correct = correct;
    engine::question_text text;
    text.stem = std::move(stem);
    for (auto& [choice, explanation] : choices) {
        text.choices.push_back({std::move(choice), std::move(explanation)});
        q.misconceptions.emplace_back(std::nullopt);
    }
    q.text.set(lang, std::move(text));
    return q;
}

engine::pack make_pack(language lang = language::en)
{
    engine::pack pack;
    pack.key = engine::pack_key{"gpu-basics"};
    pack.title.set(lang, "GPU memory basics");
    pack.guide_title.set(lang, "Guide: GPU memory basics");
    pack.languages = {lang};
    engine::guide_section section{engine::section_key{"memory"}, {}, {}};
    section.title.set(lang, "Memory");
    section.body_markdown.set(lang, "Adam keeps **three** fp32 values per parameter.");
    pack.sections.push_back(std::move(section));
    engine::tag<engine::concept_key> concept_tag{engine::concept_key{"adam-memory"}, {}};
    concept_tag.label.set(lang, "Adam optimizer memory");
    pack.concepts.push_back(std::move(concept_tag));
    return pack;
}

std::vector<std::string> messages(const std::vector<diagnostic>& diagnostics)
{
    std::vector<std::string> all;
    for (const auto& d : diagnostics) {
        all.push_back(to_string(d));
    }
    return all;
}

} // namespace

TEST_CASE("pack writer: the questions and guide files, byte for byte", "[pack_writer]")
{
    engine::pack pack = make_pack();
    pack.level.set(language::en, "hard");
    pack.description.set(language::en, "What lives in GPU memory\nduring training.");
    engine::tag<engine::misconception_key> wrong{engine::misconception_key{"adam-8-bytes"}, {}};
    wrong.label.set(language::en, "Adam adds only its two moments");
    pack.misconceptions.push_back(std::move(wrong));
    auto q = make_question("bytes-per-param", "With mixed-precision Adam, how many bytes per parameter?",
                           {{"16 bytes", "2 + 2 + 12."}, {"8 bytes", "Forgets the master weights."}}, 0);
    q.misconceptions[1] = engine::misconception_key{"adam-8-bytes"};
    pack.questions.push_back(std::move(q));

    CHECK(write_questions(pack, language::en) == "---\n"
                                                 "pack: gpu-basics\n"
                                                 "lang: en\n"
                                                 "title: GPU memory basics\n"
                                                 "level: hard\n"
                                                 "description: What lives in GPU memory during training.\n"
                                                 "---\n"
                                                 "\n"
                                                 "# Concepts\n"
                                                 "\n"
                                                 "- `adam-memory`: Adam optimizer memory\n"
                                                 "\n"
                                                 "# Misconceptions\n"
                                                 "\n"
                                                 "- `adam-8-bytes`: Adam adds only its two moments\n"
                                                 "\n"
                                                 "# Questions\n"
                                                 "\n"
                                                 "## bytes-per-param\n"
                                                 "section: memory\n"
                                                 "concepts: adam-memory\n"
                                                 "difficulty: 4\n"
                                                 "\n"
                                                 "With mixed-precision Adam, how many bytes per parameter?\n"
                                                 "\n"
                                                 "- [x] 16 bytes\n"
                                                 "  2 + 2 + 12.\n"
                                                 "- [ ] 8 bytes\n"
                                                 "  misconception: adam-8-bytes\n"
                                                 "  Forgets the master weights.\n");
    CHECK(write_guide(pack, language::en) == "---\n"
                                             "pack: gpu-basics\n"
                                             "lang: en\n"
                                             "title: Guide: GPU memory basics\n"
                                             "---\n"
                                             "\n"
                                             "## Memory {#memory}\n"
                                             "\n"
                                             "Adam keeps **three** fp32 values per parameter.\n");
}

TEST_CASE("pack writer: text that would read as structure is escaped, code blocks are not", "[pack_writer]")
{
    engine::pack pack = make_pack();
    pack.questions.push_back(make_question("escapes",
                                           "# Not a heading\n"
                                           "## not-a-question\n"
                                           "- [x] not a choice\n"
                                           "<!-- not a comment -->\n"
                                           "### a subheading stays\n"
                                           "```\n"
                                           "# inside code\n"
                                           "- [ ] inside code\n"
                                           "```\n"
                                           "~~~ never closed\n"
                                           "last line",
                                           {{"a\nb", "line one\nline two"},
                                            {"c", "<!-- looks like a comment -->"},
                                            {"d", "misconception: looks like a tag"}},
                                           1));
    const std::string text = write_questions(pack, language::en);
    CHECK(text.find("\\# Not a heading\n"
                    "\\## not-a-question\n"
                    "\\- [x] not a choice\n"
                    "\\<!-- not a comment -->\n"
                    "### a subheading stays\n"
                    "```\n"
                    "# inside code\n"
                    "- [ ] inside code\n"
                    "```\n"
                    "\\~~~ never closed\n"
                    "last line\n"
                    "\n"
                    "- [ ] a b\n"
                    "  line one line two\n"
                    "- [x] c\n"
                    "  \\<!-- looks like a comment -->\n"
                    "- [ ] d\n"
                    "  Misconception: looks like a tag\n") != std::string::npos);

    // The loader reads it back as one question with three explained choices and the same stem lines.
    const auto parsed = parse_questions(text, "questions.en.md");
    CHECK(messages(parsed.diagnostics).empty());
    REQUIRE(parsed.value.questions.size() == 1);
    const auto& q = parsed.value.questions.front();
    CHECK(q.stem.starts_with("\\# Not a heading\n"));
    CHECK(q.stem.ends_with("\\~~~ never closed\nlast line"));
    REQUIRE(q.choices.size() == 3);
    CHECK(q.choices[0].text == "a b");
    CHECK(q.choices[1].correct);
    CHECK(q.choices[1].explanation == "\\<!-- looks like a comment -->");
    CHECK(q.choices[2].explanation == "Misconception: looks like a tag");
    CHECK_FALSE(q.choices[2].misconception.present());
}

TEST_CASE("pack writer: a missing explanation becomes a comment the checker reports at its choice", "[pack_writer]")
{
    engine::pack pack = make_pack();
    pack.questions.push_back(make_question("q", "Which?", {{"right", ""}, {"wrong", "Because."}, {"other", ""}}, 0));
    const std::string text = write_questions(pack, language::en);
    CHECK(text.ends_with("- [x] right\n"
                         "  <!-- write why this choice is right -->\n"
                         "- [ ] wrong\n"
                         "  Because.\n"
                         "- [ ] other\n"
                         "  <!-- write why this choice is wrong, and what makes it tempting -->\n"));
    const auto parsed = parse_questions(text, "questions.en.md");
    const std::string missing =
        ": error: choice has no explanation: add an indented line under it saying why it is right or wrong";
    // Lines 20 and 24 of the text above: the two choices without explanation.
    CHECK(messages(parsed.diagnostics) ==
          std::vector<std::string>{"questions.en.md:20" + missing, "questions.en.md:24" + missing});
}

TEST_CASE("pack writer: an empty guide section gets a comment the checker reports as empty", "[pack_writer]")
{
    engine::pack pack = make_pack(language::fr);
    pack.sections.front().body_markdown.set(language::fr, "");
    const std::string text = write_guide(pack, language::fr);
    CHECK(text.ends_with("## Memory {#memory}\n\n<!-- écrire cette section du guide -->\n"));
    const auto parsed = parse_guide(text, "guide.fr.md");
    CHECK(messages(parsed.diagnostics) == std::vector<std::string>{"guide.fr.md:7: error: section `memory` is empty"});
}

TEST_CASE("pack writer: guide bodies keep Markdown and escape section headings", "[pack_writer]")
{
    engine::pack pack = make_pack();
    pack.sections.front().body_markdown.set(language::en, "## Looks like a section\n\n### A real subheading\n\n"
                                                          "| a | b |\n|---|---|\n| 1 | 2 |");
    const std::string text = write_guide(pack, language::en);
    CHECK(text.ends_with("## Memory {#memory}\n\n\\## Looks like a section\n\n### A real subheading\n\n"
                         "| a | b |\n|---|---|\n| 1 | 2 |\n"));
    const auto parsed = parse_guide(text, "guide.en.md");
    CHECK(parsed.diagnostics.empty());
    REQUIRE(parsed.value.sections.size() == 1);
}

TEST_CASE("pack writer: a question without text in the language is a programming error", "[pack_writer]")
{
    engine::pack pack = make_pack();
    pack.questions.push_back(make_question("q", "Quoi ?", {{"a", "x"}, {"b", "y"}}, 0, language::fr));
    CHECK_THROWS_AS(write_questions(pack, language::en), std::invalid_argument);
}

TEST_CASE("pack writer: an imported GIFT pack passes the loader's checks and reads back the same", "[pack_writer]")
{
    const std::string source = test::read_text(test::fixtures_dir() / "import/gpu-training.gift");
    const import_result imported = read_gift(source, "gpu-training.gift");
    const import_options options{
        engine::pack_key{"gpu-training"}, language::fr, "Entraînement GPU", "Gpu training", "gpu-training.gift", 3};
    const imported_pack result = to_pack(imported, options);
    REQUIRE(messages(result.diagnostics).empty());

    const std::vector<source_file> files{{"questions.fr.md", write_questions(result.pack, language::fr), true},
                                         {"guide.fr.md", write_guide(result.pack, language::fr), true}};
    const load_result loaded = build_pack("gpu-training", "gpu-training", files);
    // The source is English text imported as French: the only remarks are French typography warnings on it.
    CHECK_FALSE(has_errors(loaded.diagnostics));
    for (const auto& message : messages(loaded.diagnostics)) {
        INFO(message);
        const bool spacing = message.find(": warning: put a narrow no-break space (U+202F) before `") !=
                             std::string::npos;
        const bool factor = message.find(": warning: write the factor in words") != std::string::npos;
        CHECK((spacing || factor));
    }
    REQUIRE(loaded.packs.size() == 1);
    const engine::pack& pack = loaded.packs.front();
    CHECK(*pack.title.get(language::fr) == "Entraînement GPU");
    CHECK(*pack.guide_title.get(language::fr) == "Guide\u202F: Entraînement GPU");
    REQUIRE(pack.questions.size() == imported.questions.size());
    for (std::size_t i = 0; i < pack.questions.size(); ++i) {
        const auto& source_question = imported.questions[i];
        const auto& text = *pack.questions[i].text.get(language::fr);
        INFO(source_question.stem);
        CHECK(text.stem == source_question.stem);
        REQUIRE(text.choices.size() == source_question.choices.size());
        for (std::size_t k = 0; k < text.choices.size(); ++k) {
            CHECK(text.choices[k].text == source_question.choices[k].text);
            CHECK(text.choices[k].explanation == source_question.choices[k].feedback);
            CHECK((pack.questions[i].correct == k) == source_question.choices[k].correct);
        }
    }
}

} // namespace quiz::content::content_pack_writer_test
