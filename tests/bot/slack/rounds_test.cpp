// SPDX-License-Identifier: MIT
// Study groups' rounds on Slack end to end: `quizbot serve` in-process with a real database, signed slash commands
// and clicks over loopback, Slack's Web API and response_urls played by a recording server on loopback. Every
// message and edit Slack receives is checked against Block Kit's limits.
#include "tests/bot/slack/support/block_kit_limits.hpp"
#include "tests/bot/slack/support/slack_bot.hpp"
#include "tests/support/right_choice.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

namespace slack_rounds_test {

namespace {

using namespace std::chrono_literals;
using quiz::test::buttons;
using quiz::test::clicked_message;
using quiz::test::has;
using quiz::test::hook_path;
using quiz::test::slack_bot;
using quiz::test::slack_call;

const std::string post = "/api/chat.postMessage";
const std::string update = "/api/chat.update";
const std::string ephemeral = "/api/chat.postEphemeral";

/// The first message the fake answers chat.postMessage with.
const std::string first_ts = "1700000000.000100";

/// Waits (10 s at most) for a condition on the server's side that no call to the fake signals, such as a row.
bool eventually(const std::function<bool()>& done)
{
    for (int i = 0; i < 1000; ++i) {
        if (done()) {
            return true;
        }
        std::this_thread::sleep_for(10ms);
    }
    return done();
}

std::string unescaped(std::string text)
{
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
        for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
            text.replace(at, from.size(), to);
        }
    }
    return text;
}

/// The display position of the right choice of the question on a round message, read off its fallback text.
std::uint32_t right_of(const slack_call& message)
{
    const auto right = quiz::test::right_choice(unescaped(std::string(message.json.at("text").as_string())));
    REQUIRE(right);
    return static_cast<std::uint32_t>(*right);
}

/// Some wrong choice of the question on a round message.
std::uint32_t wrong_of(const slack_call& message) { return right_of(message) == 0 ? 1 : 0; }

std::string answer_id(std::uint32_t position)
{
    return "round_answer_" + std::string(1, static_cast<char>('A' + position));
}

/// The calls to `path` whose body holds `text`.
std::vector<slack_call> holding(const std::vector<slack_call>& calls, const std::string& text)
{
    std::vector<slack_call> out;
    for (const auto& c : calls) {
        if (has(c, text)) {
            out.push_back(c);
        }
    }
    return out;
}

/// The newest call to `path` whose body holds `text`, once it arrived.
slack_call newest_with(slack_bot& bot, const std::string& path, const std::string& text)
{
    const auto found = holding(bot.fake.wait_for_text(path, text), text);
    REQUIRE_FALSE(found.empty());
    return found.back();
}

/// Members of the study group, as Slack names them.
struct member {
    std::string id;
    std::string name;
};

/// The `nth` chat.postEphemeral to `who` holding `text` (1: the first), once it arrived.
slack_call private_to(slack_bot& bot, const member& who, const std::string& text, std::size_t nth = 1)
{
    const auto to_them = [&](const slack_call& c) {
        return c.json.is_object() && c.json.as_object().contains("user") &&
               c.json.at("user") == boost::json::value(who.id) && has(c, text);
    };
    std::vector<slack_call> found;
    for (auto& c : bot.fake.wait_for_match(ephemeral, to_them, nth)) {
        if (to_them(c)) {
            found.push_back(std::move(c));
        }
    }
    INFO("to " << who.id << ": " << text);
    REQUIRE(found.size() >= nth);
    CHECK(found[nth - 1].json.at("channel") == "C1");
    return found[nth - 1];
}

/// Every message and edit Slack received: within Block Kit's limits, with a fallback text.
void check_everything_sent(const slack_bot& bot)
{
    std::size_t messages = 0;
    for (const auto& call : bot.fake.calls()) {
        if (call.path == "/api/users.info") {
            continue;
        }
        CAPTURE(call.path, call.body.substr(0, 300));
        REQUIRE(call.json.is_object());
        quiz::test::check_message(call.json.as_object());
        ++messages;
    }
    CHECK(messages > 0);
}

