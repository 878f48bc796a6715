// SPDX-License-Identifier: MIT
// Reminders by DM on Discord: `quizbot serve` in-process with signed interactions over loopback, a fake Discord API
// on loopback that opens DM channels and records the messages posted in them (their bodies are kept for the OpenAPI
// check), and the server's clock in the test's hands: reminders are claimed when the test ticks them, at the time
// it set.
#include "tests/bot/discord/support/discord_server.hpp"
#include "tests/bot/discord/support/pack_answers.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"
#include "tests/support/reminder_ticks.hpp"
#include "tests/support/test_database.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace discord_reminders_test {

namespace {

using namespace std::chrono_literals;
using quiz::test::buttons_of;
using quiz::test::discord_server;
using quiz::test::discord_user;
using quiz::test::fake_upstream;
using quiz::test::right_button;
using quiz::test::upstream_reply;
using quiz::test::upstream_request;
namespace json = boost::json;
using std::chrono::sys_days;
using std::chrono::year;

const std::string bot_token = "test-bot-token.reminders";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string content_of(const json::object& data) { return std::string(data.at("content").as_string()); }

/// Discord's REST API for DMs: `POST /users/@me/channels` opens (or returns) the DM channel "9<user id>", and
/// messages posted in it are recorded; users in `refusing` get 403 with code 50007, as Discord answers for someone
/// who does not accept DMs from the bot.
class fake_dm_api {
public:
    fake_dm_api()
        : upstream_([this](const upstream_request& r, int) {
              const auto json_reply = [](unsigned status, std::string body) {
                  return upstream_reply{status, {{"Content-Type", "application/json"}}, std::move(body)};
              };
              if (r.method == "POST" && r.target == "/api/v10/users/@me/channels") {
                  quiz::test::keep_body("dm", "reminder", r.body);
                  const auto recipient = std::string(json::parse(r.body).at("recipient_id").as_string());
                  auto opened = json_reply(200, R"({"id":"9)" + recipient + R"(","type":1})");
                  const std::lock_guard lock(mutex_);
                  if (holding_.contains(recipient)) {
                      opened.delay = std::chrono::minutes{1}; // longer than any test: the answer never comes
                  }
                  return opened;
              }
              const std::string prefix = "/api/v10/channels/9";
              if (r.method == "POST" && r.target.starts_with(prefix) && r.target.ends_with("/messages")) {
                  const auto user = r.target.substr(prefix.size(), r.target.size() - prefix.size() - 9);
                  {
                      const std::lock_guard lock(mutex_);
                      if (refusing_.contains(user)) {
                          return json_reply(403, R"({"message":"Cannot send messages to this user","code":50007})");
                      }
                      if (auto failing = failing_.find(user); failing != failing_.end() && failing->second > 0) {
                          --failing->second;
                          return json_reply(500, R"({"message":"Internal Server Error","code":0})");
                      }
                  }
                  quiz::test::keep_body("message", "reminder", r.body);
                  return json_reply(200, R"({"id":"1400000000000000009","channel_id":"9)" + user + R"("})");
              }
              return json_reply(404, R"({"message":"Unknown","code":0})");
          })
    {
    }

    [[nodiscard]] std::string api_base() const
    {
        return "http://127.0.0.1:" + std::to_string(upstream_.port()) + "/api/v10";
    }

    void refuse(const std::string& user)
    {
        const std::lock_guard lock(mutex_);
        refusing_.insert(user);
    }

    /// Opening a DM channel with `user` is not answered (in time) until release().
    void hold(const std::string& user)
    {
        const std::lock_guard lock(mutex_);
        holding_.insert(user);
    }
    void release(const std::string& user)
    {
        const std::lock_guard lock(mutex_);
        holding_.erase(user);
    }

    /// Whether the server asked to open a DM channel with `user`.
    [[nodiscard]] bool asked_to_open(const std::string& user) const
    {
        for (const auto& r : upstream_.seen()) {
            if (r.target == "/api/v10/users/@me/channels" && r.body.find('"' + user + '"') != std::string::npos) {
                return true;
            }
        }
        return false;
    }

