// SPDX-License-Identifier: MIT
// A study group's round as Block Kit: the open question, the reveal, the scoreboard, and a member's judged answer;
// within Block Kit's limits whatever the pack and the names hold.
#include "bot/slack/block_limits.hpp"
#include "bot/slack/round_blocks.hpp"
#include "bot/tutoring/screen_parts.hpp"
#include "tests/bot/slack/support/block_kit_limits.hpp"

#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <map>

namespace slack_round_blocks_test {

namespace {

namespace json = boost::json;
using namespace quiz::bot::slack;
using namespace std::chrono_literals;
using quiz::engine::language;
using stage = quiz::bot::tutoring::round_screen::stage;

const quiz::engine::instant at{std::chrono::milliseconds{1'780'000'000'000}};

quiz::bot::tutoring::round_screen open_screen(std::string stem, std::vector<std::string> choices)
{
    quiz::bot::tutoring::round_screen s;
    s.round = quiz::engine::round_id{42};
    s.platform = "slack";
    s.channel = "C1";
    s.host_name = "Ana <@U1>";
    s.number = 2;
    s.questions = 3;
    s.answered = 1;
    s.players = 4;
    quiz::engine::question_card card;
    card.sequence = 2;
    card.question = quiz::engine::question_key{"q2"};
    card.lang = language::en;
    card.stem = std::move(stem);
    card.choices = std::move(choices);
    card.section = quiz::engine::section_key{"stages"};
    card.section_title = "ZeRO stages";
    card.deadline = at + 8s;
    s.card = card;
    s.revision = 7;
    return s;
}

quiz::bot::tutoring::round_screen revealed(quiz::bot::tutoring::round_screen s)
{
    s.at = stage::revealed;
    s.answered = 4;
    quiz::engine::round_reveal r;
    r.question = quiz::engine::question_key{"q2"};
    r.closed_by = quiz::engine::close_reason::timer;
    r.answer = {2, "Stage 3", "Stage 3 also shards the parameters."};
    r.distribution = {1, 2, 1};
    r.answered = 4;
    r.players = 4;
    r.common_wrong = quiz::engine::choice_view{1, "Stage 2", "Stage 2 shards gradients, not parameters."};
    r.common_misconception = "Stages add up";
    r.section = quiz::engine::section_key{"stages"};
    r.section_title = "ZeRO stages";
    s.reveal = r;
    s.guide = quiz::bot::tutoring::read_more(quiz::engine::pack_key{"zero"}, r.section, r.section_title, language::en);
    return s;
}

std::map<std::string, std::string> buttons_of(const json::object& message)
{
    std::map<std::string, std::string> out;
    for (const auto& b : message.at("blocks").as_array()) {
        if (b.at("type") == "actions") {
            for (const auto& e : b.at("elements").as_array()) {
                out[std::string(e.at("action_id").as_string())] = std::string(e.at("value").as_string());
            }
        }
    }
    return out;
}

bool holds(const json::object& message, std::string_view text)
{
    return json::serialize(message).find(text) != std::string::npos;
}

} // namespace

TEST_CASE("round blocks: the open question, its buttons, who answered and the time left", "[slack][rounds]")
{
    const auto shown = open_screen("Which stage shards <parameters>?", {"Stage 1", "Stage 2", "Stage 3"});
    const auto message = round_message(shown, {"https://quiz.example"}, at + 500ms);
    quiz::test::check_message(message);
    CHECK(holds(message, "*Question 2 of 3*"));
    CHECK(holds(message, "Host: Ana &lt;@U1&gt;"));
    CHECK(holds(message, "Which stage shards &lt;parameters&gt;?"));
    CHECK(holds(message, "1 of 4 answered"));
    CHECK(holds(message, "Closes in 8 seconds")); // 7.5 s left, counted up as the card does
    const auto b = buttons_of(message);
    CHECK(b.at("round_answer_A") == "42:2:0");
    CHECK(b.at("round_answer_C") == "42:2:2");
    CHECK(b.at("round_reveal") == "42");
    CHECK(b.at("round_end") == "42");
    CHECK(b.count("round_next") == 0);
    const std::string text(message.at("text").as_string());
    CHECK(text.find("Question 2 of 3 \u00b7 1 of 4 answered \u00b7 Closes in 8 seconds") != std::string::npos);
    CHECK(text.find("\nC. Stage 3\n") != std::string::npos);
    CHECK(text.find("<parameters>") == std::string::npos); // the fallback is mrkdwn too: escaped

    // Refreshed on each edit: later, less time.
    CHECK(holds(round_message(shown, {"https://quiz.example"}, at + 6s), "Closes in 2 seconds"));
    CHECK(holds(round_message(shown, {"https://quiz.example"}, at + 60s), "Closes in 0 seconds"));
}

TEST_CASE("round blocks: the reveal shows the distribution, the answer, the common mistake and the guide",
          "[slack][rounds]")
{
    const auto shown = revealed(open_screen("Which stage shards parameters?", {"Stage 1", "Stage 2", "Stage 3"}));
    const auto message = round_message(shown, {"https://quiz.example"}, at + 9s);
    quiz::test::check_message(message);
    CHECK(holds(message, "`\u2587\u2587\u2587\u2587\u2587\u2591\u2591\u2591\u2591\u2591` B: 2 answers"));
    CHECK(holds(message,
                "`\u2587\u2587\u2587\u2591\u2591\u2591\u2591\u2591\u2591\u2591` C: 1 answer :white_check_mark:"));
    CHECK(holds(message, "Time is up."));
    CHECK(holds(message, "4 of 4 answered"));
    CHECK(holds(message, "*Answer C: Stage 3*\\nStage 3 also shards the parameters."));
    CHECK(holds(message, "Most chosen wrong answer: B (2 answers)."));
    CHECK(holds(message, "Stage 2 shards gradients, not parameters."));
    CHECK(holds(message, "Most common confusion: Stages add up"));
    CHECK(holds(message, "<https://quiz.example/guide/zero/stages?lang=en|Read more: ZeRO stages>"));
    CHECK_FALSE(holds(message, "Closes in"));
    const auto b = buttons_of(message);
    CHECK(b.count("round_answer_A") == 0);
    CHECK(b.at("round_mine") == "42");
    CHECK(b.at("round_next") == "42");
    CHECK(b.at("round_end") == "42");
    CHECK(std::string(message.at("text").as_string()).find("Answer C: Stage 3") != std::string::npos);
}

TEST_CASE("round blocks: the scoreboard escapes names and stays within Block Kit's limits", "[slack][rounds]")
{
    auto shown = revealed(open_screen("Q", {"a", "b", "c"}));
    shown.at = stage::ended;
    shown.hardest = "Which stage shards <everything>?";
    shown.scores.push_back({"<!channel> & <@U2>", {quiz::engine::learner_id{1}, 1, 3, 3, 2, {}}});
    shown.scores.push_back({"Ben", {quiz::engine::learner_id{2}, 2, 3, 3, 1, {}}});
    const auto message = round_message(shown, {"https://quiz.example"}, at);
    quiz::test::check_message(message);
    CHECK(holds(message, "*Round over*"));
    CHECK(holds(message, "*Scoreboard*"));
    CHECK(holds(message, "1. &lt;!channel&gt; &amp; &lt;@U2&gt;: 2 of 3 (67%)"));
    CHECK(holds(message, "2. Ben: 1 of 3 (33%)"));
    CHECK_FALSE(holds(message, "<!channel>"));
    CHECK_FALSE(holds(message, "<@U2>"));
    CHECK(holds(message, "Hardest question: Which stage shards &lt;everything&gt;?"));
    const auto b = buttons_of(message);
    CHECK(b.at("round_review") == "42");
    CHECK(b.at("round_mine") == "42");
    CHECK(b.count("round_next") == 0);

    // A hundred players with long names, a huge question: cut, never refused.
    shown.scores.clear();
    for (int i = 0; i < 100; ++i) {
        shown.scores.push_back({std::string(300, static_cast<char>('a' + i % 26)) + "&<>",
                                {quiz::engine::learner_id{i + 1}, i + 1, 3, 3, 1, {}}});
    }
    shown.hardest = std::string(5000, 'h');
    quiz::test::check_message(round_message(shown, {"https://quiz.example"}, at));
    auto huge = revealed(open_screen(std::string(10'000, 'x'), std::vector<std::string>(26, std::string(600, 'c'))));
    huge.reveal->distribution.assign(26, 3);
    huge.reveal->answer.explanation = std::string(5000, 'e');
    huge.reveal->common_wrong->explanation = std::string(5000, 'w');
    quiz::test::check_message(round_message(huge, {"https://quiz.example"}, at));
    huge.at = stage::open;
    huge.reveal.reset();
    quiz::test::check_message(round_message(huge, {"https://quiz.example"}, at));
}

TEST_CASE("round blocks: a member's answer judged, privately", "[slack][rounds]")
{
    quiz::engine::feedback told;
    told.correct = false;
    told.chosen = {1, "Stage 2", "Stage 2 shards gradients."};
    told.answer = {2, "Stage 3", "Stage 3 also shards the parameters."};
    told.misconception_label = "Stages add up";
    told.section = quiz::engine::section_key{"stages"};
    told.section_title = "ZeRO stages";
    const auto judged =
        quiz::bot::tutoring::judged_of(quiz::engine::round_id{42}, quiz::engine::pack_key{"zero"}, told, language::en);
    const auto message = judged_message(judged, {"https://quiz.example"});
    quiz::test::check_message(message);
    CHECK(holds(message, "Not quite."));
    CHECK(holds(message, "You chose B, a common confusion: Stages add up."));
    CHECK(holds(message, "Stage 2 shards gradients."));
    CHECK(holds(message, "The answer is C: Stage 3"));
    CHECK(holds(message, "<https://quiz.example/guide/zero/stages?lang=en|Read more: ZeRO stages>"));
    CHECK(buttons_of(message).empty());
}

} // namespace slack_round_blocks_test