class group {
public:
    group(slack_bot& bot, clicked_message on) : bot_(bot), on_(std::move(on)) {}

    void answer(const member& who, long long round, std::uint32_t sequence, std::uint32_t position,
                const std::string& response_url)
    {
        REQUIRE(bot_.click(answer_id(position),
                           std::to_string(round) + ":" + std::to_string(sequence) + ":" + std::to_string(position),
                           response_url, who.id, who.name, on_)
                    .status == 200);
    }
    void press(const member& who, const std::string& action, long long round, const std::string& response_url)
    {
        REQUIRE(bot_.click(action, std::to_string(round), response_url, who.id, who.name, on_).status == 200);
    }

private:
    slack_bot& bot_;
    clicked_message on_;
};

long long round_of(const slack_call& message) { return std::stoll(buttons(message).at("round_end")); }

const member ana{"U1", "ana"};
const member ben{"U2", "ben"};
const member chloe{"U3", "chloe"};
const member dan{"U4", "<dan> & co"};
const member eve{"U5", "eve"};

} // namespace

TEST_CASE("a round of 3 questions with 5 members: closed by everyone answering, by the host, by the timer",
          "[slack][rounds]")
{
    slack_bot bot(
        {.bot_token = true, .movable_clock = true, .extra = {}, .on_reminders = {}, .start_at = {}, .before_unit = {}});
    const clicked_message on_round{"C1", first_ts, false};
    group play(bot, on_round);

    // The host opens the round: its message is posted in the channel with the bot token.
    REQUIRE(bot.command("group 3 10", bot.fake.hook(1), ana.id, "C1", ana.name).status == 200);
    const auto opened = bot.fake.wait_for(post, 1);
    REQUIRE(opened.size() == 1);
    CHECK(opened[0].json.at("channel") == "C1");
    CHECK(opened[0].authorization == "Bearer xoxb-test-token");
    CHECK(has(opened[0], "*Question 1 of 3*"));
    CHECK(has(opened[0], "Host: ana"));
    CHECK(has(opened[0], "0 of 1 answered"));
    CHECK(has(opened[0], "Closes in 10 seconds"));
    const auto round = round_of(opened[0]);
    const auto q1_right = right_of(opened[0]);
    const auto q1_wrong = wrong_of(opened[0]);
    // Where the message is, kept with the round so that a deadline after a restart can still edit it.
    CHECK(eventually(
        [&] { return bot.count("SELECT count(*) FROM round_message WHERE reference = 'C1:" + first_ts + "'") == 1; }));
    CHECK(bot.fake.calls_to(hook_path(1)).empty()); // the command's response_url is not needed with a bot token

    // One round per channel: a second one is refused privately.
    bot.command("group", bot.fake.hook(2), ben.id, "C1", ben.name);
    const auto busy = bot.fake.wait_for(hook_path(2), 1);
    REQUIRE(busy.size() == 1);
    CHECK(busy[0].json.at("response_type") == "ephemeral");
    CHECK(has(busy[0], "A round is already under way in this channel"));

    // Question 1. Each member's answer is acknowledged to them alone; the first edit meets a 429 and is sent again.
    bot.fake.rate_limit_updates(1);
    play.answer(ben, round, 1, q1_wrong, bot.fake.hook(10));
    const std::string q1_wrong_letter(1, static_cast<char>('A' + q1_wrong));
    CHECK(has(private_to(bot, ben, "Your answer is in: " + q1_wrong_letter + "."), "judged at the reveal"));
    // A double click: the first answer stands, recorded once.
    play.answer(ben, round, 1, q1_right, bot.fake.hook(11));
    (void)private_to(bot, ben, "Your answer is already in: " + q1_wrong_letter + ".");
    play.answer(chloe, round, 1, q1_right, bot.fake.hook(12));
    play.answer(dan, round, 1, q1_wrong, bot.fake.hook(13));
    (void)private_to(bot, chloe, "Your answer is in: ");
    (void)private_to(bot, dan, "Your answer is in: ");
    const auto some_answered = newest_with(bot, update, "3 of 4 answered");
    CHECK(some_answered.json.at("channel") == "C1");
    CHECK(some_answered.json.at("ts") == first_ts.c_str());
    CHECK(some_answered.authorization == "Bearer xoxb-test-token");
    CHECK(bot.logs->contains("outbound rate limited label=slack.chat.update"));
    // The host's answer is the last one: everyone has answered, the question closes.
    play.answer(ana, round, 1, q1_right, bot.fake.hook(14));
    const auto reveal1 = newest_with(bot, update, "Everyone has answered.");
    const std::string q1_right_letter(1, static_cast<char>('A' + q1_right));
    CHECK(has(reveal1, "4 of 4 answered"));
    CHECK(has(reveal1, "Answer " + q1_right_letter + ": "));
    CHECK(has(reveal1, "` " + q1_right_letter + ": 2 answers :white_check_mark:"));
    CHECK(has(reveal1, "Most chosen wrong answer: " + q1_wrong_letter + " (2 answers)."));
    CHECK(has(reveal1, "https://quiz.example/guide/zero-sharded/"));
    CHECK(buttons(reveal1).count("round_mine") == 1);
    CHECK(buttons(reveal1).count("round_next") == 1);

    // "How did I do?": Ben's answer judged, to him alone.
    play.press(ben, "round_mine", round, bot.fake.hook(15));
    CHECK(has(private_to(bot, ben, "Not quite."), "The answer is " + q1_right_letter + ": "));
    // Only the host asks the next question.
    play.press(ben, "round_next", round, bot.fake.hook(16));
    (void)private_to(bot, ben, "Only the host of the round can do that.");

    // Question 2: a late member joins by answering; the host reveals early.
    play.press(ana, "round_next", round, bot.fake.hook(17));
    const auto q2 = newest_with(bot, update, "*Question 2 of 3*");
    CHECK(has(q2, "Closes in 10 seconds"));
    play.answer(eve, round, 2, wrong_of(q2), bot.fake.hook(18));
    play.answer(ben, round, 2, right_of(q2), bot.fake.hook(19));
    (void)private_to(bot, eve, "Your answer is in: ");
    (void)private_to(bot, ben, "Your answer is in: ", 2);
    // A button of the first question, clicked late by someone who had not answered it: said so, nothing recorded.
    play.answer(eve, round, 1, q1_right, bot.fake.hook(20));
    (void)private_to(bot, eve, "That question is no longer open. Nothing was recorded.");
    play.press(ana, "round_reveal", round, bot.fake.hook(21));
    const auto reveal2 = newest_with(bot, update, "The answer was revealed early.");
    CHECK(has(reveal2, "2 of 5 answered"));

    // Question 3: closed by the timer, judged by the server's clock. With 2 s left by that clock, Chloé's answer
    // asks for the timer again, which then fires at the deadline.
    play.press(ana, "round_next", round, bot.fake.hook(22));
    const auto q3 = newest_with(bot, update, "*Question 3 of 3*");
    bot.advance(8s);
    play.answer(chloe, round, 3, right_of(q3), bot.fake.hook(23));
    (void)private_to(bot, chloe, "Your answer is in: ", 2);
    const auto reveal3 = newest_with(bot, update, "Time is up.");
    CHECK(has(reveal3, "*Question 3 of 3*"));
    CHECK(has(reveal3, "1 of 5 answered"));
    CHECK(bot.logs->contains("question=3 by=timer"));
    // Too late: the question is closed.
    play.answer(ben, round, 3, right_of(q3), bot.fake.hook(24));
    (void)private_to(bot, ben, "This question is closed");

    // The end: the scoreboard (names escaped: no mention, no link), the hardest question, Review my misses.
    play.press(ana, "round_next", round, bot.fake.hook(25));
    const auto ended = newest_with(bot, update, "*Round over*");
    CHECK(has(ended, "*Scoreboard*"));
    // Accuracy over the questions each was present for: Q1 Ana and Chloé right, Ben and Dan wrong; Q2 (Eve joins)
    // Ben right, Eve wrong, three silent; Q3 Chloé right, four silent.
    CHECK(has(ended, "chloe: 2 of 3 (67%)"));
    CHECK(has(ended, "ana: 1 of 3 (33%)"));
    CHECK(has(ended, "ben: 1 of 3 (33%)"));
    CHECK(has(ended, "eve: 0 of 2 (0%)"));
    CHECK(has(ended, "&lt;dan&gt; &amp; co: 0 of 3 (0%)"));
    CHECK_FALSE(has(ended, "<dan>"));
    CHECK(has(ended, "Hardest question: "));
    CHECK(buttons(ended).count("round_review") == 1);
    CHECK(ended.json.at("ts") == first_ts.c_str());

    // Buttons of an ended round, or of no round at all: a private note, nothing recorded.
    play.answer(dan, round, 3, right_of(q3), bot.fake.hook(28));
    (void)private_to(bot, dan, "This round has ended.");
    play.press(dan, "round_next", round + 1000, bot.fake.hook(29));
    (void)private_to(bot, dan, "There is no such round.");

    // Review my misses: Ben's own session on what he missed, privately; Ana missed nothing.
    play.press(ben, "round_review", round, bot.fake.hook(26));
    const auto review = private_to(bot, ben, "Another try 1 of ");
    CHECK(buttons(review).count("answer_A") == 1);
    play.press(ana, "round_review", round, bot.fake.hook(27));
    (void)private_to(bot, ana, "You missed nothing in this round");

    check_everything_sent(bot);
    CHECK(bot.fake.calls_to(post).size() == 1); // one message for the whole round, edited in place
    // Each accepted answer is in its member's memory once: Q1 by four, Q2 by two, Q3 by one.
    const std::string in_round = "FROM attempt WHERE round_id = " + std::to_string(round);
    CHECK(bot.count("SELECT count(*) " + in_round) == 7);
    CHECK(bot.count("SELECT count(*) FROM (SELECT learner_id, question_version_id " + in_round +
                    " GROUP BY 1, 2 HAVING count(*) > 1) AS twice") == 0);
    CHECK(bot.count("SELECT count(*) FROM attempt a JOIN learner l ON l.id = a.learner_id "
                    "WHERE l.external_id = 'T1:U2' AND a.venue = 'group_round'") == 2);
    CHECK(bot.count("SELECT coalesce(sum(attempts), 0) FROM memory") == 7);
    CHECK(bot.count("SELECT count(*) FROM memory WHERE attempts > 1") == 0);
    CHECK(bot.count("SELECT count(*) FROM round_message WHERE edit_token LIKE '%/hooks/%'") == 1);
    CHECK(bot.metrics().find("quizbot_answers_recorded_total{source=\"slack\"} 7\n") != std::string::npos);
}

