// SPDX-License-Identifier: MIT
#include "content/questions_file.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace content_questions_file_test {

using quiz::content::parse_questions;
using Strings = std::vector<std::string>;

namespace {

const std::string header = "---\npack: p\nlang: en\ntitle: T\n---\n"; // lines 1-5

const std::string tags = "# Concepts\n"       // 6
                         "- `c`: C\n"         // 7
                         "# Misconceptions\n" // 8
                         "- `m`: M\n"         // 9
                         "# Questions\n";     // 10

/// A valid question at lines 11-19.
const std::string question = "## q\n"               // 11
                             "section: s\n"         // 12
                             "concepts: c\n"        // 13
                             "difficulty: 2\n"      // 14
                             "Why?\n"               // 15
                             "- [x] A\n"            // 16
                             "  Because.\n"         // 17
                             "- [ ] B\n"            // 18
                             "  misconception: m\n" // 19
                             "  Not B.\n";          // 20

Strings messages(const std::string& text)
{
    Strings out;
    for (const auto& d : parse_questions(text, "q.md").diagnostics) {
        out.push_back(to_string(d));
    }
    return out;
}

} // namespace

TEST_CASE("a well-formed questions file parses with its structure and text", "[questions]")
{
    const auto parsed = parse_questions(header + tags + question, "q.md");
    CHECK(parsed.diagnostics.empty());
    const auto& file = parsed.value;
    CHECK(file.meta.pack.value == "p");
    CHECK(file.meta.lang.line == 3);
    REQUIRE(file.concepts.size() == 1);
    CHECK(file.concepts[0].id == "c");
    CHECK(file.concepts[0].label == "C");
    REQUIRE(file.questions.size() == 1);
    const auto& q = file.questions[0];
    CHECK(q.id == "q");
    CHECK(q.line == 11);
    CHECK(q.section.value == "s");
    CHECK(q.concepts == Strings{"c"});
    CHECK(q.difficulty == 2);
    CHECK(q.stem == "Why?");
    REQUIRE(q.choices.size() == 2);
    CHECK(q.choices[0].correct);
    CHECK(q.choices[0].text == "A");
    CHECK(q.choices[0].explanation == "Because.");
    CHECK_FALSE(q.choices[1].correct);
    CHECK(q.choices[1].misconception.value == "m");
    CHECK(q.choices[1].misconception.line == 19);
    CHECK(q.choices[1].explanation == "Not B.");
}

TEST_CASE("stems keep their Markdown, explanations join their lines with spaces", "[questions]")
{
    const auto parsed = parse_questions(header + tags +
                                            "## q\nsection: s\nconcepts: c\ndifficulty: 2\n\n"
                                            "First **paragraph** with `code`.\n\nSecond *one*.\n\n"
                                            "```\n- [x] not a choice inside a code block\n## nor a question\n```\n\n"
                                            "- [x] A\n  Because\n\n  of this.\n- [ ] B\n  misconception: m\n  No.\n",
                                        "q.md");
    CHECK(parsed.diagnostics.empty());
    REQUIRE(parsed.value.questions.size() == 1);
    const auto& q = parsed.value.questions[0];
    CHECK(q.stem == "First **paragraph** with `code`.\n\nSecond *one*.\n\n"
                    "```\n- [x] not a choice inside a code block\n## nor a question\n```");
    REQUIRE(q.choices.size() == 2);
    CHECK(q.choices[0].explanation == "Because of this.");
}

TEST_CASE("CRLF, a BOM, trailing spaces and tab indentation read like the plain file", "[questions][robustness]")
{
    std::string text = "\xEF\xBB\xBF" + header + tags + question;
    std::string crlf;
    for (const char c : text) {
        crlf += c == '\n' ? std::string(" \t\r\n") : std::string(1, c);
    }
    // Tabs instead of two spaces for choice details.
    std::string tabbed;
    for (std::size_t i = 0; i < crlf.size(); ++i) {
        if (crlf.compare(i, 2, "  ") == 0 && i > 0 && crlf[i - 1] == '\n') {
            tabbed += '\t';
            ++i;
        } else {
            tabbed += crlf[i];
        }
    }
    const auto plain = parse_questions(header + tags + question, "q.md").value;
    const auto parsed = parse_questions(tabbed, "q.md");
    CHECK(parsed.diagnostics.empty());
    REQUIRE(parsed.value.questions.size() == 1);
    const auto& q = parsed.value.questions[0];
    CHECK(parsed.value.meta.title.value == "T");
    CHECK(q.stem == plain.questions[0].stem);
    CHECK(q.choices[0].explanation == "Because.");
    CHECK(q.choices[1].misconception.value == "m");
    CHECK(q.choices[1].line == 18);
}

