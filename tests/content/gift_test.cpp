// SPDX-License-Identifier: MIT
#include "content/gift_reader.hpp"

#include "content/pack_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace quiz::content::content_gift_test {
namespace {

bool has_message(const import_result& result, const std::string& start)
{
    for (const auto& text : test::messages_of(result)) {
        if (text.starts_with(start)) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST_CASE("gift: a multiple-choice question with title, feedback and general feedback", "[gift]")
{
    const auto result = read_gift("::Stage 2::Compared with stage 1, what does ZeRO stage 2 also partition?{\n"
                                  "  =Gradients #Right: stage 3 adds the parameters.\n"
                                  "  ~Parameters #Only from stage 3 onward.\n"
                                  "  ~Activations#The ZeRO-DP stages leave activations alone.\n"
                                  "  ####Each stage partitions one more kind of model state.\n"
                                  "}\n",
                                  "q.gift");
    CHECK(result.diagnostics.empty());
    CHECK(result.blocks == 1);
    REQUIRE(result.questions.size() == 1);
    const auto& q = result.questions.front();
    CHECK(q.title == "Stage 2");
    CHECK(q.stem == "Compared with stage 1, what does ZeRO stage 2 also partition?");
    CHECK(q.general_feedback == "Each stage partitions one more kind of model state.");
    CHECK(q.line == 1);
    CHECK(q.category.empty());
    REQUIRE(q.choices.size() == 3);
    CHECK(q.choices[0].text == "Gradients");
    CHECK(q.choices[0].correct);
    CHECK(q.choices[0].feedback == "Right: stage 3 adds the parameters.");
    CHECK(q.choices[0].line == 2);
    CHECK(q.choices[1].text == "Parameters");
    CHECK_FALSE(q.choices[1].correct);
    CHECK(q.choices[1].feedback == "Only from stage 3 onward.");
    CHECK(q.choices[2].text == "Activations");
    CHECK(q.choices[2].feedback == "The ZeRO-DP stages leave activations alone.");
    CHECK(q.choices[2].line == 4);
}

TEST_CASE("gift: choices on one line, without title", "[gift]")
{
    const auto result = read_gift("Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}", "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 1);
    const auto& q = result.questions.front();
    CHECK(q.title.empty());
    CHECK(q.stem == "Who's buried in Grant's tomb?");
    REQUIRE(q.choices.size() == 3);
    CHECK(q.choices[0].text == "Grant");
    CHECK(q.choices[1].text == "Jefferson");
    CHECK(q.choices[2].text == "no one");
    CHECK(q.choices[2].correct);
    CHECK(q.choices[0].feedback.empty());
}

TEST_CASE("gift: backslash escapes are text, never syntax", "[gift]")
{
    const auto result = read_gift("::a\\:b::In JSON, is \\{\"k\"\\: 1\\} an object? Is 2 \\= 2 \\~ and \\# kept?{\n"
                                  "  =Yes \\= an object \\#1#It maps \\\"k\\\" to 1\\nin one line.\n"
                                  "  ~No \\~ an array#Arrays use [ ].\n"
                                  "  ~A path C:\\\\temp#Not a path.\n"
                                  "}",
                                  "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 1);
    const auto& q = result.questions.front();
    CHECK(q.title == "a:b");
    CHECK(q.stem == "In JSON, is {\"k\": 1} an object? Is 2 = 2 ~ and # kept?");
    REQUIRE(q.choices.size() == 3);
    CHECK(q.choices[0].text == "Yes = an object #1");
    // `\n` is a newline; other backslashes (here before a quote) stay as written, like Moodle's importer.
    CHECK(q.choices[0].feedback == "It maps \\\"k\\\" to 1\nin one line.");
    CHECK(q.choices[1].text == "No ~ an array");
    CHECK(q.choices[2].text == "A path C:\\temp");
}

TEST_CASE("gift: comment lines are skipped inside and between questions, lines keep their numbers", "[gift]")
{
    const auto result = read_gift("// header comment\n"
                                  "// another\n"
                                  "Which collective does ZeRO-3 run before a layer's forward pass?{\n"
                                  "  // the classic trap is reduce-scatter\n"
                                  "  =All-gather#It collects the missing parameter shards.\n"
                                  "  ~Reduce-scatter#That one sums and splits gradients.\n"
                                  "}\n",
                                  "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 1);
    const auto& q = result.questions.front();
    CHECK(q.line == 3);
    REQUIRE(q.choices.size() == 2);
    CHECK(q.choices[0].line == 5);
    CHECK(q.choices[1].line == 6);
    CHECK(q.choices[1].feedback == "That one sums and splits gradients.");
}

TEST_CASE("gift: a blank line ends a question, so a multi-line stem is one block", "[gift]")
{
    const auto result = read_gift("A 7.5B model trains on 64 GPUs.\n"
                                  "How much model state does each GPU hold with ZeRO-3?\n"
                                  "{\n"
                                  "  ~120 GB#Plain data parallelism.\n"
                                  "  =1.9 GB#120 GB divided by 64.\n"
                                  "}\n"
                                  "\n"
                                  "\n"
                                  "Second?{=a#x ~b#y}\n",
                                  "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 2);
    CHECK(result.questions[0].stem ==
          "A 7.5B model trains on 64 GPUs.\nHow much model state does each GPU hold with ZeRO-3?");
    CHECK(result.questions[1].line == 9);
}

TEST_CASE("gift: answers inside the text leave a blank (missing word)", "[gift]")
{
    const auto result =
        read_gift("ZeRO-Infinity can move model states to {=NVMe#Right. ~a printer#No.} drives too.", "q.gift");
    REQUIRE(result.questions.size() == 1);
    CHECK(result.questions[0].stem == "ZeRO-Infinity can move model states to _____ drives too.");
}

TEST_CASE("gift: $CATEGORY applies to the questions after it", "[gift]")
{
    const auto result = read_gift("Before?{=a#x ~b#y}\n"
                                  "\n"
                                  "$CATEGORY: $course$/top/GPU training/Memory\n"
                                  "\n"
                                  "First?{=a#x ~b#y}\n"
                                  "\n"
                                  "Second?{=a#x ~b#y}\n"
                                  "\n"
                                  "$CATEGORY: $course$/top/GPU training/Communication\n"
                                  "Third?{=a#x ~b#y}\n",
                                  "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 4);
    CHECK(result.questions[0].category.empty());
    CHECK(result.questions[1].category == "$course$/top/GPU training/Memory");
    CHECK(result.questions[1].category_line == 3);
    CHECK(result.questions[2].category == "$course$/top/GPU training/Memory");
    CHECK(result.questions[3].category == "$course$/top/GPU training/Communication");
    CHECK(result.questions[3].category_line == 9);
    CHECK(result.questions[3].line == 10);
}

TEST_CASE("gift: format tags are removed, HTML is kept and reported", "[gift]")
{
    SECTION("markdown, plain and moodle tags")
    {
        const auto result = read_gift("[markdown]Is **this** bold?{=[plain]Yes#[moodle]It is. ~No#It is.}", "q.gift");
        CHECK(result.diagnostics.empty());
        REQUIRE(result.questions.size() == 1);
        CHECK(result.questions[0].stem == "Is **this** bold?");
        CHECK(result.questions[0].choices[0].text == "Yes");
        CHECK(result.questions[0].choices[0].feedback == "It is.");
    }
    SECTION("html is kept as written, with a warning")
    {
        const auto result = read_gift("::T::[html]Is <b>this</b> bold?{=Yes#It is. ~No#It is.}", "q.gift");
        REQUIRE(result.questions.size() == 1);
        CHECK(result.questions[0].stem == "Is <b>this</b> bold?");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:1: warning: HTML (<b>) is kept as written: check that it reads well "
                                       "as Markdown"});
    }
    SECTION("an unknown bracketed word is text")
    {
        const auto result = read_gift("[note] Which?{=a#x ~b#y}", "q.gift");
        REQUIRE(result.questions.size() == 1);
        CHECK(result.questions[0].stem == "[note] Which?");
        CHECK(result.diagnostics.empty());
    }
    SECTION("angle brackets of code are not HTML")
    {
        const auto result = read_gift("What does std::vector<int> hold when a < b?{=ints#x ~floats#y}", "q.gift");
        CHECK(result.diagnostics.empty());
    }
}

TEST_CASE("gift: other question types are reported at their line and left out", "[gift]")
{
    const auto result = read_gift("TCP is connectionless.{F}\n"
                                  "\n"
                                  "::tf::UDP retransmits.{FALSE#It does not.#Right.}\n"
                                  "\n"
                                  "Port of HTTPS?{=443 =https}\n"
                                  "\n"
                                  "Year?{#1983:0}\n"
                                  "\n"
                                  "Match.{=TCP -> transport =IP -> network}\n"
                                  "\n"
                                  "Explain NAT.{}\n"
                                  "\n"
                                  "Explain NAT again.{####A model answer.}\n",
                                  "q.gift");
    CHECK(result.questions.empty());
    CHECK(result.blocks == 7);
    const std::string left_out = " question not imported: only multiple-choice questions convert";
    CHECK(
        test::messages_of(result) ==
        std::vector<std::string>{
            "q.gift:1: error: true/false" + left_out + " (write it as `{=True ~False}` to keep it)",
            "q.gift:3: error: true/false" + left_out + " (write it as `{=True ~False}` to keep it)",
            "q.gift:5: error: short-answer (only `=` answers)" + left_out + " (add wrong choices with `~` to keep it)",
            "q.gift:7: error: numerical (`{#...}`)" + left_out,
            "q.gift:9: error: matching (`->`)" + left_out,
            "q.gift:11: error: essay (`{}`)" + left_out,
            "q.gift:13: error: essay (`{}`)" + left_out,
        });
}

TEST_CASE("gift: a description becomes a guide note, reported", "[gift]")
{
    const auto result =
        read_gift("$CATEGORY: Memory\n\n::intro::[markdown]The next questions are about **Adam**.\n", "q.gift");
    CHECK(result.questions.empty());
    CHECK(result.blocks == 0);
    REQUIRE(result.notes.size() == 1);
    CHECK(result.notes[0].text == "The next questions are about **Adam**.");
    CHECK(result.notes[0].category == "Memory");
    CHECK(result.notes[0].line == 3);
    CHECK(test::messages_of(result) ==
          std::vector<std::string>{"q.gift:3: warning: text without answers (a description) is "
                                   "not a question: added to the guide section instead"});
}

TEST_CASE("gift: what a pack question cannot express is reported and the question left out", "[gift]")
{
    SECTION("partial credit, at the choice's line")
    {
        const auto result = read_gift("Which record maps a name to IPv6?{\n"
                                      "  ~%50%A#Half right.\n"
                                      "  =AAAA#Right.\n"
                                      "}",
                                      "q.gift");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:2: error: partial credit %50% on choice `A` cannot be converted: a "
                                       "choice is right or wrong; question not imported"});
    }
    SECTION("several correct choices")
    {
        const auto result = read_gift("Transport protocols?{=TCP =UDP ~IP}", "q.gift");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:1: error: 2 correct choices: a question has exactly one; question not "
                                       "imported"});
    }
    SECTION("credit shared between choices (multiple answers)")
    {
        const auto result = read_gift("Transport protocols?{~%50%TCP ~%50%UDP ~%-100%IP}", "q.gift");
        CHECK(result.questions.empty());
        CHECK(has_message(result, "q.gift:1: error: several choices share the credit"));
    }
    SECTION("no correct choice")
    {
        const auto result = read_gift("Which?{~a#x ~b#y}", "q.gift");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:1: error: no correct choice: mark the right one with `=`; question not "
                                       "imported"});
    }
    SECTION("more than six choices")
    {
        const auto result = read_gift("Which?{=a#x ~b#x ~c#x ~d#x ~e#x ~f#x ~g#x}", "q.gift");
        CHECK(result.questions.empty());
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:1: error: 7 choices: a question has 2 to 6; question not imported"});
    }
    SECTION("a single choice")
    {
        const auto result = read_gift("Which?{~%100%DNS#Right.}", "q.gift");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:1: error: 1 choice: a question has 2 to 6; question not imported"});
    }
    SECTION("the same choice twice")
    {
        const auto result = read_gift("Which?{\n=a#x\n~b#y\n~a#z\n}", "q.gift");
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:4: error: choice `a` is written twice; question not imported"});
    }
    SECTION("text before the first choice")
    {
        const auto result = read_gift("Which?{ oops =a#x ~b#y}", "q.gift");
        CHECK(result.questions.empty());
        CHECK(has_message(result, "q.gift:1: error: text `oops` before the first `=` or `~`"));
    }
    SECTION("a penalty on a wrong choice is dropped with a warning")
    {
        const auto result = read_gift("Which?{\n=a#x\n~%-25%b#y\n}", "q.gift");
        REQUIRE(result.questions.size() == 1);
        CHECK_FALSE(result.questions[0].choices[1].correct);
        CHECK(test::messages_of(result) ==
              std::vector<std::string>{"q.gift:3: warning: penalty %-25% on choice `b` dropped: a wrong choice is "
                                       "simply wrong"});
    }
    SECTION("a weight of 100% is the correct choice")
    {
        const auto result = read_gift("Which?{~%100%a#x ~b#y}", "q.gift");
        REQUIRE(result.questions.size() == 1);
        CHECK(result.questions[0].choices[0].correct);
        CHECK(result.diagnostics.empty());
    }
}