TEST_CASE("a burst of answers becomes fewer edits than answers", "[slack][rounds]")
{
    slack_bot bot;
    group play(bot, {"C1", first_ts, false});
    bot.command("group 1 300", bot.fake.hook(1), ana.id, "C1", ana.name);
    const auto opened = bot.fake.wait_for(post, 1).at(0);
    const auto round = round_of(opened);
    // Slack takes its time with the first edit: the answers arriving meanwhile wait as one newest version.
    bot.fake.hold_updates();
    constexpr int answers = 8;
    for (int i = 0; i < answers; ++i) {
        const member who{"U" + std::to_string(10 + i), "m" + std::to_string(i)};
        play.answer(who, round, 1, static_cast<std::uint32_t>(i % 2), bot.fake.hook(10 + i));
        REQUIRE(bot.fake.wait_for(ephemeral, static_cast<std::size_t>(i + 1)).size() ==
                static_cast<std::size_t>(i + 1));
    }
    CHECK(bot.fake.wait_for(update, 1).size() == 1); // the first edit, still unanswered
    bot.fake.release_updates();
    const auto last =
        newest_with(bot, update, std::to_string(answers) + " of " + std::to_string(answers + 1) + " answered");
    CHECK(last.json.at("ts") == first_ts.c_str());
    const auto edits = bot.fake.calls_to(update).size();
    CHECK(edits < static_cast<std::size_t>(answers));
    CHECK(edits == 2);
    CHECK(bot.count("SELECT count(*) FROM attempt") == answers);
    // Both went through the outbox: each change written with its answer, the newest sent (docs/reliability.md).
    CHECK(eventually([&] {
        return bot.metrics().find("quizbot_outbox_total{kind=\"slack.round\",outcome=\"delivered\"} 2\n") !=
               std::string::npos;
    }));
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);
    check_everything_sent(bot);
}

