// SPDX-License-Identifier: MIT
// Reminders by DM on Slack: `quizbot serve` in-process with signed requests over loopback and Slack's Web API faked
// on loopback (users.info with the user's tz, conversations.open, chat.postMessage). The server's clock is set by
// the test; reminders are claimed when the test ticks them.
#include "tests/bot/slack/support/slack_bot.hpp"
#include "tests/support/reminder_ticks.hpp"
#include "tests/support/right_choice.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>

namespace slack_reminders_test {

namespace {

using namespace std::chrono_literals;
using quiz::test::buttons;
using quiz::test::has;
using quiz::test::hook_path;
using quiz::test::slack_bot;
using quiz::test::slack_bot_options;
using quiz::test::slack_call;
using std::chrono::sys_days;
using std::chrono::year;

quiz::engine::instant utc(std::chrono::year_month_day day, std::chrono::hours h, std::chrono::minutes m = 0min)
{
    return std::chrono::time_point_cast<std::chrono::milliseconds>(sys_days{day} + h + m);
}

struct slack_rig {
    quiz::test::reminders_slot reminders = quiz::test::make_reminders_slot();
    slack_bot bot;
    int hooks = 0;

    explicit slack_rig(quiz::engine::instant start) : bot(options(reminders, start)) {}

    static slack_bot_options options(const quiz::test::reminders_slot& slot, quiz::engine::instant start)
    {
        slack_bot_options o;
        o.movable_clock = true;
        o.start_at = start;
        o.on_reminders = [slot](quiz::bot::tutoring::reminders& r) { slot->store(&r); };
        return o;
    }

    quiz::bot::tutoring::reminder_round_up tick() { return quiz::test::tick_reminders(reminders); }

    /// `/quiz <text>` by `user` in their DM with the bot; the reply that reached its response_url.
    slack_call command(const std::string& text, const std::string& user)
    {
        const int n = ++hooks;
        REQUIRE(bot.command(text, bot.fake.hook(n), user, "D" + user).status == 200);
        return bot.fake.wait_for(hook_path(n), 1).at(0);
    }

    /// A click by `user` in their DM; the reply that reached its response_url.
    slack_call click(const std::string& action_id, const std::string& value, const std::string& user)
    {
        const int n = ++hooks;
        quiz::test::clicked_message on;
        on.channel = "D" + user;
        on.ephemeral = false;
        REQUIRE(bot.click(action_id, value, bot.fake.hook(n), user, "ada", on).status == 200);
        return bot.fake.wait_for(hook_path(n), 1).at(0);
    }

    /// A session and a wrong answer to its first question: a review due minutes later.
    void miss_one(const std::string& user)
    {
        const auto card = command("start", user);
        const auto text = "\n" + std::string(card.json.at("text").as_string()) + "\n";
        const auto right = quiz::test::right_choice(text);
        REQUIRE(right);
        const std::string wrong = *right == 0 ? "answer_B" : "answer_A";
        const auto feedback = click(wrong, buttons(card).at(wrong), user);
        CHECK(has(feedback, "Not quite."));
    }

    /// The reminders posted so far.
    std::vector<slack_call> posted() { return bot.fake.calls_to("/api/chat.postMessage"); }
};

constexpr auto march = std::chrono::March;

} // namespace

TEST_CASE("Slack reminders: the zone from users.info, one DM at the learner's hour, Start review and Unsubscribe",
          "[slack][reminders]")
{
    slack_rig rig(utc(year{2026} / march / 2, 9h));
    rig.bot.fake.set_tz("Europe/Paris");

    const auto on = rig.command("remind on 18:30", "U1");
    CHECK(has(on, "Reminders on: at 18:30 (Europe/Paris)"));
    rig.miss_one("U1");

    // The evening of the 2nd: reviewed that day. The next evening: one DM, once.
    rig.bot.set_clock(utc(year{2026} / march / 2, 17h, 30min));
    CHECK(rig.tick().sent == 0);
    rig.bot.set_clock(utc(year{2026} / march / 3, 17h, 29min));
    CHECK(rig.tick().sent == 0);
    rig.bot.set_clock(utc(year{2026} / march / 3, 17h, 30min));
    const auto up = rig.tick();
    CHECK(up.sent == 1);
    CHECK(rig.tick().sent == 0);

    const auto opened = rig.bot.fake.calls_to("/api/conversations.open");
    REQUIRE(opened.size() == 1);
    CHECK(opened[0].authorization == "Bearer xoxb-test-token");
    CHECK(opened[0].json.at("users") == "U1");
    const auto posted = rig.posted();
    REQUIRE(posted.size() == 1);
    CHECK(posted[0].json.at("channel") == "DU1");
    CHECK(has(posted[0], "1 review is due: about 1 minute."));
    const auto dm_buttons = buttons(posted[0]);
    REQUIRE(dm_buttons.size() == 2);
    CHECK(dm_buttons.contains("review"));
    CHECK(dm_buttons.contains("reminders_off"));

    // Start review opens the review session with the question that was missed.
    const auto review = rig.click("review", dm_buttons.at("review"), "U1");
    CHECK(buttons(review).contains("answer_A"));
    CHECK(rig.bot.count("SELECT count(*) FROM session WHERE status = 'active'") == 1);

    // Unsubscribe: no more reminders.
    const auto stopped = rig.click("reminders_off", "", "U1");
    CHECK(has(stopped, "Reminders off"));
    CHECK(rig.bot.count("SELECT reminders_enabled FROM learner WHERE external_id = 'T1:U1'") == 0);
    rig.bot.set_clock(utc(year{2026} / march / 4, 17h, 30min));
    CHECK(rig.tick().sent == 0);
    CHECK(rig.posted().size() == 1);
    CHECK(has(rig.command("remind", "U1"), "Reminders by DM: off"));
    CHECK(rig.bot.metrics().find("quizbot_reminders_total{outcome=\"sent\"} 1") != std::string::npos);
}

TEST_CASE("Slack reminders: a user Slack cannot reach has reminders turned off", "[slack][reminders]")
{
    slack_rig rig(utc(year{2026} / march / 2, 14h));
    rig.bot.fake.set_tz("America/New_York");
    CHECK(has(rig.command("remind on", "U7"), "Reminders on: at 18:00 (America/New_York)"));
    rig.miss_one("U7");
    rig.bot.fake.set_gone({"U7"});
    rig.bot.set_clock(utc(year{2026} / march / 2, 23h));
    CHECK(rig.tick().sent == 0);
    rig.bot.set_clock(utc(year{2026} / march / 3, 23h));
    CHECK(rig.tick().refused == 1);
    CHECK(rig.bot.count("SELECT reminders_enabled FROM learner WHERE external_id = 'T1:U7'") == 0);
    CHECK(rig.posted().empty());
}

} // namespace slack_reminders_test
