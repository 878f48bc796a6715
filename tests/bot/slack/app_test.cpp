// SPDX-License-Identifier: MIT
// The Slack adapter end to end: `quizbot serve` in-process with a real database, signed requests over loopback,
// and Slack's side played by a recording server on loopback.
#include "tests/bot/slack/support/slack_bot.hpp"
#include "tests/support/action_sequence.hpp"
#include "tests/support/right_choice.hpp"

#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <optional>
#include <thread>

namespace slack_app_test {

namespace {

namespace json = boost::json;
using namespace std::chrono_literals;
using quiz::test::buttons;
using quiz::test::form_type;
using quiz::test::has;
using quiz::test::hook_path;
using quiz::test::slack_bot;
using quiz::test::slack_bot_options;
using quiz::test::slack_call;

const std::string& secret = quiz::test::slack_secret;

} // namespace

TEST_CASE("endpoints: signatures first, 401 otherwise, ssl_check, url_verification", "[slack][app]")
{
    slack_bot bot;
    const std::string command = "team_id=T1&user_id=U1&command=%2Fquiz&text=help&response_url=x";
    for (const std::string path : {"/slack/commands", "/slack/interactions", "/slack/events"}) {
        CHECK(bot.post(path, command, form_type, false).status == 401);
        const auto ts = quiz::test::unix_seconds(std::chrono::system_clock::now());
        CHECK(bot.post(path, command, form_type, false,
                       "X-Slack-Request-Timestamp: " + ts + "\r\nX-Slack-Signature: " +
                           quiz::test::slack_signature("wrong-secret", ts, command) + "\r\n")
                  .status == 401);
        // A margin of a minute beyond the five-minute window: the server reads its clock a moment later, and whole
        // seconds round, so 301 s ahead can arrive as 300 s (the exact edges are in signature_test.cpp).
        const auto old = quiz::test::unix_seconds(std::chrono::system_clock::now() - 360s);
        CHECK(bot.post(path, command, form_type, false,
                       "X-Slack-Request-Timestamp: " + old +
                           "\r\nX-Slack-Signature: " + quiz::test::slack_signature(secret, old, command) + "\r\n")
                  .status == 401);
        const auto ahead = quiz::test::unix_seconds(std::chrono::system_clock::now() + 360s);
        CHECK(bot.post(path, command, form_type, false,
                       "X-Slack-Request-Timestamp: " + ahead +
                           "\r\nX-Slack-Signature: " + quiz::test::slack_signature(secret, ahead, command) + "\r\n")
                  .status == 401);
    }
    CHECK(bot.logs->contains("reason=stale"));
    CHECK_FALSE(bot.logs->contains(secret));

    const auto probe = bot.post("/slack/commands", "ssl_check=1&token=abc", form_type, false);
    CHECK(probe.status == 200);
    CHECK(probe.body.empty());

    const auto challenge =
        bot.post("/slack/events",
                 R"({"token":"x","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",)"
                 R"("type":"url_verification"})",
                 "application/json");
    CHECK(challenge.status == 200);
    CHECK(challenge.field("content-type") == "application/json");
    CHECK(challenge.body == R"({"challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"})");

    CHECK(bot.post("/slack/events", "{", "application/json").status == 400);
    CHECK(bot.post("/slack/interactions", "payload=%7B").status == 400);
    CHECK(bot.post("/slack/commands", "team_id=T1&text=a&text=b").status == 400);
    CHECK(bot.fake.calls().empty());
}

TEST_CASE("while too much work waits, a command is answered 503 before any acknowledgement, and never updated later",
          "[slack][app]")
{
    std::atomic<bool> held{true};
    slack_bot_options options;
    options.extra = {{"QUIZBOT_MAX_QUEUED_ACTIONS", "1"}};
    options.before_unit = [&held] { // every unit waits until the test lets them go
        while (held) {
            std::this_thread::sleep_for(std::chrono::milliseconds{5});
        }
    };
    slack_bot bot(options);
    // The writer takes the first units (SQLite one, PostgreSQL one per worker) and holds them; one more waits; the
    // next is refused at once: Slack shows the user that it failed, and nothing was acknowledged. An admitted command
    // is acknowledged once its unit has committed, so each is sent from a thread of its own. The server's own looks
    // (the outbox's, the reminders', each second) also queue units for a moment: a command refused while they wait,
    // before any is admitted, is refused the same way, and the test goes on with the next.
    std::vector<std::future<std::optional<quiz::test::http_reply>>> waiting;
    std::vector<int> admitted_users;
    std::vector<int> refused_users;
    for (int n = 1; n <= 40 && (admitted_users.empty() || refused_users.empty()); ++n) {
        auto reply = std::async(std::launch::async, [&bot, n] {
            return bot.try_post("/slack/commands",
                                slack_bot::command_body("start", bot.fake.hook(n), "U" + std::to_string(100 + n)));
        });
        // Refused at once, or admitted: its users.info call arrives, and then its unit waits.
        bool answered = false;
        for (int i = 0; i < 1000 && !answered; ++i) {
            answered = reply.wait_for(10ms) == std::future_status::ready;
            if (!answered && bot.fake.calls_to("/api/users.info").size() > admitted_users.size()) {
                break;
            }
        }
        if (!answered) {
            admitted_users.push_back(n);
            waiting.push_back(std::move(reply));
            continue;
        }
        const auto refused = reply.get();
        REQUIRE(refused);
        CHECK(refused->status == 503);
        CHECK(refused->field("retry-after") == "1");
        refused_users.push_back(n);
        if (admitted_users.empty()) {
            std::this_thread::sleep_for(20ms);
        }
    }
    REQUIRE_FALSE(admitted_users.empty());
    REQUIRE_FALSE(refused_users.empty());
    CHECK(bot.metrics().find("quizbot_refused_busy_total{platform=\"slack\"} " +
                             std::to_string(refused_users.size())) != std::string::npos);
    // Not acknowledged while their units wait: acknowledged means recorded.
    for (auto& w : waiting) {
        CHECK(w.wait_for(0ms) == std::future_status::timeout);
    }
    held = false;
    for (auto& w : waiting) {
        const auto ack = w.get();
        REQUIRE(ack);
        CHECK(ack->status == 200);
    }
    for (const int n : admitted_users) {
        const auto card = bot.fake.wait_for(hook_path(n), 1);
        REQUIRE(card.size() == 1);
        CHECK(buttons(card[0]).contains("answer_A"));
    }
    for (const int n : refused_users) {
        CHECK(bot.fake.calls_to(hook_path(n)).empty());
        CHECK(bot.count("SELECT count(*) FROM learner WHERE external_id = 'T1:U" + std::to_string(100 + n) + "'") == 0);
    }
}

/// Waits (10 s at most) until the metrics page holds `line`.
bool metric_shows(slack_bot& bot, const std::string& line)
{
    for (int i = 0; i < 200; ++i) {
        if (bot.metrics().find(line) != std::string::npos) {
            return true;
        }
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

std::string outbox_line(const std::string& outcome, int count, const std::string& kind = "slack.response")
{
    return "quizbot_outbox_total{kind=\"" + kind + "\",outcome=\"" + outcome + "\"} " + std::to_string(count) + "\n";
}

TEST_CASE("an update Slack fails is sent again until taken and then no more while one it refuses or one past its "
          "30 minutes is dropped",
          "[slack][app][outbox]")
{
    slack_bot_options options;
    options.movable_clock = true;
    slack_bot bot(options);

    // 500: the update stays in the outbox and is sent again (2 s later, then 4 s...) until Slack takes it.
    bot.fake.answer_hooks(500);
    CHECK(bot.command("start", bot.fake.hook(1), "U1").status == 200);
    REQUIRE(bot.fake.wait_for(hook_path(1), 2).size() >= 2);
    bot.fake.answer_hooks(200);
    const auto taken = bot.fake.wait_for(hook_path(1), 3);
    REQUIRE(taken.size() == 3);
    CHECK(buttons(taken.back()).contains("answer_A"));
    CHECK(metric_shows(bot, outbox_line("delivered", 1)));
    CHECK(metric_shows(bot, outbox_line("retried", 2)));
    std::this_thread::sleep_for(3s); // longer than a look and a retry: a second delivery would show by now
    CHECK(bot.fake.calls_to(hook_path(1)).size() == 3);
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);

    // 404, as Slack answers a response_url past its uses: not tried again.
    bot.fake.answer_hooks(404);
    CHECK(bot.command("start", bot.fake.hook(2), "U2").status == 200);
    REQUIRE(bot.fake.wait_for(hook_path(2), 1).size() == 1);
    CHECK(metric_shows(bot, outbox_line("refused", 1)));
    std::this_thread::sleep_for(3s);
    CHECK(bot.fake.calls_to(hook_path(2)).size() == 1);
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);

    // Failing, and then 31 minutes pass: Slack would no longer take it, so it is not called again, counted expired.
    bot.fake.answer_hooks(500);
    CHECK(bot.command("start", bot.fake.hook(3), "U3").status == 200);
    REQUIRE(bot.fake.wait_for(hook_path(3), 1).size() == 1);
    bot.advance(31min);
    CHECK(metric_shows(bot, outbox_line("expired", 1)));
    std::this_thread::sleep_for(3s);
    CHECK(bot.fake.calls_to(hook_path(3)).size() == 1);
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);
}