TEST_CASE("files that are empty or have no front matter", "[questions][robustness]")
{
    const std::string empty_message =
        "q.md:1: error: empty file: a pack file starts with a front matter block (`pack:`, `lang:` and `title:` "
        "lines between two `---` lines)";
    CHECK(messages("") == Strings{empty_message});
    CHECK(messages("\n \n\t\n") == Strings{empty_message});
    CHECK(messages("\xEF\xBB\xBF") == Strings{empty_message});
    CHECK(messages(tags + question) ==
          Strings{"q.md:1: error: missing front matter: the file must start with a `---` line, then `pack:`, "
                  "`lang:` and `title:` lines, then `---`"});
}

TEST_CASE("front matter problems", "[questions][front-matter]")
{
    CHECK(messages("---\npack: p\nlang: en\n" + tags + question) ==
          Strings{"q.md:1: error: front matter is not closed: add a `---` line after its last `key: value` line",
                  "q.md:1: error: front matter has no `title:` line"});
    CHECK(messages("---\npack: p\nlang: en\ntitle:\n---\n" + tags + question) ==
          Strings{"q.md:4: error: `title:` is empty"});
    CHECK(messages("---\npack: p\nlang: en\ntitle: T\ntitle: U\n---\n" + tags + question) ==
          Strings{"q.md:5: error: `title:` is given twice (first at line 4)"});
    CHECK(messages("---\npack: p\nlang: en\ntitle: T\njust words\n---\n" + tags + question) ==
          Strings{"q.md:5: error: expected `key: value` in the front matter, got `just words`"});
    CHECK(messages("---\npack: p\nlang: en\ntitle: T\nauthor: A\n---\n" + tags + question) ==
          Strings{"q.md:5: warning: unknown front matter key `author` is ignored (expected one of: pack, lang, "
                  "title, level, description)"});
    CHECK(messages("---\npack: p\n") ==
          Strings{"q.md:1: error: front matter is not closed: add a `---` line after its last `key: value` line",
                  "q.md:1: error: front matter has no `lang:` line", "q.md:1: error: front matter has no `title:` line",
                  "q.md:1: error: no `# Questions` section: add one with at least one `## <question-id>`"});
}

TEST_CASE("invalid UTF-8 and control characters are reported with their line", "[questions][robustness]")
{
    const auto text = header + tags +
                      "## q\nsection: s\nconcepts: c\ndifficulty: 2\nWhy \xC3\x28?\n"
                      "- [x] A\x01\n  Because.\n- [ ] B\xE2\x82\n  misconception: m\n  Not B.\r\n"
                      "  More\rtext.\n";
    CHECK(messages(text) ==
          Strings{"q.md:15: error: invalid UTF-8 at column 5 (byte 0xC3): save the file as UTF-8",
                  "q.md:16: error: control character U+0001 at column 8",
                  "q.md:18: error: invalid UTF-8 at column 8 (byte 0xE2): save the file as UTF-8",
                  "q.md:21: error: carriage return without a line feed at column 7: save the file with LF or CRLF "
                  "line endings"});
    // Overlong encodings and surrogates are invalid too; valid accents are fine.
    CHECK(messages(header + tags +
                   "## q\nsection: s\nconcepts: c\ndifficulty: 2\n\xC0\xAF \xED\xA0\x80 é\n"
                   "- [x] A\n  Yes.\n- [ ] B\n  misconception: m\n  No.\n") ==
          Strings{"q.md:15: error: invalid UTF-8 at column 1 (byte 0xC0): save the file as UTF-8"});
}

TEST_CASE("a very long line is read whole", "[questions][robustness]")
{
    const std::string long_stem(1 << 20, 'x');
    const auto parsed = parse_questions(header + tags + "## q\nsection: s\nconcepts: c\ndifficulty: 2\n" + long_stem +
                                            "\n- [x] A\n  Yes.\n- [ ] B\n  misconception: m\n  No.\n",
                                        "q.md");
    CHECK(parsed.diagnostics.empty());
    REQUIRE(parsed.value.questions.size() == 1);
    CHECK(parsed.value.questions[0].stem.size() == long_stem.size());
}

