// SPDX-License-Identifier: MIT
#include "bot/slack/block_limits.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/tutoring/screen_parts.hpp"
#include "tests/bot/slack/support/block_kit_limits.hpp"

#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

namespace slack_blocks_test {

namespace {

namespace json = boost::json;
using namespace quiz::bot::slack;
using quiz::engine::language;
using quiz::test::check_limits;

quiz::engine::question_card card_of(std::string stem, std::vector<std::string> choices)
{
    quiz::engine::question_card card;
    card.sequence = 3;
    card.question = quiz::engine::question_key{"q1"};
    card.reason = quiz::engine::pick_reason::fresh;
    card.lang = language::en;
    card.stem = std::move(stem);
    card.choices = std::move(choices);
    card.section = quiz::engine::section_key{"stages"};
    card.section_title = "ZeRO stages";
    card.progress = {1, 10, 4};
    return card;
}

} // namespace

TEST_CASE("blocks: truncation keeps whole characters", "[slack][blocks]")
{
    CHECK(truncate_text("abcdef", 6) == "abcdef");
    CHECK(truncate_text("abcdef", 4) == "abc\u2026");
    CHECK(truncate_text("ééééé", 3) == "éé\u2026");
    CHECK(character_count("ééé") == 3);
    CHECK(truncate_text("abc", 0).empty());
    CHECK(escape_mrkdwn("a<b>&c") == "a&lt;b&gt;&amp;c");
    CHECK(truncate_mrkdwn("abc&amp;def", 6) == "abc\u2026");
    CHECK(truncate_mrkdwn("abc&amp;def", 9) == "abc&amp;\u2026");
    CHECK(truncate_mrkdwn("a&lt;&gt;", 8) == "a&lt;\u2026");
    CHECK(truncate_mrkdwn("abc&amp;", 8) == "abc&amp;");
}

TEST_CASE("blocks: a card has one button per choice carrying its token", "[slack][blocks]")
{
    const auto card = card_of("Which stage shards <gradients>?", {"Stage 1", "Stage 2", "Stage 3"});
    const auto message = card_message(
        quiz::bot::tutoring::card_of(quiz::engine::session_id{42}, card, quiz::engine::pack_key{"zero"}, {}),
        {"https://quiz.example"});
    check_limits(message, 50);
    const auto text = json::serialize(message);
    CHECK(text.find("Which stage shards &lt;gradients&gt;?") != std::string::npos);
    CHECK(text.find("New question 1 of 10") != std::string::npos);
    CHECK(text.find("<https://quiz.example/guide/zero/stages?lang=en|Guide: ZeRO stages>") != std::string::npos);
    const auto& blocks = message.at("blocks").as_array();
    const json::object* actions = nullptr;
    for (const auto& b : blocks) {
        if (b.at("type") == "actions") {
            actions = &b.as_object();
        }
    }
    REQUIRE(actions != nullptr);
    const auto& buttons = actions->at("elements").as_array();
    REQUIRE(buttons.size() == 3);
    CHECK(buttons[1].at("action_id") == "answer_B");
    CHECK(buttons[1].at("value") == "42:3:1");
    CHECK(buttons[1].at("text").at("text") == "B. Stage 2");
}

TEST_CASE("blocks: huge texts are cut to Block Kit's limits", "[slack][blocks]")
{
    std::vector<std::string> choices;
    for (int i = 0; i < 26; ++i) {
        choices.push_back(std::string(500, static_cast<char>('a' + i)) + "é");
    }
    const auto card = card_of(std::string(10'000, 'x'), choices);
    const auto message = card_message(
        quiz::bot::tutoring::card_of(quiz::engine::session_id{1}, card, quiz::engine::pack_key{"zero"}, {}),
        {"https://q"});
    check_limits(message, 50);
    CHECK(message.at("text").as_string().size() <= 4000 * 4);

    quiz::engine::feedback told;
    told.correct = false;
    told.chosen = {0, std::string(5000, 'c'), std::string(5000, 'e')};
    told.answer = {1, std::string(5000, 'a'), std::string(5000, 'f')};
    told.section_title = std::string(4000, 's');
    told.section = quiz::engine::section_key{"s"};
    check_limits(
        feedback_message(quiz::bot::tutoring::feedback_of(quiz::engine::session_id{1}, quiz::engine::pack_key{"zero"},
                                                          told, false, language::en),
                         language::en, {"https://q"}),
        50);

    quiz::engine::learner_stats stats;
    stats.answered = 3;
    for (int i = 0; i < 200; ++i) {
        stats.concepts.push_back({quiz::engine::concept_key{"c"}, std::string(300, 'l'), 0.5, false, 1});
    }
    stats.weakest.assign(stats.concepts.begin(), stats.concepts.begin() + 3);
    check_limits(home_view(quiz::bot::tutoring::stats_of(quiz::engine::pack_key{"zero"}, std::string(400, 't'), stats,
                                                         language::fr, {}),
                           language::fr),
                 100);
    check_limits(stats_message(quiz::bot::tutoring::stats_of(quiz::engine::pack_key{"zero"}, std::string(400, 't'),
                                                             stats, language::en, {})),
                 50);
}

TEST_CASE("blocks: feedback says right or wrong, why, the answer, when and where to read", "[slack][blocks]")
{
    quiz::engine::feedback told;
    told.correct = false;
    told.chosen = {0, "Stage 1", "Stage 1 shards optimizer states only."};
    told.answer = {2, "Stage 3", "Stage 3 also shards the parameters."};
    told.section = quiz::engine::section_key{"stages"};
    told.section_title = "ZeRO stages";
    told.retry_in_session = true;
    told.interval_days = 1;
    const auto message =
        feedback_message(quiz::bot::tutoring::feedback_of(quiz::engine::session_id{9}, quiz::engine::pack_key{"zero"},
                                                          told, false, language::en),
                         language::en, {"http://h"});
    const auto text = json::serialize(message);
    CHECK(text.find("Not quite.") != std::string::npos);
    CHECK(text.find("You chose A: Stage 1") != std::string::npos);
    CHECK(text.find("Stage 1 shards optimizer states only.") != std::string::npos);
    CHECK(text.find("The answer is C: Stage 3") != std::string::npos);
    CHECK(text.find("Stage 3 also shards the parameters.") != std::string::npos);
    CHECK(text.find("This question comes back in a few questions.") != std::string::npos);
    CHECK(text.find("Next review: tomorrow.") != std::string::npos);
    CHECK(text.find("<http://h/guide/zero/stages?lang=en|Read more: ZeRO stages>") != std::string::npos);
    CHECK(text.find(R"("action_id":"next","value":"9")") != std::string::npos);

    const auto fr = json::serialize(
        feedback_message(quiz::bot::tutoring::feedback_of(quiz::engine::session_id{9}, quiz::engine::pack_key{"zero"},
                                                          told, false, language::fr),
                         language::fr, {"http://h"}));
    CHECK(fr.find("Pas tout à fait.") != std::string::npos);
    CHECK(fr.find("Suivant") != std::string::npos);
}

TEST_CASE("blocks: a heads-up comes first, in its own section and in the fallback text", "[slack][blocks]")
{
    quiz::engine::learner_stats stats;
    stats.answered = 1;
    const auto shown = quiz::bot::tutoring::stats_of(quiz::engine::pack_key{"zero"}, "ZeRO", stats, language::en, {});
    const auto plain = stats_message(shown);
    const auto led = stats_message(shown, "Your reminders <are> off.");
    const auto& blocks = led.at("blocks").as_array();
    REQUIRE(blocks.size() == plain.at("blocks").as_array().size() + 1);
    CHECK(blocks[0].at("text").at("text") == "Your reminders &lt;are&gt; off.");
    CHECK(blocks[1] == plain.at("blocks").as_array()[0]);
    CHECK(led.at("text").as_string() == "Your reminders <are> off.\n\n" + std::string(plain.at("text").as_string()));
    CHECK(std::string_view(plain.at("text").as_string()).starts_with(shown.lines.front()));
}

} // namespace slack_blocks_test