TEST_CASE("/healthz fails its outbox check while more updates wait than QUIZBOT_MAX_QUEUED_MESSAGES and recovers "
          "once they are delivered",
          "[slack][app][outbox]")
{
    slack_bot_options options;
    options.extra = {{"QUIZBOT_MAX_QUEUED_MESSAGES", "2"}};
    slack_bot bot(options);
    const auto health = [&bot] {
        quiz::test::loopback_client c(bot.port());
        auto reply = c.request("GET", "/healthz");
        REQUIRE(reply);
        return *reply;
    };
    const auto wait_for_status = [&health](unsigned status) {
        for (int i = 0; i < 200; ++i) {
            if (health().status == status) {
                return true;
            }
            std::this_thread::sleep_for(50ms);
        }
        return false;
    };
    CHECK(health().body == R"({"status":"ok","checks":{"database":"ok","content":"ok","outbox":"ok"}})");
    bot.fake.answer_hooks(500);
    for (int n = 1; n <= 3; ++n) {
        CHECK(bot.command("start", bot.fake.hook(n), "U" + std::to_string(n)).status == 200);
    }
    // Three updates wait for Slack to take them, one more than allowed.
    REQUIRE(wait_for_status(503));
    CHECK(health().body == R"({"status":"unavailable","checks":{"database":"ok","content":"ok","outbox":"failing"}})");
    CHECK(bot.metrics().find("quizbot_outbox_pending 3\n") != std::string::npos);
    bot.fake.answer_hooks(200);
    REQUIRE(wait_for_status(200));
    for (int n = 1; n <= 3; ++n) {
        CHECK(buttons(bot.fake.wait_for(hook_path(n), 2).back()).contains("answer_A"));
    }
}