    /// The next `times` messages to `user` are answered 500.
    void fail(const std::string& user, int times)
    {
        const std::lock_guard lock(mutex_);
        failing_[user] = times;
    }

    /// Messages posted to `user`'s DM channel, answered or not.
    [[nodiscard]] std::size_t posts_to(const std::string& user) const
    {
        std::size_t n = 0;
        for (const auto& r : upstream_.seen()) {
            n += r.method == "POST" && r.target == "/api/v10/channels/9" + user + "/messages" ? 1U : 0U;
        }
        return n;
    }

    /// The reminders delivered so far: (user id, message body), in order.
    [[nodiscard]] std::vector<std::pair<std::string, json::object>> delivered() const
    {
        std::vector<std::pair<std::string, json::object>> out;
        const std::string prefix = "/api/v10/channels/9";
        for (const auto& r : upstream_.seen()) {
            if (r.method == "POST" && r.target.starts_with(prefix) && r.target.ends_with("/messages")) {
                auto user = r.target.substr(prefix.size(), r.target.size() - prefix.size() - 9);
                std::lock_guard lock(mutex_);
                if (!refusing_.contains(user)) {
                    out.emplace_back(std::move(user), json::parse(r.body).as_object());
                }
            }
        }
        return out;
    }

    [[nodiscard]] std::vector<upstream_request> seen() const { return upstream_.seen(); }

private:
    mutable std::mutex mutex_;
    std::set<std::string> refusing_;
    std::set<std::string> holding_;
    std::map<std::string, int> failing_;
    fake_upstream upstream_;
};

constexpr auto march = std::chrono::March;

quiz::engine::instant utc(std::chrono::year_month_day day, std::chrono::hours h, std::chrono::minutes m = 0min)
{
    return std::chrono::time_point_cast<std::chrono::milliseconds>(sys_days{day} + h + m);
}

/// The server, its clock and the fake API; `restart` opens a new server on the same database.
struct reminder_rig {
    fake_dm_api api;
    std::shared_ptr<std::atomic<std::int64_t>> clock_ms = std::make_shared<std::atomic<std::int64_t>>(0);
    quiz::test::reminders_slot reminders = quiz::test::make_reminders_slot();
    std::map<std::string, std::string, std::less<>> extra;
    std::unique_ptr<discord_server> server;
    std::shared_ptr<quiz::test::test_database> database; ///< the first server's, kept across restarts

    quiz::bot::tutoring::reminder_pacing pacing;

    explicit reminder_rig(quiz::engine::instant start, std::map<std::string, std::string, std::less<>> more = {},
                          quiz::bot::tutoring::reminder_pacing paced = {})
        : pacing(std::move(paced))
    {
        set_clock(start);
        extra = {{"DISCORD_API_BASE", api.api_base()}, {"DISCORD_BOT_TOKEN", bot_token}};
        for (auto& [k, v] : more) {
            extra[k] = v;
        }
        server = std::make_unique<discord_server>(extra, hooks());
        database = server->shared_database();
    }

    quiz::bot::cli::serve_hooks hooks()
    {
        quiz::bot::cli::serve_hooks h;
        h.clock = [clock = clock_ms] { return quiz::engine::instant{std::chrono::milliseconds{clock->load()}}; };
        h.on_reminders = [slot = reminders](quiz::bot::tutoring::reminders& r) { slot->store(&r); };
        h.reminder_retry_after = pacing.retry_after;
        h.look_every = std::chrono::milliseconds{0}; // the test ticks after moving the clock
        return h;
    }

    void set_clock(quiz::engine::instant at) { clock_ms->store(at.time_since_epoch().count()); }

    /// Stops the server (its reminders' timer with it) and starts another on the same database, at `at`.
    void restart(quiz::engine::instant at)
    {
        server->stop();
        reminders->store(nullptr);
        set_clock(at);
        server = std::make_unique<discord_server>(extra, hooks(), database);
    }

    /// Claims the reminders due at the server's clock and waits until each is delivered.
    quiz::bot::tutoring::reminder_round_up tick() { return quiz::test::tick_reminders(reminders); }