TEST_CASE("structure problems in a questions file", "[questions]")
{
    SECTION("text outside any section")
    {
        CHECK(messages(header + "Hello\n" + tags + question) ==
              Strings{"q.md:6: error: text outside any section: the body of a questions file is made of "
                      "`# Concepts`, `# Misconceptions` and `# Questions`"});
    }
    SECTION("unknown heading")
    {
        CHECK(messages(header + tags + question + "# Notes\nanything\n") ==
              Strings{"q.md:21: error: unknown heading `# Notes`: expected `# Concepts`, `# Misconceptions` or "
                      "`# Questions`"});
    }
    SECTION("a heading twice")
    {
        CHECK(messages(header + tags + question + "# Concepts\n") ==
              Strings{"q.md:21: error: `# Concepts` appears twice (first at line 6)"});
    }
    SECTION("malformed concept line")
    {
        CHECK(messages(header + "# Concepts\n- `c`: C\n- d: D\n- `E`: E\n- `f`:\n- `c`: again\n" +
                       "# Misconceptions\n- `m`: M\n# Questions\n" + question) ==
              Strings{"q.md:8: error: expected ``- `id`: label`` under `# Concepts`, got `- d: D`",
                      "q.md:9: error: concept id `E` must use lowercase letters, digits and `-`",
                      "q.md:10: error: concept `f` has no label",
                      "q.md:11: error: concept `c` is declared twice (first at line 7)",
                      "q.md:9: warning: concept `E` is not used by any question",
                      "q.md:10: warning: concept `f` is not used by any question"});
    }
    SECTION("text before the first question")
    {
        CHECK(messages(header + tags + "Intro\nmore\n" + question) ==
              Strings{"q.md:11: error: text before the first question: a question starts with `## <question-id>`"});
    }
    SECTION("no questions")
    {
        CHECK(messages(header + tags) ==
              Strings{"q.md:10: error: `# Questions` has no question: start one with `## <question-id>`",
                      "q.md:7: warning: concept `c` is not used by any question",
                      "q.md:9: warning: misconception `m` is not used by any choice"});
    }
    SECTION("question ids")
    {
        CHECK(messages(header + tags + "##\n" + question.substr(5)) ==
              Strings{"q.md:11: error: `##` needs a question id: `## <question-id>`"});
        CHECK(messages(header + tags + "## Big Q\n" + question.substr(5)) ==
              Strings{"q.md:11: error: question id `Big Q` must use lowercase letters, digits and `-`"});
    }
    SECTION("attributes")
    {
        CHECK(messages(header + tags + "## q\nsection: s\nsectoin: s\nconcepts: c, c,\ndifficulty: 2\n" +
                       "difficulty: 3\nsection:\n" + question.substr(question.find("Why?"))) ==
              Strings{"q.md:13: error: unknown attribute `sectoin`: a question takes `section:`, `concepts:` and "
                      "`difficulty:`",
                      "q.md:14: error: concept `c` is listed twice", "q.md:14: error: `concepts:` has an empty item",
                      "q.md:16: error: `difficulty:` is given twice (first at line 15)",
                      "q.md:17: error: `section:` is given twice (first at line 12)"});
        CHECK(messages(header + tags + "## q\nsection:\nconcepts:\ndifficulty: 2\n" +
                       question.substr(question.find("Why?"))) ==
              Strings{"q.md:12: error: `section:` is empty: name a section id of the guide",
                      "q.md:13: error: `concepts:` is empty: list one or more concept ids, comma-separated",
                      "q.md:7: warning: concept `c` is not used by any question"});
    }
    SECTION("malformed choices and stray text")
    {
        CHECK(messages(header + tags + "## q\nsection: s\nconcepts: c\ndifficulty: 2\nWhy?\n- [x] A\n  Yes.\n" +
                       "- [] B\n  misconception: m\n  misconception: m\n  No.\n- [ ] \n  Empty.\nStray text\n" +
                       "More stray text\n- [ ] C\n  misconception:\n  No.\n") ==
              Strings{"q.md:18: error: malformed choice `- [] B`: write `- [x] text` for the correct choice or "
                      "`- [ ] text` for a wrong one",
                      "q.md:20: error: `misconception:` is given twice for this choice (first at line 19)",
                      "q.md:24: error: unexpected text after a choice: indent a choice's explanation by at least "
                      "two spaces, or start a new question with `## <question-id>`",
                      "q.md:27: error: `misconception:` is empty: name a misconception id",
                      "q.md:22: error: choice has no text"});
    }
    SECTION("unclosed comment and code block")
    {
        CHECK(messages(header + tags + question + "<!-- a comment\nthat never ends\n") ==
              Strings{"q.md:21: error: comment is never closed: end it with `-->`"});
        CHECK(messages(header + tags + "## q\nsection: s\nconcepts: c\ndifficulty: 2\n~~~~\ncode\n") ==
              Strings{"q.md:15: error: code block is never closed: end it with a line of ~~~~",
                      "q.md:11: error: question `q` has 0 choices: it needs 2 to 6",
                      "q.md:9: warning: misconception `m` is not used by any choice"});
    }
    SECTION("multi-line comments are skipped")
    {
        CHECK(messages(header + tags + "<!--\n## draft\nnot yet\n-->\n" + question).empty());
    }
}

} // namespace content_questions_file_test