TEST_CASE("/quiz start, then buttons update the message through its response_url", "[slack][app]")
{
    slack_bot bot;
    const auto ack = bot.command("start", bot.fake.hook(1));
    CHECK(ack.status == 200);
    CHECK(ack.body.empty());
    const auto first = bot.fake.wait_for(hook_path(1), 1);
    REQUIRE(first.size() == 1);
    CHECK(first[0].content_type == "application/json; charset=utf-8");
    CHECK(first[0].json.at("response_type") == "ephemeral"); // in a channel, only the learner sees it
    CHECK(first[0].json.at("replace_original") == false);
    const auto card = buttons(first[0]);
    REQUIRE(card.count("answer_A") == 1);
    REQUIRE(card.count("answer_B") == 1);

    // users.info once, with the bot token and include_locale.
    const auto info = bot.fake.calls_to("/api/users.info");
    REQUIRE(info.size() == 1);
    CHECK(info[0].authorization == "Bearer xoxb-test-token");
    CHECK(info[0].body == "user=U1&include_locale=true");

    CHECK(bot.click("answer_A", card.at("answer_A"), bot.fake.hook(2)).status == 200);
    const auto feedback = bot.fake.wait_for(hook_path(2), 1);
    REQUIRE(feedback.size() == 1);
    CHECK(feedback[0].json.at("replace_original") == true);
    CHECK((has(feedback[0], "Right!") || has(feedback[0], "Not quite.")));
    CHECK(has(feedback[0], "The answer is "));
    CHECK(has(feedback[0], "https://quiz.example/guide/zero-sharded/"));
    const auto after = buttons(feedback[0]);
    REQUIRE(after.count("next") == 1);
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    // The same click again (a double click, a retry): the same feedback, nothing recorded twice.
    CHECK(bot.click("answer_A", card.at("answer_A"), bot.fake.hook(3)).status == 200);
    const auto again = bot.fake.wait_for(hook_path(3), 1);
    REQUIRE(again.size() == 1);
    CHECK(again[0].json.at("blocks") == feedback[0].json.at("blocks"));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    // A different choice on the same card: also the recorded outcome, not a second answer.
    CHECK(bot.click("answer_B", card.at("answer_B"), bot.fake.hook(4)).status == 200);
    const auto other = bot.fake.wait_for(hook_path(4), 1);
    REQUIRE(other.size() == 1);
    CHECK(other[0].json.at("blocks") == feedback[0].json.at("blocks"));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    CHECK(bot.click("next", after.at("next"), bot.fake.hook(5)).status == 200);
    const auto second = bot.fake.wait_for(hook_path(5), 1);
    REQUIRE(second.size() == 1);
    CHECK(second[0].json.at("replace_original") == true);
    const auto next_card = buttons(second[0]);
    REQUIRE(next_card.count("answer_A") == 1);
    CHECK(next_card.at("answer_A") != card.at("answer_A"));

    // A button of the first card, now stale: said so, apart from the card, and nothing recorded.
    CHECK(
        bot.click("answer_B", card.at("answer_B").substr(0, card.at("answer_B").find(':')) + ":99:1", bot.fake.hook(6))
            .status == 200);
    const auto stale = bot.fake.wait_for(hook_path(6), 1);
    REQUIRE(stale.size() == 1);
    CHECK(stale[0].json.at("replace_original") == false);
    CHECK(stale[0].json.at("response_type") == "ephemeral");
    CHECK(has(stale[0], "no longer on screen"));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    // Someone else pressing this learner's button: not their session.
    CHECK(bot.click("answer_A", next_card.at("answer_A"), bot.fake.hook(7), "U9").status == 200);
    const auto intruder = bot.fake.wait_for(hook_path(7), 1);
    REQUIRE(intruder.size() == 1);
    CHECK(has(intruder[0], "No quiz in progress."));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    // A response_url on a host that is not listed is never called.
    const std::string elsewhere = "http://localhost:" + std::to_string(bot.fake.port()) + "/hooks/8";
    CHECK(bot.click("answer_A", next_card.at("answer_A"), elsewhere).status == 200);
    CHECK(bot.click("answer_A", next_card.at("answer_A"), bot.fake.hook(9)).status == 200);
    REQUIRE(bot.fake.wait_for(hook_path(9), 1).size() == 1);
    CHECK(bot.fake.calls_to(hook_path(8)).empty());
    CHECK(bot.logs->contains("response_url refused"));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 2);
    // The answers metric counts the two recorded answers, not the replays or the refused ones.
    CHECK(bot.metrics().find("quizbot_answers_recorded_total{source=\"slack\"} 2\n") != std::string::npos);
}