TEST_CASE("gift: unbalanced braces are reported where they are", "[gift]")
{
    const auto result = read_gift("First?{\n=a#x\n~b#y\n\nSecond } here\n\nThird?{=a#x ~b#y} and {=c ~d}\n", "q.gift");
    CHECK(result.questions.empty());
    CHECK(test::messages_of(result) ==
          std::vector<std::string>{
              "q.gift:1: error: the answers opened with `{` have no closing `}` (a blank line ends a question): "
              "question not imported",
              "q.gift:5: error: `}` without an opening `{`: question not imported",
              "q.gift:7: error: a second answer block `{...}` (embedded answers) cannot be converted: question not "
              "imported",
          });
}

TEST_CASE("gift: an unclosed title is read as text", "[gift]")
{
    const auto result = read_gift("::Which?{=a#x ~b#y}", "q.gift");
    REQUIRE(result.questions.size() == 1);
    CHECK(result.questions[0].stem == "Which?");
    CHECK(test::messages_of(result) ==
          std::vector<std::string>{"q.gift:1: warning: the title opened with `::` is not closed: it is read as "
                                   "question text"});
}

TEST_CASE("gift: Windows line endings and a byte-order mark are accepted", "[gift]")
{
    const auto result =
        read_gift("\xEF\xBB\xBF::t::Which?{\r\n=a#x\r\n~b#y\r\n}\r\n\r\nNext?{=c#x ~d#y}\r\n", "q.gift");
    CHECK(result.diagnostics.empty());
    REQUIRE(result.questions.size() == 2);
    CHECK(result.questions[0].choices[1].feedback == "y");
    CHECK(result.questions[1].line == 6);
}