TEST_CASE("without a bot token: the round lives on response_urls, 5 uses each", "[slack][rounds]")
{
    slack_bot bot({.bot_token = false,
                   .movable_clock = false,
                   .extra = {},
                   .on_reminders = {},
                   .start_at = {},
                   .before_unit = {}});
    group play(bot, {"C1", "1.5", false});
    // Words that are not options get the usage; options out of bounds get the bounds; neither opens a round.
    bot.command("group zero-sharded five", bot.fake.hook(3), ana.id, "C1", ana.name);
    CHECK(has(bot.fake.wait_for(hook_path(3), 1).at(0), "Usage: `/quiz group [pack] [questions] [seconds]`"));
    bot.command("group 3 1", bot.fake.hook(4), ana.id, "C1", ana.name);
    const auto bounds = bot.fake.wait_for(hook_path(4), 1).at(0);
    CHECK(has(bounds, "A round has 1 to 20 questions, with 10 to 300 seconds for each."));
    CHECK(bounds.json.at("response_type") == "ephemeral");
    CHECK(bot.count("SELECT count(*) FROM group_round") == 0);

    bot.command("group 2 60", bot.fake.hook(1), ana.id, "C1", ana.name);
    const auto opened = bot.fake.wait_for(hook_path(1), 1).at(0);
    CHECK(opened.json.at("response_type") == "in_channel");
    CHECK(opened.json.at("replace_original") == false);
    CHECK(has(opened, "*Question 1 of 2*"));
    const auto round = round_of(opened);
    CHECK(eventually([&] {
        return bot.count("SELECT count(*) FROM round_message WHERE edit_token = '" + bot.fake.hook(1) + "'") == 1;
    }));

    bot.command("group", bot.fake.hook(2), ben.id, "C1", ben.name);
    const auto busy = bot.fake.wait_for(hook_path(2), 1).at(0);
    CHECK(busy.json.at("response_type") == "ephemeral");
    CHECK(has(busy, "A round is already under way in this channel"));

    // Ben's click brings a response_url: his acknowledgement goes through it, apart from the message, and the
    // message is edited through it.
    play.answer(ben, round, 1, wrong_of(opened), bot.fake.hook(10));
    const auto through_ben = bot.fake.wait_for(hook_path(10), 2);
    REQUIRE(through_ben.size() == 2);
    const auto ack = holding(through_ben, "Your answer is in");
    REQUIRE(ack.size() == 1);
    CHECK(ack[0].json.at("replace_original") == false);
    CHECK(ack[0].json.at("response_type") == "ephemeral");
    const auto edit = holding(through_ben, "1 of 2 answered");
    REQUIRE(edit.size() == 1);
    CHECK(edit[0].json.at("replace_original") == true);
    CHECK(bot.fake.calls_to(ephemeral).empty());
    CHECK(bot.fake.calls_to(update).empty());

    play.answer(ana, round, 1, right_of(opened), bot.fake.hook(11));
    const auto reveal = newest_with(bot, hook_path(11), "Everyone has answered.");
    CHECK(reveal.json.at("replace_original") == true);

    // The host's Next: its response_url edits the message.
    play.press(ana, "round_next", round, bot.fake.hook(12));
    const auto q2 = newest_with(bot, hook_path(12), "*Question 2 of 2*");
    CHECK(q2.json.at("replace_original") == true);

    // One response_url used over and over (a client repeating a click): never more than its 5 uses.
    for (int i = 0; i < 7; ++i) {
        play.answer(ben, round, 2, right_of(q2), bot.fake.hook(13));
    }
    bot.fake.wait_for(hook_path(13), 5);
    CHECK(eventually([&] { return bot.logs->contains("no response_url with a use left"); }));
    CHECK(bot.fake.calls_to(hook_path(13)).size() == 5);
    CHECK(bot.count("SELECT count(*) FROM attempt") == 3);

    play.press(ana, "round_end", round, bot.fake.hook(14));
    const auto ended = newest_with(bot, hook_path(14), "*Round over*");
    CHECK(ended.json.at("replace_original") == true);

    // Review my misses: the card privately, through the click's response_url; its buttons go on as a session.
    play.press(ben, "round_review", round, bot.fake.hook(15));
    const auto card = bot.fake.wait_for(hook_path(15), 1).at(0);
    CHECK(card.json.at("response_type") == "ephemeral");
    const auto card_buttons = buttons(card);
    REQUIRE(card_buttons.count("answer_A") == 1);
    bot.click("answer_A", card_buttons.at("answer_A"), bot.fake.hook(16), ben.id, ben.name);
    const auto feedback = bot.fake.wait_for(hook_path(16), 1).at(0);
    CHECK(feedback.json.at("replace_original") == true);
    CHECK(has(feedback, "The answer is "));
    check_everything_sent(bot);
}