TEST_CASE("a tutoring session by direct message, a retried event handled once", "[slack][app]")
{
    slack_bot bot;
    const std::string post = "/api/chat.postMessage";
    CHECK(bot.event("Ev1", slack_bot::dm("start")).status == 200);
    auto posts = bot.fake.wait_for(post, 1);
    REQUIRE(posts.size() == 1);
    CHECK(posts[0].authorization == "Bearer xoxb-test-token");
    CHECK(posts[0].json.at("channel") == "D2");
    CHECK(buttons(posts[0]).count("answer_A") == 1);

    // Slack redelivers the same event (it thought the first delivery failed): acknowledged, not handled again.
    CHECK(bot.event("Ev1", slack_bot::dm("start"), "X-Slack-Retry-Num: 1\r\nX-Slack-Retry-Reason: http_timeout\r\n")
              .status == 200);
    // Our own posts come back as events with bot_id: ignored.
    auto own = slack_bot::dm("Question 1");
    own["bot_id"] = "B1";
    CHECK(bot.event("Ev2", own).status == 200);
    auto edit = slack_bot::dm("b");
    edit["subtype"] = "message_changed";
    CHECK(bot.event("Ev3", edit).status == 200);

    CHECK(bot.event("Ev4", slack_bot::dm("b")).status == 200);
    posts = bot.fake.wait_for(post, 2);
    REQUIRE(posts.size() == 2);
    CHECK((has(posts[1], "Right!") || has(posts[1], "Not quite.")));
    CHECK(has(posts[1], "The answer is "));
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    CHECK(bot.event("Ev5", slack_bot::dm("next")).status == 200);
    posts = bot.fake.wait_for(post, 3);
    REQUIRE(posts.size() == 3);
    CHECK(buttons(posts[2]).count("answer_A") == 1);

    CHECK(bot.event("Ev6", slack_bot::dm("stats")).status == 200);
    posts = bot.fake.wait_for(post, 4);
    REQUIRE(posts.size() == 4);
    CHECK(has(posts[3], "Your progress: "));
    CHECK(has(posts[3], "1 of "));

    CHECK(bot.event("Ev7", slack_bot::dm("hello")).status == 200);
    posts = bot.fake.wait_for(post, 5);
    REQUIRE(posts.size() == 5);
    CHECK(has(posts[4], "Type the letter of an answer"));
    // Ev1's retry, Ev2 and Ev3 produced nothing.
    CHECK(bot.fake.calls_to(post).size() == 5);
    CHECK(bot.count("SELECT count(*) FROM processed_event") == 5);
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);
}

