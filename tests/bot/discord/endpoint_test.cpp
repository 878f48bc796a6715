// SPDX-License-Identifier: MIT
// POST /discord/interactions on `quizbot serve` in-process, over loopback sockets, with requests signed as Discord
// signs them: tutoring by DM and in a server channel, commands, forget-me, deferral with follow-ups.
#include "tests/bot/discord/support/discord_server.hpp"
#include "tests/bot/discord/support/pack_answers.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"
#include "tests/support/action_sequence.hpp"
#include "tests/support/test_database.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>

namespace discord_endpoint_test {

namespace {

using namespace std::chrono_literals;
using quiz::test::buttons_of;
using quiz::test::discord_server;
using quiz::test::discord_user;
using quiz::test::right_button;
namespace json = boost::json;

std::string content_of(const quiz::test::interaction_reply& r)
{
    return std::string(r.body.at("data").at("content").as_string());
}

std::int64_t type_of(const quiz::test::interaction_reply& r) { return r.body.at("type").as_int64(); }

bool is_ephemeral(const quiz::test::interaction_reply& r)
{
    const auto& data = r.body.at("data").as_object();
    return data.contains("flags") && (data.at("flags").as_int64() & 64) != 0;
}

/// Unicode characters in UTF-8 text (Discord's limits count characters).
std::size_t chars(std::string_view text)
{
    std::size_t n = 0;
    for (const char c : text) {
        n += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return n;
}

void check_limits(const json::object& data)
{
    CHECK(chars(data.at("content").as_string()) <= 2000);
    for (const auto& b : buttons_of(data)) {
        CHECK(chars(b.label) <= 80);
        CHECK(!b.custom_id.empty());
        CHECK(b.custom_id.size() <= 100);
    }
}

std::int64_t count(const discord_server& s, const std::string& sql) { return s.database().count(sql); }

struct session_run {
    int answered = 0;
    json::object summary;
};

/// Answers every question (rightly when `right`, else with choice B) and presses Next until the summary, checking
/// each step.
session_run run_session(discord_server& s, const discord_user& who, quiz::test::interaction_reply first, bool right)
{
    session_run run;
    auto current = std::move(first);
    for (int guard = 0; guard < 40; ++guard) {
        REQUIRE(current.status == 200);
        const auto data = current.body.at("data").as_object();
        check_limits(data);
        const auto buttons = buttons_of(data);
        if (buttons.empty() || !buttons.front().custom_id.starts_with("quiz:a:")) {
            run.summary = data;
            return run;
        }
        const auto text = std::string(data.at("content").as_string());
        CHECK(text.find("\nA. ") != std::string::npos); // the choices are written out
        CHECK(text.find("](<https://quiz.example.org/guide/zero-sharded/") != std::string::npos);
        REQUIRE(buttons.size() >= 2);
        CHECK(buttons[0].label.starts_with("A. "));
        CHECK_FALSE(buttons[0].disabled);

        const std::size_t pick = right ? right_button(text, buttons) : 1;
        const auto answered = s.click(who, data, buttons[pick].custom_id);
        REQUIRE(answered.status == 200);
        REQUIRE(type_of(answered) == 7); // UPDATE_MESSAGE: the question's own message
        const auto feedback = answered.body.at("data").as_object();
        check_limits(feedback);
        const auto told = std::string(feedback.at("content").as_string());
        CHECK(told.starts_with(text.substr(0, 20)));
        if (right) {
            CHECK(told.find("\u2705 Right!") != std::string::npos);
        } else {
            CHECK((told.find("Right!") != std::string::npos || told.find("Not quite.") != std::string::npos));
        }
        CHECK(told.find("[Read more: ") != std::string::npos);
        const auto after = buttons_of(feedback);
        REQUIRE(after.size() == buttons.size() + 1);
        int greens = 0;
        for (std::size_t i = 0; i < buttons.size(); ++i) {
            CHECK(after[i].disabled);
            CHECK(after[i].custom_id == buttons[i].custom_id);
            greens += after[i].style == 3 ? 1 : 0;
        }
        CHECK(greens == 1);
        CHECK(after.back().custom_id.starts_with("quiz:n:"));
        CHECK_FALSE(after.back().disabled);
        ++run.answered;

        if (run.answered == 1) {
            // A second click on the same question (a double click): the first answer's feedback again, nothing
            // recorded twice (the answers metric below counts 10).
            const auto again = s.click(who, data, buttons[pick == 0 ? 1 : 0].custom_id);
            REQUIRE(again.status == 200);
            CHECK(type_of(again) == 7);
            CHECK(content_of(again) == content_of(answered));
        }
        current = s.click(who, feedback, after.back().custom_id);
        REQUIRE(current.status == 200);
        CHECK(type_of(current) == 7);
    }
    FAIL("the session did not end");
    return run;
}

} // namespace

TEST_CASE("endpoint: a full DM session of 10 questions through HTTP", "[discord]")
{
    discord_server s;
    const discord_user who;
    const auto started = s.command(who, "start");
    REQUIRE(started.status == 200);
    CHECK(type_of(started) == 4);
    CHECK_FALSE(is_ephemeral(started)); // a DM is private already
    CHECK(content_of(started).starts_with("New question 1 of 10"));

    const auto run = run_session(s, who, started, true);
    CHECK(run.answered == 10);
    const auto summary = std::string(run.summary.at("content").as_string());
    CHECK(summary.starts_with("Session over"));
    CHECK(summary.find("out of 10") != std::string::npos);
    const auto again = buttons_of(run.summary);
    REQUIRE(again.size() == 1);
    CHECK(again[0].custom_id == "quiz:s:zero-sharded");

    // The summary's button starts the next session.
    const auto next = s.click(who, run.summary, again[0].custom_id);
    REQUIRE(next.status == 200);
    CHECK(type_of(next) == 4);
    CHECK(buttons_of(next.body.at("data").as_object()).front().custom_id.starts_with("quiz:a:"));

    // The answers metric counts each recorded answer once, under its front end.
    const auto page = s.metrics();
    CHECK(page.find("quizbot_answers_recorded_total{source=\"discord\"} 10\n") != std::string::npos);
    CHECK(page.find("quizbot_answers_recorded_total{source=\"web\"} 0\n") != std::string::npos);

    s.stop();
    // Ten answers, the double click recorded once.
    CHECK(count(s, "SELECT count(*) FROM attempt") == 10);
    CHECK(count(s, "SELECT count(*) FROM learner WHERE platform = 'discord' AND external_id = '" + who.id +
                       "' AND display_name = 'Nelly'") == 1);
    CHECK(count(s, "SELECT count(*) FROM session WHERE venue = 'dm'") == 2);
    CHECK(count(s, "SELECT count(*) FROM attempt WHERE workspace_id IS NOT NULL") == 0); // no server
}

TEST_CASE("endpoint: in a server channel the learner's session is ephemeral", "[discord]")
{
    discord_server s;
    discord_user member;
    member.id = "80351110224678913";
    member.guild_id = "290926798626357999";
    const auto started = s.command(member, "start");
    REQUIRE(started.status == 200);
    CHECK(type_of(started) == 4);
    CHECK(is_ephemeral(started));

    const auto data = started.body.at("data").as_object();
    const auto buttons = buttons_of(data);
    REQUIRE(buttons.size() >= 2);
    // Someone else's click on a copy of the buttons is not theirs to answer.
    discord_user other = member;
    other.id = "80351110224678914";
    const auto intruder = s.click(other, data, buttons[0].custom_id);
    REQUIRE(intruder.status == 200);
    CHECK(is_ephemeral(intruder));
    CHECK(content_of(intruder) == "No quiz in progress.");

    const auto answered = s.click(member, data, buttons[0].custom_id);
    REQUIRE(answered.status == 200);
    CHECK(type_of(answered) == 7);
    const auto after = buttons_of(answered.body.at("data").as_object());
    const auto next = s.click(member, answered.body.at("data").as_object(), after.back().custom_id);
    REQUIRE(next.status == 200);
    CHECK(type_of(next) == 7);
    CHECK(content_of(next).find("of 10") != std::string::npos);

    const auto stats = s.command(member, "stats");
    REQUIRE(stats.status == 200);
    CHECK(is_ephemeral(stats));
    CHECK(content_of(stats).starts_with("Your progress: "));

    s.stop();
    CHECK(count(s, "SELECT count(*) FROM session WHERE venue = 'channel'") == 1);
    CHECK(count(s, "SELECT count(*) FROM attempt") == 1);
    // The answer names the server it was given in: the server's class report counts it.
    CHECK(count(s, "SELECT count(*) FROM attempt a JOIN workspace w ON w.id = a.workspace_id"
                   " WHERE w.platform = 'discord' AND w.external_id = '290926798626357999'") == 1);
}

TEST_CASE("endpoint: forget-me asks first, then erases the learner", "[discord]")
{
    discord_server s;
    const discord_user who;
    const auto started = s.command(who, "start");
    const auto data = started.body.at("data").as_object();
    REQUIRE(s.click(who, data, buttons_of(data)[0].custom_id).status == 200);

    const auto asked = s.command(who, "forget-me");
    REQUIRE(asked.status == 200);
    CHECK(type_of(asked) == 4);
    CHECK(content_of(asked).starts_with("This erases everything"));
    const auto choices = buttons_of(asked.body.at("data").as_object());
    REQUIRE(choices.size() == 2);
    CHECK(choices[0].custom_id == "quiz:forget:yes");
    CHECK(choices[1].custom_id == "quiz:forget:no");

    const auto cancelled = s.click(who, asked.body.at("data").as_object(), "quiz:forget:no");
    CHECK(type_of(cancelled) == 7);
    CHECK(content_of(cancelled) == "Nothing was erased.");
    CHECK(buttons_of(cancelled.body.at("data").as_object()).empty());

    const auto erased = s.click(who, asked.body.at("data").as_object(), "quiz:forget:yes");
    CHECK(type_of(erased) == 7);
    CHECK(content_of(erased) == "Done: everything quizbot kept about you is erased.");
    // The old page images of the erased rows are out of SQLite's write-ahead log too (PostgreSQL's WAL is the
    // cluster's, not the test's to inspect).
    if (s.database().engine() == quiz::test::test_engine::sqlite) {
        CHECK(std::filesystem::file_size(s.database().location() + "-wal") == 0);
    }
    // Asking again creates nothing.
    const auto unknown = s.command(who, "forget-me");
    CHECK(content_of(unknown) == "quizbot keeps nothing about you.");
    const auto late = s.click(who, asked.body.at("data").as_object(), "quiz:forget:yes");
    CHECK(content_of(late) == "quizbot keeps nothing about you.");

    s.stop();
    CHECK(count(s, "SELECT count(*) FROM learner") == 0);
    CHECK(count(s, "SELECT count(*) FROM attempt") == 0);
    CHECK(count(s, "SELECT count(*) FROM session") == 0);
}

TEST_CASE("endpoint: a replayed interaction, signed and all, changes nothing", "[discord][replay]")
{
    discord_server s;
    // A captured /quiz start sent again: no second session.
    discord_user starter;
    starter.id = "80351110224678913";
    REQUIRE(s.command(starter, "start").status == 200);
    const auto start_body = s.last_body();
    const auto replayed_start = s.post(start_body, "replayed_start");
    CHECK(replayed_start.status == 200);
    CHECK(is_ephemeral(replayed_start));

    // A captured forget-me confirmation sent again after the learner came back: nothing is erased.
    const discord_user who;
    REQUIRE(s.command(who, "start").status == 200);
    const auto asked = s.command(who, "forget-me");
    const auto erased = s.click(who, asked.body.at("data").as_object(), "quiz:forget:yes");
    REQUIRE(content_of(erased) == "Done: everything quizbot kept about you is erased.");
    const auto confirm_body = s.last_body();
    REQUIRE(s.command(who, "start").status == 200); // back, as a new learner
    const auto replayed_confirm = s.post(confirm_body, "replayed_confirm");
    CHECK(replayed_confirm.status == 200);
    CHECK(content_of(replayed_confirm) != "Done: everything quizbot kept about you is erased.");

    s.stop();
    CHECK(count(s, "SELECT count(*) FROM learner") == 2);
    CHECK(count(s, "SELECT count(*) FROM session") == 2);
}

TEST_CASE("endpoint: the shared action sequence shows the same screens, as Discord messages", "[discord]")
{
    using quiz::test::seen;
    discord_server s;
    const discord_user who;
    std::vector<seen> shown;

    const auto started = s.command(who, "start");
    const auto card = started.body.at("data").as_object();
    const auto choices = buttons_of(card);
    shown.push_back(type_of(started) == 4 && choices.size() >= 2 && choices[0].custom_id.starts_with("quiz:a:")
                        ? seen::card
                        : seen::other);

    const auto right = right_button(content_of(started), choices);
    const std::size_t wrong = right == 0 ? 1 : 0;
    const auto answered = s.click(who, card, choices[wrong].custom_id);
    const auto feedback = content_of(answered);
    shown.push_back(type_of(answered) == 7 && feedback.find("\u274C") != std::string::npos &&
                            feedback.find("The answer is") != std::string::npos
                        ? seen::wrong_feedback
                        : seen::other);

    const auto again = s.click(who, card, choices[wrong].custom_id);
    shown.push_back(type_of(again) == 7 && content_of(again) == feedback ? seen::same_feedback : seen::other);

    const auto after = answered.body.at("data").as_object();
    const auto next = s.click(who, after, buttons_of(after).back().custom_id);
    const auto next_buttons = buttons_of(next.body.at("data").as_object());
    shown.push_back(type_of(next) == 7 && !next_buttons.empty() && next_buttons[0].custom_id.starts_with("quiz:a:") &&
                            content_of(next).find(" 2 of ") != std::string::npos
                        ? seen::next_card
                        : seen::other);

    quiz::test::refuse_reminders(s.database());
    for (int i = 0; i < 2; ++i) {
        const auto said = content_of(s.command(who, "stats"));
        if (said.starts_with(quiz::test::heads_up_text)) {
            shown.push_back(seen::heads_up);
        }
        shown.push_back(said.find("1 answer") != std::string::npos ? seen::stats : seen::other);
    }

    for (const bool yes : {false, true}) {
        const auto asked = s.command(who, "forget-me");
        const auto question = buttons_of(asked.body.at("data").as_object());
        shown.push_back(question.size() == 2 && question[0].custom_id == "quiz:forget:yes" ? seen::confirm
                                                                                           : seen::other);
        const auto done = s.click(who, asked.body.at("data").as_object(), yes ? "quiz:forget:yes" : "quiz:forget:no");
        if (!yes) {
            shown.push_back(content_of(done) == "Nothing was erased." && count(s, "SELECT count(*) FROM attempt") == 1
                                ? seen::nothing_erased
                                : seen::other);
        } else {
            shown.push_back(content_of(done) == "Done: everything quizbot kept about you is erased." &&
                                    count(s, "SELECT count(*) FROM learner") == 0 &&
                                    count(s, "SELECT count(*) FROM attempt") == 0
                                ? seen::erased
                                : seen::other);
        }
    }
    CHECK(shown == quiz::test::expected_screens);
}

TEST_CASE("endpoint: the language follows the locale until /quiz lang sets it", "[discord]")
{
    discord_server s;
    discord_user french;
    french.locale = "fr";
    const auto help = s.command(french, "help");
    REQUIRE(help.status == 200);
    CHECK(content_of(help).find("Répondez avec les boutons") != std::string::npos);
    const auto card = s.command(french, "start");
    CHECK(content_of(card).starts_with("Nouvelle question 1 sur 10"));
    CHECK(buttons_of(card.body.at("data").as_object()).size() >= 2);

    const auto set = s.command(french, "lang", {{"language", "en"}});
    CHECK(content_of(set) == "From now on I speak English with you.");
    const auto english = s.command(french, "start");
    CHECK(content_of(english).starts_with("New question 1 of 10"));

    discord_user english_client;
    english_client.id = "80351110224678920";
    const auto first = s.command(english_client, "help");
    CHECK(content_of(first).starts_with("**/quiz start**"));
    CHECK(content_of(s.command(english_client, "lang", {{"language", "fr"}})) ==
          "Désormais, je vous parle en français.");
    CHECK(content_of(s.command(english_client, "start")).starts_with("Nouvelle question"));
}

TEST_CASE("endpoint: stale clicks and unknown packs get a private note and record nothing", "[discord]")
{
    discord_server s;
    const discord_user who;
    const auto first = s.command(who, "start");
    const auto old = first.body.at("data").as_object();
    REQUIRE(s.command(who, "start").status == 200); // a new session ends the first
    const auto stale = s.click(who, old, buttons_of(old)[0].custom_id);
    REQUIRE(stale.status == 200);
    CHECK(type_of(stale) == 4);
    CHECK(is_ephemeral(stale));
    CHECK((content_of(stale) == "This session is over." ||
           content_of(stale) == "That question is no longer on screen: your answer was not recorded."));

    const auto unknown = s.command(who, "start", {{"pack", "nope"}});
    CHECK(is_ephemeral(unknown));
    CHECK(content_of(unknown) == "There is no pack “nope”. Packs: zero-sharded.");
    const auto no_concept = s.command(who, "start", {{"concept", "no-such-concept"}});
    CHECK(content_of(no_concept).starts_with("There is no concept “no-such-concept” in this pack. Concepts: "));
    const auto review = s.command(who, "review");
    REQUIRE(review.status == 200);
    CHECK(content_of(review).starts_with("Session over")); // nothing is due yet

    const auto foreign = s.click(who, old, "somebody-else:1");
    CHECK(content_of(foreign) == "This button is no longer in use.");
    s.stop();
    CHECK(count(s, "SELECT count(*) FROM attempt") == 0);
}

TEST_CASE("endpoint: only correctly signed requests are read", "[discord]")
{
    discord_server s;
    const std::string ping = R"({"type":1,"id":"1","application_id":"1100000000000000001"})";
    const auto pong = s.post(ping, "pong");
    REQUIRE(pong.status == 200);
    CHECK(json::serialize(pong.body) == R"({"type":1})");

    CHECK(s.send(ping, "Content-Type: application/json\r\n", "unsigned").status == 401);
    // A bad signature is refused before the body is read: malformed JSON gets 401, not 400.
    const std::string junk = "{not json";
    const std::string forged = "X-Signature-Ed25519: " + std::string(128, '0') + "\r\nX-Signature-Timestamp: 1\r\n";
    CHECK(s.send(junk, forged, "forged").status == 401);
    const auto malformed = s.post(junk, "malformed");
    CHECK(malformed.status == 400);
    const auto not_interaction = s.post(R"({"type":2})", "incomplete");
    CHECK(not_interaction.status == 400);
    CHECK(not_interaction.body.at("error") == "not an interaction: \"id\" is missing");
}

TEST_CASE("endpoint: while too much work waits, a command is told privately that quizbot is busy, and nothing of it "
          "is recorded",
          "[discord]")
{
    std::atomic<int> edits{0};
    quiz::test::fake_upstream api([&edits](const quiz::test::upstream_request&, int) {
        ++edits;
        return quiz::test::upstream_reply{200, {{"Content-Type", "application/json"}}, R"({"id":"1"})"};
    });
    quiz::bot::cli::serve_hooks hooks;
    hooks.discord_defer_after = 20ms;
    std::atomic<bool> held{true};
    hooks.before_unit = [&held] { // every unit waits until the test lets them go
        while (held) {
            std::this_thread::sleep_for(5ms);
        }
    };
    discord_server s({{"DISCORD_API_BASE", "http://127.0.0.1:" + std::to_string(api.port()) + "/api/v10"},
                      {"QUIZBOT_MAX_QUEUED_ACTIONS", "1"}},
                     hooks);
    // The writer takes the first units (SQLite one, PostgreSQL one per worker) and holds them; one more waits; the
    // next is refused at once, before any acknowledgement. The server's own looks (the reminders', each second) also
    // queue units for a moment: a command refused while they wait, before any is admitted, is refused the same way.
    int admitted = 0;
    std::optional<quiz::test::interaction_reply> busy;
    std::vector<discord_user> refused;
    for (int i = 0; i < 40 && (admitted == 0 || !busy); ++i) {
        discord_user who;
        who.id = std::to_string(80351110224679000LL + i);
        who.name = "Busy" + std::to_string(i);
        auto reply = s.command(who, "start");
        REQUIRE(reply.status == 200);
        if (reply.body.at("type") == 5) {
            ++admitted;
            continue;
        }
        busy = std::move(reply);
        refused.push_back(who);
        CHECK(busy->body.at("type") == 4);
        CHECK(busy->body.at("data").at("flags") == 64);
        CHECK(busy->body.at("data").at("content") ==
              "quizbot is very busy right now: nothing was recorded. Please try again in a few seconds.");
        if (admitted == 0) {
            std::this_thread::sleep_for(20ms);
        }
    }
    REQUIRE(busy);
    REQUIRE(admitted >= 1);
    CHECK(s.metrics().find("quizbot_refused_busy_total{platform=\"discord\"} " + std::to_string(refused.size())) !=
          std::string::npos);
    // Let the held units go: every acknowledged command gets its reply; the refused ones left nothing behind.
    held = false;
    for (int i = 0; i < 400 && edits.load() < admitted; ++i) {
        std::this_thread::sleep_for(25ms);
    }
    CHECK(edits.load() == admitted);
    s.stop();
    for (const auto& who : refused) {
        CHECK(s.database().count("SELECT count(*) FROM learner WHERE external_id = '" + who.id + "'") == 0);
    }
    CHECK(s.database().count("SELECT count(*) FROM learner WHERE platform = 'discord'") == admitted);
}

TEST_CASE("endpoint: a deferred reply is written with its action and sent until Discord takes it, once", "[discord]")
{
    // Discord fails the first two calls; the outbound client does not send a failed edit again by itself, so the
    // reply arrives only because the outbox tries again, 2 s and then 4 s later (docs/reliability.md, "The outbox").
    std::mutex mutex;
    std::vector<std::pair<quiz::test::upstream_request, unsigned>> seen;
    quiz::test::fake_upstream api([&](const quiz::test::upstream_request& r, int) {
        const std::lock_guard lock(mutex);
        const unsigned status = seen.size() < 2 ? 500U : 200U;
        seen.emplace_back(r, status);
        return quiz::test::upstream_reply{status, {{"Content-Type", "application/json"}}, R"({"id":"1"})"};
    });
    quiz::bot::cli::serve_hooks hooks;
    hooks.discord_defer_after = 20ms;
    hooks.before_unit = [] { std::this_thread::sleep_for(200ms); };
    discord_server s({{"DISCORD_API_BASE", "http://127.0.0.1:" + std::to_string(api.port()) + "/api/v10"}}, hooks);
    const discord_user who;
    const auto deferred = s.command(who, "start");
    REQUIRE(deferred.status == 200);
    CHECK(json::serialize(deferred.body) == R"({"type":5})");
    const auto taken = [&] {
        const std::lock_guard lock(mutex);
        return std::count_if(seen.begin(), seen.end(), [](const auto& call) { return call.second == 200U; });
    };
    for (int i = 0; i < 600 && taken() == 0; ++i) {
        std::this_thread::sleep_for(25ms);
    }
    REQUIRE(taken() == 1);
    std::this_thread::sleep_for(2500ms); // more than a retry and a look: a second send would show by now
    CHECK(taken() == 1);
    const auto calls = [&] {
        const std::lock_guard lock(mutex);
        return seen;
    }();
    CHECK(calls.size() == 3);
    for (const auto& [call, status] : calls) {
        CHECK(call.method == "PATCH");
        CHECK(call.target == "/api/v10/webhooks/1100000000000000001/aW50ZXJhY3Rpb246" +
                                 std::string("1500000000000000001") + "/messages/@original");
        CHECK(std::string(json::parse(call.body).at("content").as_string()).starts_with("New question 1 of 10"));
    }
    const auto metrics = s.metrics();
    CHECK(metrics.find("quizbot_outbox_total{kind=\"discord.reply\",outcome=\"retried\"} 2") != std::string::npos);
    CHECK(metrics.find("quizbot_outbox_total{kind=\"discord.reply\",outcome=\"delivered\"} 1") != std::string::npos);
    s.stop();
    CHECK(s.database().count("SELECT count(*) FROM outbox") == 0);
}

TEST_CASE("endpoint: a slow reply is deferred and delivered through the webhook", "[discord]")
{
    std::mutex mutex;
    std::vector<quiz::test::upstream_request> seen;
    quiz::test::fake_upstream api([&](const quiz::test::upstream_request& r, int) {
        const std::lock_guard lock(mutex);
        seen.push_back(r);
        return quiz::test::upstream_reply{200, {{"Content-Type", "application/json"}}, R"({"id":"1"})"};
    });
    quiz::bot::cli::serve_hooks hooks;
    hooks.discord_defer_after = 50ms;
    std::atomic<bool> slow{true};
    hooks.before_unit = [&slow] {
        if (slow) {
            std::this_thread::sleep_for(400ms);
        }
    };
    discord_server s({{"DISCORD_API_BASE", "http://127.0.0.1:" + std::to_string(api.port()) + "/api/v10"}}, hooks);
    const discord_user who;
    const auto wait_for = [&](std::size_t n) {
        for (int i = 0; i < 200; ++i) {
            {
                const std::lock_guard lock(mutex);
                if (seen.size() >= n) {
                    return seen[n - 1];
                }
            }
            std::this_thread::sleep_for(25ms);
        }
        FAIL("no follow-up arrived");
        return quiz::test::upstream_request{};
    };

    const auto deferred = s.command(who, "start");
    REQUIRE(deferred.status == 200);
    CHECK(json::serialize(deferred.body) == R"({"type":5})");
    const auto edit = wait_for(1);
    CHECK(edit.method == "PATCH");
    CHECK(edit.target == "/api/v10/webhooks/1100000000000000001/aW50ZXJhY3Rpb246" + std::string("1500000000000000001") +
                             "/messages/@original");
    CHECK(edit.fields.at("content-type") == "application/json");
    CHECK(edit.fields.at("user-agent").starts_with("DiscordBot (https://quiz.example.org, "));
    quiz::test::keep_body("edit-original", "deferred_start", edit.body);
    const auto card = json::parse(edit.body).as_object();
    CHECK(std::string(card.at("content").as_string()).starts_with("New question 1 of 10"));

    // A click: acknowledged silently (6), then the question's message is edited.
    const auto clicked = s.click(who, card, buttons_of(card)[0].custom_id);
    CHECK(json::serialize(clicked.body) == R"({"type":6})");
    const auto update = wait_for(2);
    CHECK(update.method == "PATCH");
    CHECK(update.target.ends_with("/messages/@original"));
    quiz::test::keep_body("edit-original", "deferred_answer", update.body);
    CHECK(buttons_of(json::parse(update.body).as_object()).back().custom_id.starts_with("quiz:n:"));

    // A duplicate click answered late: the recorded feedback, edited into the question's message again.
    const auto again = s.click(who, card, buttons_of(card)[1].custom_id);
    CHECK(json::serialize(again.body) == R"({"type":6})");
    const auto replay = wait_for(3);
    CHECK(replay.method == "PATCH");
    CHECK(replay.target == "/api/v10/webhooks/1100000000000000001/aW50ZXJhY3Rpb246" +
                               std::string("1500000000000000003") + "/messages/@original");
    CHECK(json::parse(replay.body).at("content") == json::parse(update.body).at("content"));

    // A click on a question no longer on screen, answered late: its private notice becomes a follow-up message.
    const std::string id = buttons_of(card)[0].custom_id; // quiz:a:<session>:<sequence>:<choice>
    const auto sequence_at = id.find(':', 7) + 1;
    const auto stale_id = id.substr(0, sequence_at) + "99" + id.substr(id.find(':', sequence_at));
    const auto stale = s.click(who, card, stale_id);
    CHECK(json::serialize(stale.body) == R"({"type":6})");
    const auto note = wait_for(4);
    CHECK(note.method == "POST");
    CHECK(note.target == "/api/v10/webhooks/1100000000000000001/aW50ZXJhY3Rpb246" + std::string("1500000000000000004"));
    quiz::test::keep_body("followup", "deferred_note", note.body);
    const auto note_body = json::parse(note.body).as_object();
    CHECK(note_body.at("flags").as_int64() == 64);

    // Fast units answer in the response itself.
    slow = false;
    const auto quick = s.command(who, "help");
    CHECK(type_of(quick) == 4);
}

} // namespace discord_endpoint_test