TEST_CASE("gift: the mixed fixture reports every problem with its line", "[gift]")
{
    const auto path = test::fixtures_dir() / "import/problems.gift";
    const auto result = read_gift(test::read_text(path), "problems.gift");
    CHECK(result.blocks == 13);
    REQUIRE(result.questions.size() == 3);
    CHECK(result.questions[0].title == "TCP handshake");
    CHECK(result.questions[1].title == "No feedback");
    CHECK(result.questions[1].stem == "Which escape keeps a literal = in GIFT text?");
    CHECK(result.questions[2].title == "Resolver");
    REQUIRE(result.notes.size() == 1);
    CHECK(result.notes[0].text == "The next questions are about DNS.");

    std::vector<std::string> located;
    for (const auto& d : result.diagnostics) {
        located.push_back(std::to_string(d.line) + (d.level == diagnostic::severity::error ? " error" : " warning"));
    }
    CHECK(located == std::vector<std::string>{"10 error", "12 error", "14 error", "16 error", "22 error", "24 warning",
                                              "27 error", "32 error", "34 error", "44 error", "46 error", "56 warning",
                                              "58 warning"});
}

TEST_CASE("gift: the ten-question fixture converts without a diagnostic", "[gift]")
{
    const auto result = read_gift(test::read_text(test::fixtures_dir() / "import/gpu-training.gift"), "g.gift");
    CHECK(test::messages_of(result).empty());
    CHECK(result.blocks == 10);
    REQUIRE(result.questions.size() == 10);
    for (const auto& q : result.questions) {
        INFO(q.stem);
        CHECK(q.choices.size() >= 3);
        for (const auto& choice : q.choices) {
            CHECK_FALSE(choice.feedback.empty());
        }
    }
    CHECK(result.questions[8].stem ==
          "A DeepSpeed config sets `{\"offload_param\": {\"device\": \"nvme\"}}`.\nWhich ZeRO `stage` does that need?");
    CHECK(result.questions[9].stem == "ZeRO-Infinity is ZeRO-3 plus an offload engine that can move all model states "
                                      "to _____ so that models far larger than GPU memory can train.");
}

TEST_CASE("gift: hostile input never crashes", "[gift]")
{
    const std::vector<std::string> inputs{"",
                                          "{",
                                          "}",
                                          "::",
                                          "::::",
                                          "{}",
                                          "\\",
                                          "{\\",
                                          "{=",
                                          "{~",
                                          "{~%",
                                          "{~%%}",
                                          "{~%1e999%a ~b}",
                                          "$CATEGORY:",
                                          "####",
                                          "{####}",
                                          "{#}",
                                          "{=->}",
                                          "[html]",
                                          std::string("\0{~a}", 5),
                                          "\xFF\xFE{~a =b}"};
    for (const std::string& text : inputs) {
        INFO(text);
        const auto result = read_gift(text, "q.gift");
        CHECK(result.questions.size() <= 1);
    }
}

} // namespace quiz::content::content_gift_test