TEST_CASE("a reply to a direct message Slack fails is posted again until taken, one it refuses is not",
          "[slack][app][outbox]")
{
    slack_bot bot;
    const std::string post = "/api/chat.postMessage";
    // 500 twice: the reply stays in the outbox (written with the action) and is posted again until Slack takes it.
    bot.fake.fail_posts(2);
    CHECK(bot.event("Ev1", slack_bot::dm("start")).status == 200);
    const auto posts = bot.fake.wait_for(post, 3);
    REQUIRE(posts.size() == 3);
    CHECK(buttons(posts[2]).count("answer_A") == 1);
    CHECK(json::serialize(posts[0].json) == json::serialize(posts[2].json)); // the same reply each time
    CHECK(metric_shows(bot, outbox_line("delivered", 1, "slack.message")));
    CHECK(metric_shows(bot, outbox_line("retried", 2, "slack.message")));
    std::this_thread::sleep_for(3s); // longer than a look and a retry: a second delivery would show by now
    CHECK(bot.fake.calls_to(post).size() == 3);
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);

    // A channel the bot may not post in: Slack's answer about the message itself, not tried again.
    bot.fake.refuse_posts_in("D2", "channel_not_found");
    CHECK(bot.event("Ev2", slack_bot::dm("stats")).status == 200);
    REQUIRE(bot.fake.wait_for(post, 4).size() == 4);
    CHECK(metric_shows(bot, outbox_line("refused", 1, "slack.message")));
    std::this_thread::sleep_for(3s);
    CHECK(bot.fake.calls_to(post).size() == 4);
    CHECK(bot.count("SELECT count(*) FROM outbox") == 0);
    CHECK(bot.count("SELECT count(*) FROM processed_event") == 2);
}