    /// `/quiz remind` with options, in the bot's DM; the reply's content.
    std::string remind(const discord_user& who, std::vector<std::pair<std::string, std::string>> options)
    {
        const auto r = server->command(who, "remind", std::move(options));
        REQUIRE(r.status == 200);
        return content_of(r.body.at("data").as_object());
    }

    /// A session in the DM and a wrong answer to its first question: one review due minutes later.
    void miss_one(const discord_user& who)
    {
        const auto started = server->command(who, "start");
        REQUIRE(started.status == 200);
        const auto& card = started.body.at("data").as_object();
        const auto buttons = buttons_of(card);
        const auto right = right_button(content_of(card), buttons);
        const std::size_t wrong = right == 0 ? 1 : 0;
        const auto answered = server->click(who, card, buttons.at(wrong).custom_id);
        REQUIRE(answered.status == 200);
    }

    /// On 2 March (the rig started at 09:00 UTC): a missed question, then reminders on at 18:00 Paris; the claim
    /// at that hour finds they answered that day. Their reminder falls due at 17:00 UTC on the 3rd.
    void missed_and_opted_in(const discord_user& who)
    {
        miss_one(who);
        remind(who, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
        set_clock(utc(year{2026} / march / 2, 17h));
        CHECK(tick().sent == 0); // reviewed that day
    }

    [[nodiscard]] std::int64_t count(const std::string& sql) const { return database->count(sql); }
};

discord_user dm_user(const std::string& id, const std::string& name)
{
    discord_user u;
    u.id = id;
    u.name = name;
    u.channel_id = "9" + id;
    return u;
}

} // namespace

TEST_CASE("reminders: one DM at 18:00 local in two time zones, none in quiet hours, none after a review that day",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    const auto paris = dm_user("80351110224678912", "Paris");
    const auto tokyo = dm_user("80351110224678913", "Tokyo");

    const auto off = rig.remind(paris, {});
    CHECK(contains(off, "Reminders by DM: off"));
    const auto on = rig.remind(paris, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    CHECK(contains(on, "Reminders on: at 18:00 (Europe/Paris)"));
    CHECK(contains(on, "Next one: Mon 2 Mar at 18:00"));
    // No zone known on Discord: asked for; a name that is no zone and a time that is none are refused by name.
    CHECK(contains(rig.remind(tokyo, {{"switch", "on"}}), "Which time zone are you in?"));
    CHECK(contains(rig.remind(tokyo, {{"switch", "on"}, {"zone", "Asia/Tokio"}}), "“Asia/Tokio” is not a time zone"));
    CHECK(contains(rig.remind(tokyo, {{"switch", "on"}, {"time", "25:00"}, {"zone", "Asia/Tokyo"}}),
                   "“25:00” is not a time"));
    const auto tokyo_on = rig.remind(tokyo, {{"zone", "Asia/Tokyo"}});
    CHECK(contains(tokyo_on, "Reminders on: at 18:00 (Asia/Tokyo)"));
    CHECK(contains(rig.remind(tokyo, {}), "the default hour"));
    // /quiz stats ends with the learner's own setting.
    const auto stats = content_of(rig.server->command(paris, "stats").body.at("data").as_object());
    CHECK(contains(stats, "Reminders by DM: on, at 18:00 (Europe/Paris). Next one: Mon 2 Mar at 18:00"));

    // Both miss a question now (10:00 in Paris, 18:00 in Tokyo): a review falls due within minutes.
    rig.miss_one(paris);
    rig.miss_one(tokyo);

    // Every hour for two days: a reminder each day a review is due and none was answered that day.
    std::vector<std::pair<std::string, quiz::engine::instant>> sent_at;
    for (auto at = utc(year{2026} / march / 2, 10h); at <= utc(year{2026} / march / 4, 9h); at += 1h) {
        rig.set_clock(at);
        const auto before = rig.api.delivered().size();
        const auto up = rig.tick();
        CHECK(up.failed == 0);
        const auto now = rig.api.delivered();
        REQUIRE(now.size() == before + static_cast<std::size_t>(up.sent));
        for (auto i = before; i < now.size(); ++i) {
            sent_at.emplace_back(now[i].first, at);
        }
    }
    // Paris: not on the 2nd (answered that morning); the 3rd and 4th... the 4th's 18:00 is after the loop.
    // Tokyo: not on the 2nd (answered at 18:00), the 3rd and the 4th at 18:00 JST = 09:00 UTC.
    const std::vector<std::pair<std::string, quiz::engine::instant>> expected{
        {tokyo.id, utc(year{2026} / march / 3, 9h)},
        {paris.id, utc(year{2026} / march / 3, 17h)},
        {tokyo.id, utc(year{2026} / march / 4, 9h)},
    };
    CHECK(sent_at == expected);
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 3);

    const auto delivered = rig.api.delivered();
    REQUIRE(delivered.size() == 3);
    const auto& message = delivered.front().second;
    CHECK(content_of(message) == "1 review is due: about 1 minute. Reviewing now keeps what you learned.");
    const auto buttons = buttons_of(message);
    REQUIRE(buttons.size() == 2);
    CHECK(buttons[0].label == "Start review");
    CHECK(buttons[0].custom_id == "quiz:rem:start");
    CHECK(buttons[1].label == "Unsubscribe");
    CHECK(buttons[1].custom_id == "quiz:rem:off");
    CHECK(message.at("allowed_mentions").as_object().at("parse").as_array().empty());
    for (const auto& r : rig.api.seen()) {
        CHECK(r.fields.at("authorization") == "Bot " + bot_token);
    }
    CHECK_FALSE(rig.server->logs().contains(bot_token));
    CHECK(contains(rig.server->metrics(), "quizbot_reminders_total{outcome=\"sent\"} 3"));
}

TEST_CASE("reminders: a time chosen in quiet hours is kept, and the hour follows a change to summer time",
          "[discord][reminders]")
{
    // New York moves to summer time on Sunday 8 March 2026: 18:00 is 23:00 UTC before, 22:00 UTC after.
    reminder_rig rig(utc(year{2026} / march / 6, 15h));
    const auto ny = dm_user("80351110224678914", "NY");
    const auto owl = dm_user("80351110224678915", "Owl");
    rig.miss_one(ny);
    rig.miss_one(owl);
    CHECK(contains(rig.remind(ny, {{"switch", "on"}, {"time", "18:00"}, {"zone", "America/New_York"}}),
                   "Reminders on: at 18:00 (America/New_York)"));
    // 23:30 is in quiet hours, but it is the learner's own choice.
    CHECK(contains(rig.remind(owl, {{"switch", "on"}, {"time", "23:30"}, {"zone", "America/New_York"}}),
                   "Reminders on: at 23:30 (America/New_York)"));

    std::vector<std::pair<std::string, quiz::engine::instant>> sent_at;
    for (auto at = utc(year{2026} / march / 6, 16h); at <= utc(year{2026} / march / 9, 6h); at += 30min) {
        rig.set_clock(at);
        const auto before = rig.api.delivered().size();
        rig.tick();
        const auto now = rig.api.delivered();
        for (auto i = before; i < now.size(); ++i) {
            sent_at.emplace_back(now[i].first, at);
        }
    }
    const std::vector<std::pair<std::string, quiz::engine::instant>> expected{
        {ny.id, utc(year{2026} / march / 7, 23h)},        // Sat 7, 18:00 EST
        {owl.id, utc(year{2026} / march / 8, 4h, 30min)}, // Sat 7, 23:30 EST
        {ny.id, utc(year{2026} / march / 8, 22h)},        // Sun 8, 18:00 EDT
        {owl.id, utc(year{2026} / march / 9, 3h, 30min)}, // Sun 8, 23:30 EDT
    };
    CHECK(sent_at == expected);
}

TEST_CASE("reminders: Start review opens the review session in the DM, Unsubscribe stops the reminders",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    const auto learner = dm_user("80351110224678916", "Lou");
    rig.miss_one(learner);
    rig.remind(learner, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    rig.set_clock(utc(year{2026} / march / 2, 17h)); // the server's timer would fire then: reviewed today
    CHECK(rig.tick().sent == 0);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    REQUIRE(rig.tick().sent == 1);
    const auto reminder = rig.api.delivered().at(0).second;

    const auto review = rig.server->click(learner, reminder, "quiz:rem:start");
    REQUIRE(review.status == 200);
    CHECK(review.body.at("type").as_int64() == 4); // a new message in the DM: the question
    const auto& card = review.body.at("data").as_object();
    INFO(json::serialize(card));
    CHECK(buttons_of(card).size() >= 2);
    CHECK(rig.count("SELECT count(*) FROM session WHERE status = 'active'") == 1);

    const auto stop = rig.server->click(learner, reminder, "quiz:rem:off");
    REQUIRE(stop.status == 200);
    CHECK(contains(content_of(stop.body.at("data").as_object()), "Reminders off"));
    CHECK(rig.count("SELECT reminders_enabled FROM learner WHERE external_id = '80351110224678916'") == 0);
    for (auto day = 4; day <= 6; ++day) {
        rig.set_clock(utc(year{2026} / march / std::chrono::day(static_cast<unsigned>(day)), 17h));
        CHECK(rig.tick().sent == 0);
    }
    CHECK(rig.api.delivered().size() == 1);
}

TEST_CASE("reminders: Discord's 50007 turns them off, and the learner is told once when they come back",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    const auto closed = dm_user("80351110224678917", "Closed");
    rig.miss_one(closed);
    rig.remind(closed, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    rig.api.refuse(closed.id);
    rig.set_clock(utc(year{2026} / march / 2, 17h));
    CHECK(rig.tick().sent == 0);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    const auto up = rig.tick();
    CHECK(up.refused == 1);
    CHECK(up.sent == 0);
    CHECK(rig.count("SELECT reminders_enabled FROM learner WHERE external_id = '80351110224678917'") == 0);
    CHECK(contains(rig.server->metrics(), "quizbot_reminders_total{outcome=\"refused\"} 1"));

    rig.set_clock(utc(year{2026} / march / 4, 17h));
    CHECK(rig.tick().refused == 0);

    const auto stats = rig.server->command(closed, "stats");
    const auto said = content_of(stats.body.at("data").as_object());
    CHECK(said.starts_with("Your reminders by DM are off: the last one could not reach you"));
    const auto again = content_of(rig.server->command(closed, "stats").body.at("data").as_object());
    CHECK_FALSE(contains(again, "could not reach you"));
    CHECK(contains(rig.remind(closed, {}), "Reminders by DM: off"));
}

TEST_CASE("reminders: a restart after 6 hours of downtime sends no burst, and the next day's go out once",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    std::vector<discord_user> learners;
    for (int i = 0; i < 5; ++i) {
        learners.push_back(dm_user("8035111022467892" + std::to_string(i), "L" + std::to_string(i)));
        rig.miss_one(learners.back());
        rig.remind(learners.back(), {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    }
    rig.set_clock(utc(year{2026} / march / 2, 17h));
    CHECK(rig.tick().sent == 0); // reviewed that day
    // Down from before 18:00 in Paris on the 3rd until 6 hours after it.
    rig.set_clock(utc(year{2026} / march / 3, 12h));
    CHECK(rig.tick().sent == 0);
    rig.restart(utc(year{2026} / march / 3, 23h));
    // The restart claimed what fell due while down: all too late, none sent.
    const auto up = rig.tick();
    CHECK(up.sent == 0);
    CHECK(rig.api.delivered().empty());
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 0);
    CHECK(contains(rig.server->metrics(), "quizbot_reminders_total{outcome=\"skipped\"} 5"));

    rig.set_clock(utc(year{2026} / march / 4, 17h));
    CHECK(rig.tick().sent == 5);
    CHECK(rig.tick().sent == 0);
    CHECK(rig.api.delivered().size() == 5);
}

TEST_CASE("reminders: ticks from two threads on a two-thread server never send one twice", "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h), {{"QUIZBOT_THREADS", "2"}});
    std::vector<discord_user> learners;
    for (int i = 0; i < 12; ++i) {
        learners.push_back(dm_user("803511102246789" + std::to_string(30 + i), "T" + std::to_string(i)));
        rig.miss_one(learners.back());
        rig.remind(learners.back(), {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    }
    rig.set_clock(utc(year{2026} / march / 2, 17h));
    CHECK(rig.tick().sent == 0);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    // No Catch assertion on these threads (Catch is not thread-safe): failures are counted and checked after.
    std::atomic<int> unfinished{0};
    const auto ticker = [&rig, &unfinished] {
        for (int i = 0; i < 20; ++i) {
            unfinished += quiz::test::tick_reminders_quietly(rig.reminders) ? 0 : 1;
        }
    };
    std::thread a(ticker);
    std::thread b(ticker);
    a.join();
    b.join();
    CHECK(unfinished == 0);
    const auto delivered = rig.api.delivered();
    std::map<std::string, int> per_user;
    for (const auto& [user, body] : delivered) {
        ++per_user[user];
    }
    CHECK(delivered.size() == learners.size());
    CHECK(per_user.size() == learners.size());
    for (const auto& [user, n] : per_user) {
        CHECK(n == 1);
    }
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == static_cast<std::int64_t>(learners.size()));
}

TEST_CASE("reminders: two servers on one database, ticking together, send each reminder once", "[discord][reminders]")
{
    // Set up in the evening, after that day's 18:00 in Paris: the first reminders fall due together the next day.
    reminder_rig rig(utc(year{2026} / march / 2, 20h));
    // The second server: the same database, clock and Discord, its reminders in a slot of their own.
    auto second_reminders = quiz::test::make_reminders_slot();
    auto second_hooks = rig.hooks();
    second_hooks.on_reminders = [slot = second_reminders](quiz::bot::tutoring::reminders& r) { slot->store(&r); };
    discord_server second(rig.extra, second_hooks, rig.database);

    // Many claims' worth (a claim takes 50). 500 on PostgreSQL, where nodes sharing a database is the deployment;
    // 120 on SQLite. Each node delivers Discord's DMs at 10 a second, so the count sets the test's length.
    const int learners = quiz::test::engine_under_test() == quiz::test::test_engine::postgres ? 500 : 120;
    for (int i = 0; i < learners; ++i) {
        const auto who = dm_user("80351110224679" + std::to_string(100 + i), "N" + std::to_string(i));
        rig.miss_one(who);
        rig.remind(who, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    }
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    // No Catch assertion on these threads (Catch is not thread-safe): failures are counted and checked after.
    std::atomic<int> unfinished{0};
    // Enough ticks for one node to claim them all alone (a tick waits for its claim's deliveries).
    const int ticks = learners / 50 + 5;
    const auto ticker = [&unfinished, ticks](const quiz::test::reminders_slot& slot) {
        for (int i = 0; i < ticks; ++i) {
            unfinished += quiz::test::tick_reminders_quietly(slot) ? 0 : 1;
        }
    };
    std::thread a(ticker, rig.reminders);
    std::thread b(ticker, second_reminders);
    a.join();
    b.join();
    CHECK(unfinished == 0);
    std::map<std::string, int> per_user;
    for (const auto& [user, body] : rig.api.delivered()) {
        ++per_user[user];
    }
    CHECK(per_user.size() == static_cast<std::size_t>(learners));
    CHECK(std::all_of(per_user.begin(), per_user.end(), [](const auto& sent) { return sent.second == 1; }));
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == learners);
    // Each server counts what it sent: together, every reminder once.
    const auto sent_by = [](quiz::test::discord_server& server) {
        const std::string name = "quizbot_reminders_total{outcome=\"sent\"} ";
        const auto text = server.metrics();
        const auto at = text.find(name);
        return at == std::string::npos ? 0 : std::stoi(text.substr(at + name.size()));
    };
    CHECK(sent_by(*rig.server) + sent_by(second) == learners);
}

TEST_CASE("reminders: a delivery that fails is tried three times in a row, then again later until it expires",
          "[discord][reminders]")
{
    quiz::bot::tutoring::reminder_pacing quick;
    quick.retry_after = 50ms;
    reminder_rig rig(utc(year{2026} / march / 2, 9h), {}, quick);
    const auto once = dm_user("80351110224678950", "Once");
    const auto never = dm_user("80351110224678951", "Never");
    for (const auto& who : {once, never}) {
        rig.miss_one(who);
        rig.remind(who, {{"switch", "on"}, {"time", "18:00"}, {"zone", "Europe/Paris"}});
    }
    rig.set_clock(utc(year{2026} / march / 2, 17h));
    CHECK(rig.tick().sent == 0);
    rig.api.fail(once.id, 1);
    rig.api.fail(never.id, 100);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    const auto up = rig.tick();
    CHECK(up.sent == 1);
    CHECK(up.failed == 1);
    CHECK(rig.api.posts_to(once.id) == 2);
    CHECK(rig.api.posts_to(never.id) == 3);
    const auto metrics = rig.server->metrics();
    CHECK(contains(metrics, "quizbot_reminders_total{outcome=\"sent\"} 1"));
    CHECK(contains(metrics, "quizbot_reminders_total{outcome=\"failed\"} 1"));
    // Decided once that day (one reminder_log row each); the one still in the outbox is tried again later.
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 2);
    CHECK(rig.count("SELECT count(*) FROM outbox") == 1);
    rig.set_clock(utc(year{2026} / march / 3, 17h, 30min));
    const auto later = rig.tick();
    CHECK(later.failed == 1);
    CHECK(later.sent == 0);
    CHECK(rig.api.posts_to(never.id) == 6);
    CHECK(rig.api.posts_to(once.id) == 2);
    // Three hours after it was decided, it is no longer worth sending: dropped, counted, not tried.
    rig.set_clock(utc(year{2026} / march / 3, 20h));
    const auto stale = rig.tick();
    CHECK(stale.expired == 1);
    CHECK(stale.failed == 0);
    CHECK(rig.api.posts_to(never.id) == 6);
    CHECK(rig.count("SELECT count(*) FROM outbox") == 0);
    CHECK(contains(rig.server->metrics(), "quizbot_reminders_total{outcome=\"expired\"} 1"));
}

TEST_CASE("reminders: one claimed and then the server stopped before delivering it is sent after the restart",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    const auto learner = dm_user("80351110224678970", "Kept");
    rig.missed_and_opted_in(learner);
    // The next evening the claim commits (recorded, written to the outbox) and the delivery starts, but Discord has
    // not answered the DM channel's opening when the server goes: the message itself never left.
    rig.api.hold(learner.id);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    rig.reminders->load()->tick();
    const auto give_up = std::chrono::steady_clock::now() + 20s;
    while (!rig.api.asked_to_open(learner.id) && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(10ms);
    }
    REQUIRE(rig.api.asked_to_open(learner.id));
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 1);
    CHECK(rig.count("SELECT count(*) FROM outbox") == 1);
    CHECK(rig.api.delivered().empty());
    rig.api.release(learner.id);
    // After the restart, once the dead sender's lease (10 minutes) has run out: sent, once.
    rig.restart(utc(year{2026} / march / 3, 17h, 10min));
    const auto up = rig.tick();
    CHECK(up.sent == 1);
    const auto delivered = rig.api.delivered();
    REQUIRE(delivered.size() == 1);
    CHECK(delivered.front().first == learner.id);
    CHECK(content_of(delivered.front().second).starts_with("1 review is due"));
    CHECK(rig.count("SELECT count(*) FROM outbox") == 0);
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 1);
    rig.set_clock(utc(year{2026} / march / 3, 18h));
    CHECK(rig.tick().sent == 0);
    CHECK(rig.api.delivered().size() == 1);
}

TEST_CASE("reminders: the server's own timer sends one when it falls due, with no tick from the test",
          "[discord][reminders]")
{
    reminder_rig rig(utc(year{2026} / march / 2, 9h));
    const auto learner = dm_user("80351110224678960", "Timer");
    rig.missed_and_opted_in(learner);
    // A restart a moment before 18:00 the next day: its first claim finds nothing due and sets the timer for 18:00.
    rig.restart(utc(year{2026} / march / 3, 17h) - 300ms);
    std::this_thread::sleep_for(100ms);
    rig.set_clock(utc(year{2026} / march / 3, 17h));
    const auto give_up = std::chrono::steady_clock::now() + 20s;
    while (rig.api.delivered().empty() && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(20ms);
    }
    REQUIRE(rig.api.delivered().size() == 1);
    CHECK(rig.api.delivered().front().first == learner.id);
    CHECK(rig.count("SELECT count(*) FROM reminder_log") == 1);
}

} // namespace discord_reminders_test
