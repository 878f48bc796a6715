// SPDX-License-Identifier: MIT
#include "content/aiken_reader.hpp"

#include "content/pack_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace quiz::content::content_aiken_test {

TEST_CASE("aiken: options with `A)` and with `A.`, multi-line stems", "[aiken]")
{
    const auto result = read_aiken(test::read_text(test::fixtures_dir() / "import/styles.aiken.txt"), "s.txt");
    CHECK(test::messages_of(result).empty());
    CHECK(result.blocks == 3);
    REQUIRE(result.questions.size() == 3);

    const auto& first = result.questions[0];
    CHECK(first.stem == "Which ZeRO stage first partitions the gradients?");
    CHECK(first.line == 1);
    CHECK(first.title.empty());
    REQUIRE(first.choices.size() == 4);
    CHECK(first.choices[0].text == "Stage 1");
    CHECK(first.choices[3].text == "None of them");
    CHECK(first.choices[1].correct);
    CHECK_FALSE(first.choices[0].correct);
    CHECK_FALSE(first.choices[2].correct);
    CHECK(first.choices[1].line == 3);
    CHECK(first.choices[1].feedback.empty());

    const auto& second = result.questions[1];
    CHECK(second.line == 8);
    REQUIRE(second.choices.size() == 3);
    CHECK(second.choices[0].text == "Fully Sharded Data Parallel");
    CHECK(second.choices[0].correct);

    const auto& third = result.questions[2];
    CHECK(third.stem == "Plain data parallelism keeps on every GPU\na full copy of which model states?");
    REQUIRE(third.choices.size() == 3);
    CHECK(third.choices[0].text == "Parameters only"); // no space after the letter, as Moodle accepts
    CHECK(third.choices[2].correct);
}

TEST_CASE("aiken: errors are reported at their line and the question left out", "[aiken]")
{
    const auto result = read_aiken(test::read_text(test::fixtures_dir() / "import/errors.aiken.txt"), "e.txt");
    CHECK(result.blocks == 4);
    REQUIRE(result.questions.size() == 1);
    CHECK(result.questions[0].stem == "What replaces the all-reduce in ZeRO-1 and ZeRO-2?");
    CHECK(result.questions[0].line == 18);
    CHECK(test::messages_of(result) ==
          std::vector<std::string>{
              "e.txt:1: error: no `ANSWER:` line after the options; question not imported",
              "e.txt:10: error: answer `E` is not one of the options (A, B, C); question not imported",
              "e.txt:12: error: option `A) An option without a question` without a question before it: ignored",
              "e.txt:14: error: 1 option: a question has 2 to 6; question not imported",
          });
}

TEST_CASE("aiken: a question still open at the end of the file is reported", "[aiken]")
{
    SECTION("options without ANSWER")
    {
        const auto result = read_aiken("Which?\nA) x\nB) y\n", "e.txt");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"e.txt:1: error: no `ANSWER:` line after the options; question not imported"});
    }
    SECTION("text alone")
    {
        const auto result = read_aiken("\n\nJust a sentence.\n", "e.txt");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"e.txt:3: error: question text without options or `ANSWER:` line at the end "
                                       "of the file; question not imported"});
    }
}

TEST_CASE("aiken: the ANSWER line", "[aiken]")
{
    SECTION("any case, letter written like an option")
    {
        const auto result = read_aiken("Which?\nA) x\nB) y\nanswer : B)\n", "a.txt");
        CHECK(result.diagnostics.empty());
        REQUIRE(result.questions.size() == 1);
        CHECK(result.questions[0].choices[1].correct);
    }
    SECTION("several letters")
    {
        const auto result = read_aiken("Which?\nA) x\nB) y\nANSWER: A, B\n", "a.txt");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"a.txt:4: error: answer `A, B`: write the letter of the one correct option; "
                                       "question not imported"});
    }
    SECTION("no letter")
    {
        const auto result = read_aiken("Which?\nA) x\nB) y\nANSWER:\n", "a.txt");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"a.txt:4: error: `ANSWER:` without a letter; question not imported"});
    }
    SECTION("without a question")
    {
        const auto result = read_aiken("ANSWER: A\n", "a.txt");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"a.txt:1: error: `ANSWER:` line without a question before it: ignored"});
    }
}

TEST_CASE("aiken: option problems", "[aiken]")
{
    SECTION("seven options")
    {
        const auto result = read_aiken("Which?\nA) a\nB) b\nC) c\nD) d\nE) e\nF) f\nG) g\nANSWER: A\n", "o.txt");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"o.txt:1: error: 7 options: a question has 2 to 6; question not imported"});
    }
    SECTION("a letter used twice")
    {
        const auto result = read_aiken("Which?\nA) a\nA) b\nANSWER: A\n", "o.txt");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"o.txt:3: error: option letter A is used twice; question not imported"});
    }
    SECTION("the same text twice")
    {
        const auto result = read_aiken("Which?\nA) a\nB) a\nANSWER: A\n", "o.txt");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"o.txt:3: error: option `a` is written twice; question not imported"});
    }
}

} // namespace quiz::content::content_aiken_test