TEST_CASE("the Home tab shows progress and a Start button", "[slack][app]")
{
    slack_bot bot;
    CHECK(bot.event("Ev1", {{"type", "app_home_opened"}, {"user", "U2"}, {"channel", "D2"}, {"tab", "home"}}).status ==
          200);
    auto views = bot.fake.wait_for("/api/views.publish", 1);
    REQUIRE(views.size() == 1);
    CHECK(views[0].json.at("user_id") == "U2");
    CHECK(views[0].json.at("view").at("type") == "home");
    CHECK(has(views[0], "No answer yet"));
    CHECK(has(views[0], R"("action_id":"start")"));

    // Start from the Home tab: no response_url there, so the card arrives as a direct message.
    const json::object payload{
        {"type", "block_actions"},
        {"team", {{"id", "T1"}}},
        {"user", {{"id", "U2"}, {"username", "bo"}, {"team_id", "T1"}}},
        {"container", {{"type", "view"}, {"view_id", "V1"}}},
        {"actions", json::array{{{"type", "button"}, {"action_id", "start"}, {"value", "zero-sharded"}}}},
    };
    CHECK(bot.post("/slack/interactions", "payload=" + quiz::bot::http::percent_encode(json::serialize(payload)))
              .status == 200);
    const auto posts = bot.fake.wait_for("/api/chat.postMessage", 1);
    REQUIRE(posts.size() == 1);
    CHECK(posts[0].json.at("channel") == "U2");
    CHECK(buttons(posts[0]).count("answer_A") == 1);

    CHECK(bot.event("Ev2", slack_bot::dm("a")).status == 200);
    bot.fake.wait_for("/api/chat.postMessage", 2);
    CHECK(bot.event("Ev3", {{"type", "app_home_opened"}, {"user", "U2"}, {"channel", "D2"}, {"tab", "home"}}).status ==
          200);
    views = bot.fake.wait_for("/api/views.publish", 2);
    REQUIRE(views.size() == 2);
    CHECK(has(views[1], "Concepts mastered: "));
    CHECK_FALSE(has(views[1], "No answer yet"));
}

TEST_CASE("language from users.info, overridden by /quiz lang", "[slack][app]")
{
    slack_bot bot;
    bot.fake.set_locale("fr-FR");
    bot.command("help", bot.fake.hook(1));
    auto help = bot.fake.wait_for(hook_path(1), 1);
    REQUIRE(help.size() == 1);
    CHECK(has(help[0], "Commandes"));

    bot.command("lang en", bot.fake.hook(2));
    const auto set = bot.fake.wait_for(hook_path(2), 1);
    REQUIRE(set.size() == 1);
    CHECK(has(set[0], "From now on I speak English with you."));

    bot.command("help", bot.fake.hook(3));
    help = bot.fake.wait_for(hook_path(3), 1);
    REQUIRE(help.size() == 1);
    CHECK(has(help[0], "commands:"));
    CHECK(bot.fake.calls_to("/api/users.info").size() == 1); // cached

    bot.command("lang de", bot.fake.hook(4));
    const auto usage = bot.fake.wait_for(hook_path(4), 1);
    REQUIRE(usage.size() == 1);
    CHECK(has(usage[0], "Usage: `/quiz lang en`"));

    bot.command("frobnicate", bot.fake.hook(5));
    const auto unknown = bot.fake.wait_for(hook_path(5), 1);
    REQUIRE(unknown.size() == 1);
    CHECK(has(unknown[0], "Unknown command `frobnicate`."));

    bot.command("start no-such-pack", bot.fake.hook(6));
    const auto missing = bot.fake.wait_for(hook_path(6), 1);
    REQUIRE(missing.size() == 1);
    CHECK(has(missing[0], "There is no pack “no-such-pack”."));
}