TEST_CASE("a channel the bot is not in: posted and edited through response_urls", "[slack][rounds]")
{
    slack_bot bot;
    bot.fake.refuse_posts_in("G1", "not_in_channel");
    group play(bot, {"G1", "1.5", false});
    bot.command("group 1 60", bot.fake.hook(1), ana.id, "G1", ana.name);
    const auto opened = bot.fake.wait_for(hook_path(1), 1).at(0);
    CHECK(opened.json.at("response_type") == "in_channel");
    CHECK(bot.fake.calls_to(post).size() == 1); // tried first
    CHECK(bot.logs->contains("posting it through the command's response_url"));
    const auto round = round_of(opened);

    play.answer(ben, round, 1, right_of(opened), bot.fake.hook(10));
    const auto through_ben = bot.fake.wait_for(hook_path(10), 2);
    REQUIRE(through_ben.size() == 2);
    CHECK(holding(through_ben, "Your answer is in").size() == 1);
    const auto edit = holding(through_ben, "1 of 2 answered");
    REQUIRE(edit.size() == 1);
    CHECK(edit[0].json.at("replace_original") == true);
    CHECK(bot.fake.calls_to(update).size() == 1);    // refused, then the response_url
    CHECK(bot.fake.calls_to(ephemeral).size() == 1); // refused, then the response_url
    check_everything_sent(bot);
}

TEST_CASE("a round shown nowhere is ended, so the channel is free", "[slack][rounds]")
{
    slack_bot bot;
    bot.fake.refuse_posts_in("G2", "channel_not_found");
    const std::string gone = bot.fake.base() + "/gone/1"; // a response_url that fails
    bot.command("group 1 60", gone, ana.id, "G2", ana.name);
    CHECK(eventually([&] { return bot.count("SELECT count(*) FROM group_round WHERE status = 'ended'") == 1; }));
    CHECK(bot.logs->contains("slack round message not posted"));
    bot.command("group 1 60", bot.fake.hook(2), ben.id, "G2", ben.name);
    const auto second = bot.fake.wait_for(hook_path(2), 1);
    REQUIRE(second.size() == 1);
    CHECK(has(second[0], "*Question 1 of 1*")); // a new round, not "already under way"
}

} // namespace slack_rounds_test