TEST_CASE("a word the user typed comes back escaped, never as Slack markup", "[slack][app][escape]")
{
    slack_bot bot;
    // Typed as is, `<!channel>` would notify the whole channel when echoed; `&` starts an entity.
    bot.command("<!channel>&", bot.fake.hook(1));
    const auto unknown = bot.fake.wait_for(hook_path(1), 1);
    REQUIRE(unknown.size() == 1);
    CHECK(has(unknown[0], "Unknown command `&lt;!channel&gt;&amp;`."));
    CHECK_FALSE(has(unknown[0], "<!channel>"));
}

TEST_CASE("the shared action sequence shows the same screens, as Block Kit messages", "[slack][app]")
{
    using quiz::test::seen;
    slack_bot bot;
    std::vector<seen> shown;

    bot.command("start", bot.fake.hook(1));
    const auto first = bot.fake.wait_for(hook_path(1), 1).at(0);
    const auto card = buttons(first);
    shown.push_back(card.count("answer_A") == 1 && card.count("answer_B") == 1 ? seen::card : seen::other);

    const auto right = quiz::test::right_choice(std::string(first.json.at("text").as_string()));
    REQUIRE(right);
    const std::string wrong = *right == 0 ? "answer_B" : "answer_A";
    bot.click(wrong, card.at(wrong), bot.fake.hook(2));
    const auto feedback = bot.fake.wait_for(hook_path(2), 1).at(0);
    shown.push_back(has(feedback, "Not quite.") && has(feedback, "The answer is ") &&
                            feedback.json.at("replace_original") == true
                        ? seen::wrong_feedback
                        : seen::other);

    bot.click(wrong, card.at(wrong), bot.fake.hook(3));
    const auto again = bot.fake.wait_for(hook_path(3), 1).at(0);
    shown.push_back(again.json.at("blocks") == feedback.json.at("blocks") &&
                            bot.count("SELECT count(*) FROM attempt") == 1
                        ? seen::same_feedback
                        : seen::other);

    bot.click("next", buttons(feedback).at("next"), bot.fake.hook(4));
    const auto second = bot.fake.wait_for(hook_path(4), 1).at(0);
    const auto next_card = buttons(second);
    shown.push_back(next_card.count("answer_A") == 1 && has(second, " 2 of ") ? seen::next_card : seen::other);

    quiz::test::refuse_reminders(bot.database());
    for (const int hook : {5, 6}) {
        bot.command("stats", bot.fake.hook(hook));
        const auto stats = bot.fake.wait_for(hook_path(hook), 1).at(0);
        // One message: the heads-up in the first section, before the stats.
        const auto& lead = stats.json.at("blocks").as_array().at(0).at("text").at("text").as_string();
        if (std::string_view(lead).starts_with(quiz::test::heads_up_text)) {
            shown.push_back(seen::heads_up);
        }
        shown.push_back(has(stats, "1 answer") ? seen::stats : seen::other);
    }

    int hook = 7;
    for (const bool yes : {false, true}) {
        bot.command("forget-me", bot.fake.hook(hook));
        const auto question = buttons(bot.fake.wait_for(hook_path(hook), 1).at(0));
        ++hook;
        shown.push_back(question.count("forget_yes") == 1 && question.count("forget_no") == 1 ? seen::confirm
                                                                                              : seen::other);
        const std::string id = yes ? "forget_yes" : "forget_no";
        bot.click(id, question.at(id), bot.fake.hook(hook));
        const auto done = bot.fake.wait_for(hook_path(hook), 1).at(0);
        ++hook;
        if (!yes) {
            shown.push_back(has(done, "Nothing was erased.") && bot.count("SELECT count(*) FROM attempt") == 1
                                ? seen::nothing_erased
                                : seen::other);
        } else {
            shown.push_back(has(done, "everything quizbot kept about you is erased") &&
                                    bot.count("SELECT count(*) FROM learner") == 0 &&
                                    bot.count("SELECT count(*) FROM attempt") == 0
                                ? seen::erased
                                : seen::other);
        }
    }
    CHECK(shown == quiz::test::expected_screens);
}

TEST_CASE("/quiz forget-me asks first, then erases the learner", "[slack][app]")
{
    slack_bot bot;
    bot.command("start", bot.fake.hook(1));
    const auto card = buttons(bot.fake.wait_for(hook_path(1), 1).at(0));
    bot.click("answer_A", card.at("answer_A"), bot.fake.hook(2));
    bot.fake.wait_for(hook_path(2), 1);
    CHECK(bot.count("SELECT count(*) FROM learner WHERE platform = 'slack' AND external_id = 'T1:U1'") == 1);
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);
    if (bot.database().engine() == quiz::test::test_engine::sqlite) {
        CHECK(bot.wal_holds("T1:U1")); // the learner's row, written through the log
    }

    // Asked first; cancelling erases nothing.
    bot.command("forget-me", bot.fake.hook(3), "U1", "D1");
    const auto asked = bot.fake.wait_for(hook_path(3), 1);
    REQUIRE(asked.size() == 1);
    CHECK(has(asked[0], "It cannot be undone."));
    const auto choice = buttons(asked[0]);
    REQUIRE(choice.count("forget_yes") == 1);
    REQUIRE(choice.count("forget_no") == 1);
    bot.click("forget_no", choice.at("forget_no"), bot.fake.hook(4));
    const auto kept = bot.fake.wait_for(hook_path(4), 1);
    REQUIRE(kept.size() == 1);
    CHECK(has(kept[0], "Nothing was erased."));
    CHECK(kept[0].json.at("replace_original") == true); // the question's buttons go away
    CHECK(bot.count("SELECT count(*) FROM attempt") == 1);

    bot.command("forget-me", bot.fake.hook(5), "U1", "D1");
    const auto again = buttons(bot.fake.wait_for(hook_path(5), 1).at(0));
    bot.click("forget_yes", again.at("forget_yes"), bot.fake.hook(6));
    const auto done = bot.fake.wait_for(hook_path(6), 1);
    REQUIRE(done.size() == 1);
    CHECK(has(done[0], "everything quizbot kept about you is erased"));
    // The old page images of the erased rows are out of SQLite's write-ahead log too (PostgreSQL's WAL is the
    // cluster's, not the test's to inspect); what the log holds since (the outbox's settle) is not theirs.
    if (bot.database().engine() == quiz::test::test_engine::sqlite) {
        CHECK_FALSE(bot.wal_holds("T1:U1"));
    }
    CHECK(bot.count("SELECT count(*) FROM learner WHERE platform = 'slack' AND external_id = 'T1:U1'") == 0);
    CHECK(bot.count("SELECT count(*) FROM attempt") == 0);

    bot.command("forget-me", bot.fake.hook(7));
    const auto nothing = bot.fake.wait_for(hook_path(7), 1);
    REQUIRE(nothing.size() == 1);
    CHECK(has(nothing[0], "quizbot keeps nothing about you."));
    CHECK(bot.count("SELECT count(*) FROM learner") == 0); // asking did not create them again
}

} // namespace slack_app_test
