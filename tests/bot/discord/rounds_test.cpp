// SPDX-License-Identifier: MIT
// Study-group rounds on Discord: `quizbot serve` in-process with signed interactions over loopback, and a fake
// Discord API on loopback recording every edit of the round's message and every private follow-up (their bodies
// are kept for the OpenAPI check). The server's clock is the test's: it moves only when the test moves it.
#include "tests/bot/discord/support/discord_server.hpp"
#include "tests/bot/discord/support/fake_discord_api.hpp"
#include "tests/bot/discord/support/pack_answers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <thread>

namespace discord_rounds_test {

namespace {

using namespace std::chrono_literals;
using quiz::test::buttons_of;
using quiz::test::discord_server;
using quiz::test::discord_user;
using quiz::test::fake_discord_api;
using quiz::test::right_button;
using quiz::test::upstream_request;
using quiz::test::webhook_path;
namespace json = boost::json;

const std::string guild = "290926798626357999";
const std::string app = discord_server::application_id;

discord_user member(const std::string& id, const std::string& name)
{
    discord_user u;
    u.id = id;
    u.name = name;
    u.guild_id = guild;
    return u;
}

std::string content_of(const json::object& data) { return std::string(data.at("content").as_string()); }

std::int64_t type_of(const quiz::test::interaction_reply& r) { return r.body.at("type").as_int64(); }

bool is_ephemeral(const json::object& data)
{
    return data.contains("flags") && (data.at("flags").as_int64() & 64) != 0;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

json::object body_of(const upstream_request& r) { return json::parse(r.body).as_object(); }

bool is_edit(const upstream_request& r) { return r.method == "PATCH" && r.target.ends_with("/messages/@original"); }

json::value option(const std::string& name, std::int64_t value)
{
    return json::object{{"name", name}, {"type", 4}, {"value", value}};
}

std::int64_t count(const discord_server& s, const std::string& sql) { return s.database().count(sql); }

/// The server with the test's clock and the fake API.
struct round_rig {
    fake_discord_api api;
    std::shared_ptr<std::atomic<std::int64_t>> offset_ms = std::make_shared<std::atomic<std::int64_t>>(0);
    quiz::engine::instant base = std::chrono::time_point_cast<std::chrono::milliseconds>(
        std::chrono::sys_days{std::chrono::year{2026} / 3 / 2} + 9h);
    discord_server server;

    round_rig() : server({{"DISCORD_API_BASE", api.api_base()}}, hooks()) {}

    quiz::bot::cli::serve_hooks hooks()
    {
        quiz::bot::cli::serve_hooks h;
        h.clock = [offset = offset_ms, base = base] { return base + std::chrono::milliseconds{offset->load()}; };
        h.look_every = std::chrono::milliseconds{0}; // the test moves the clock
        return h;
    }

    void set_clock(std::chrono::milliseconds since_start) { offset_ms->store(since_start.count()); }

    /// A click on a round's button: acknowledged at once with a deferred update. Returns the click's token.
    std::string click(const discord_user& who, const json::object& shown, const std::string& custom_id)
    {
        const auto r = server.click(who, shown, custom_id);
        REQUIRE(r.status == 200);
        CHECK(json::serialize(r.body) == R"({"type":6})");
        return r.token;
    }

    /// The follow-ups sent through `token`, once there are at least `n`; each is ephemeral.
    std::vector<std::string> notes(const std::string& token, std::size_t n)
    {
        const auto path = webhook_path(app, token);
        (void)api.wait_for(
            [&](const upstream_request&) {
                std::size_t seen = 0;
                for (const auto& r : api.seen()) {
                    seen += r.method == "POST" && r.target == path ? 1U : 0U;
                }
                return seen >= n;
            },
            std::to_string(n) + " follow-up(s) through a click's token");
        std::vector<std::string> out;
        for (const auto& r : api.seen()) {
            if (r.method == "POST" && r.target == path) {
                const auto body = body_of(r);
                CHECK(is_ephemeral(body));
                CHECK(json::serialize(body.at("allowed_mentions")) == R"({"parse":[]})");
                out.push_back(content_of(body));
            }
        }
        return out;
    }

    /// The first edit of the round's message whose content has `part`, and the token it went through.
    std::pair<json::object, std::string> edit_with(const std::string& part)
    {
        const auto r = api.wait_for([&](const upstream_request& e) { return is_edit(e) && contains(e.body, part); },
                                    "an edit with \"" + part + "\"");
        const auto prefix = "/api/v10/webhooks/" + app + "/";
        REQUIRE(r.target.starts_with(prefix));
        const std::string suffix = "/messages/@original";
        auto token = r.target.substr(prefix.size(), r.target.size() - prefix.size() - suffix.size());
        return {body_of(r), token};
    }
};

/// The answer buttons of a round's message, and the id of its control button `kind` ("rr", "rn", "re", "rm").
std::string control(const json::object& shown, const std::string& kind)
{
    for (const auto& b : buttons_of(shown)) {
        if (b.custom_id.starts_with("quiz:" + kind + ":")) {
            return b.custom_id;
        }
    }
    FAIL("no " << kind << " button on the round's message");
    return {};
}

std::vector<quiz::test::seen_button> choices_of(const json::object& shown)
{
    std::vector<quiz::test::seen_button> out;
    for (const auto& b : buttons_of(shown)) {
        if (b.custom_id.starts_with("quiz:ra:")) {
            out.push_back(b);
        }
    }
    return out;
}

/// Hana opens a round of 60 s questions: its first question's message.
json::object open_slow_round(discord_server& s)
{
    const auto opened =
        s.typed_command(member("80351110224678930", "Hana"), "group", json::array{option("seconds", 60)});
    REQUIRE(opened.status == 200);
    return opened.body.at("data").as_object();
}

/// The `i`th of many members.
discord_user numbered_member(int i) { return member(std::to_string(80351110224678930LL + i), "m" + std::to_string(i)); }

void check_message_limits(const json::object& data)
{
    CHECK(json::serialize(data.at("allowed_mentions")) == R"({"parse":[]})");
    std::size_t chars = 0;
    for (const char c : content_of(data)) {
        chars += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    }
    CHECK(chars <= 2000);
    for (const auto& b : buttons_of(data)) {
        CHECK(b.custom_id.size() <= 100);
    }
}

} // namespace

TEST_CASE("rounds: three questions, five members, one message edited through the freshest click", "[discord][rounds]")
{
    round_rig rig;
    auto& s = rig.server;
    const auto hana = member("80351110224678930", "Hana"); // the host
    const auto ari = member("80351110224678931", "Ari");
    const auto bob = member("80351110224678932", "B_o*b");
    const auto cleo = member("80351110224678933", "Cleo");
    const auto dan = member("80351110224678934", "@everyone");

    // In the bot's DM there is nobody to play with.
    const discord_user alone;
    const auto dm = s.typed_command(alone, "group", {});
    REQUIRE(dm.status == 200);
    CHECK(is_ephemeral(dm.body.at("data").as_object()));
    CHECK(content_of(dm.body.at("data").as_object()).starts_with("Study-group rounds are played in a server channel"));

    // The host opens the round: the command's answer is the round's message, for everyone.
    const auto opened = s.typed_command(hana, "group", json::array{option("questions", 3), option("seconds", 10)});
    REQUIRE(opened.status == 200);
    CHECK(type_of(opened) == 4);
    const auto q1 = opened.body.at("data").as_object();
    CHECK_FALSE(is_ephemeral(q1));
    check_message_limits(q1);
    CHECK(content_of(q1).starts_with("**Question 1 of 3** · Host: Hana\n"));
    const auto deadline_s = std::chrono::floor<std::chrono::seconds>(rig.base.time_since_epoch() + 10s).count();
    CHECK(contains(content_of(q1), "0 of 1 answered · Closes <t:" + std::to_string(deadline_s) + ":R>"));
    const auto choices = choices_of(q1);
    REQUIRE(choices.size() >= 2);
    const auto& first = choices[0].custom_id; // quiz:ra:<round>:1:0
    const auto round = first.substr(8, first.find(':', 8) - 8);
    CHECK(first == "quiz:ra:" + round + ":1:0");
    CHECK(control(q1, "rr") == "quiz:rr:" + round + ":1");
    CHECK(control(q1, "re") == "quiz:re:" + round + ":1");
    CHECK(choices[0].label.starts_with("A. "));

    // A second round in the same channel: a private note.
    const auto busy = s.typed_command(ari, "group", {});
    CHECK(type_of(busy) == 4);
    CHECK(is_ephemeral(busy.body.at("data").as_object()));
    CHECK(content_of(busy.body.at("data").as_object()) ==
          "A round is already under way in this channel: answer its question to join, or wait for its end.");

    // Question 1: members join by answering; a double click keeps the first answer.
    const auto right1 = right_button(content_of(q1), choices);
    const std::size_t wrong1 = right1 == 0 ? 1 : 0;
    const std::string right1_letter(1, static_cast<char>('A' + right1));
    const std::string wrong1_letter(1, static_cast<char>('A' + wrong1));
    const auto a1 = rig.click(ari, q1, choices[wrong1].custom_id);
    CHECK(rig.notes(a1, 1)[0] == "Your answer is in: " + wrong1_letter + ". It is judged at the reveal.");
    const auto a2 = rig.click(ari, q1, choices[right1].custom_id);
    CHECK(rig.notes(a2, 1)[0] ==
          "Your answer is already in: " + wrong1_letter + ". An answer cannot be changed before the reveal.");
    const auto b1 = rig.click(bob, q1, choices[right1].custom_id);
    CHECK(contains(rig.notes(b1, 1)[0], "Your answer is in: " + right1_letter));
    // A moment before the deadline, one more answer (it also sets the server's timer again by the test's clock).
    rig.set_clock(10s - 1ms);
    const auto d1 = rig.click(dan, q1, choices[right1].custom_id);
    CHECK(contains(rig.notes(d1, 1)[0], "Your answer is in: "));
    const auto [before_reveal, before_token] = rig.edit_with("3 of 4 answered");
    CHECK(before_token == d1); // the freshest click's token edits the message
    CHECK(contains(content_of(before_reveal), "**Question 1 of 3**"));

    // The deadline passes: the server's timer reveals the question, and only the rounds' publish hook tells it.
    rig.set_clock(11s);
    const auto [revealed1, reveal_token] = rig.edit_with("Time is up.");
    check_message_limits(revealed1);
    CHECK(reveal_token == d1);
    const auto text1 = content_of(revealed1);
    CHECK(contains(text1, "Time is up. 3 of 4 answered"));
    CHECK(contains(text1, "` " + right1_letter + ": 2 answers \u2705\n"));
    CHECK(contains(text1, "` " + wrong1_letter + ": 1 answer\n"));
    CHECK(contains(text1, "\u2588")); // the bars
    CHECK(contains(text1, "\u2705 Answer " + right1_letter + ": "));
    CHECK(contains(text1, "Most chosen wrong answer: " + wrong1_letter + " (1 answer)."));
    CHECK(contains(text1, "[Read more: ")); // the guide link, as the DM flow writes it
    CHECK(contains(text1, "](<https://quiz.example.org/guide/zero-sharded/"));
    const auto after1 = buttons_of(revealed1);
    int greens = 0;
    for (const auto& b : after1) {
        if (b.custom_id.starts_with("quiz:ra:")) {
            CHECK(b.disabled);
            greens += b.style == 3 ? 1 : 0;
        }
    }
    CHECK(greens == 1);
    CHECK(control(revealed1, "rn") == "quiz:rn:" + round + ":1");
    CHECK(s.logs().contains("round revealed round=" + round + " question=1 by=timer"));

    // Each member who answered is told privately how their answer is judged, through their latest click.
    CHECK(rig.notes(a2, 2)[1].starts_with("**Question 1 of 3**\n\u274C Not quite."));
    CHECK(rig.notes(b1, 2)[1].starts_with("**Question 1 of 3**\n\u2705 Right!"));
    CHECK(rig.notes(d1, 2)[1].starts_with("**Question 1 of 3**\n\u2705 Right!"));
    CHECK(contains(rig.notes(b1, 2)[1], "](<https://quiz.example.org/guide/zero-sharded/"));

    // A late member: a private note, nothing recorded.
    const auto c1 = rig.click(cleo, q1, choices[right1].custom_id);
    CHECK(rig.notes(c1, 1)[0] == "This question is closed: its answer has been revealed. Nothing was recorded.");

    // Question 2: only the host asks it (a double click asks it once); everyone answers, which reveals it.
    const auto not_host = rig.click(ari, revealed1, control(revealed1, "rn"));
    CHECK(rig.notes(not_host, 1)[0] == "Only the host of the round can do that.");
    const auto h1 = rig.click(hana, revealed1, control(revealed1, "rn"));
    (void)rig.click(hana, revealed1, control(revealed1, "rn"));
    const auto [q2, q2_token] = rig.edit_with("**Question 2 of 3**");
    CHECK(q2_token == h1);
    CHECK(control(q2, "rr") == "quiz:rr:" + round + ":2");
    const auto choices2 = choices_of(q2);
    REQUIRE(choices2.size() >= 2);
    const auto right2 = right_button(content_of(q2), choices2);
    const std::size_t wrong2 = right2 == 0 ? 1 : 0;
    for (const auto* who : {&hana, &ari, &cleo, &dan}) {
        // One after the other: each answer is in before the next click, so that Bob's is the last.
        CHECK(contains(rig.notes(rig.click(*who, q2, choices2[right2].custom_id), 1)[0], "Your answer is in: "));
    }
    const auto b2 = rig.click(bob, q2, choices2[wrong2].custom_id);
    const auto [revealed2, all_token] = rig.edit_with("Everyone has answered.");
    CHECK(all_token == b2);
    CHECK(contains(content_of(revealed2), "Everyone has answered. 5 of 5 answered"));
    // The answer that closed the question is told its judgment at once, in one note.
    CHECK(rig.notes(b2, 1)[0].starts_with("**Question 2 of 3**\n\u274C Not quite."));

    // Question 3: the host reveals it (another member cannot), then ends the round.
    const auto h3 = rig.click(hana, revealed2, control(revealed2, "rn"));
    const auto [q3, q3_token] = rig.edit_with("**Question 3 of 3**");
    CHECK(q3_token == h3);
    const auto choices3 = choices_of(q3);
    const auto right3 = right_button(content_of(q3), choices3);
    const std::size_t wrong3 = right3 == 0 ? 1 : 0;
    CHECK(contains(rig.notes(rig.click(ari, q3, choices3[right3].custom_id), 1)[0], "Your answer is in: "));
    const auto b3 = rig.click(bob, q3, choices3[wrong3].custom_id);
    CHECK(contains(rig.notes(b3, 1)[0], "Your answer is in: "));
    (void)rig.edit_with("2 of 5 answered");
    CHECK(rig.notes(rig.click(bob, q3, control(q3, "rr")), 1)[0] == "Only the host of the round can do that.");
    const auto h4 = rig.click(hana, q3, control(q3, "rr"));
    const auto [revealed3, host_token] = rig.edit_with("The answer was revealed early.");
    CHECK(host_token == h4);
    CHECK(rig.notes(b3, 2)[1].starts_with("**Question 3 of 3**\n\u274C Not quite."));
    CHECK(buttons_of(revealed3).back().custom_id == "quiz:re:" + round + ":3"); // no Next after the last question
    for (const auto& b : buttons_of(revealed3)) {
        CHECK_FALSE(b.custom_id.starts_with("quiz:rn:"));
    }

    const auto h5 = rig.click(hana, revealed3, control(revealed3, "re"));
    const auto [board, board_token] = rig.edit_with("**Round over**");
    check_message_limits(board);
    CHECK(board_token == h5);
    const auto scores = content_of(board);
    CHECK(contains(scores, "**Scoreboard**\n1. "));
    CHECK(contains(scores, "B\\_o\\*b: 1 of 3 (33%)"));       // markdown in names is shown as typed
    CHECK(contains(scores, "@\u200beveryone: 2 of 3 (67%)")); // and mentions mention nobody
    CHECK(contains(scores, "Ari: 2 of 3 (67%)"));
    CHECK(contains(scores, "Cleo: 1 of 2 (50%)"));
    CHECK(contains(scores, "Hana: 1 of 3 (33%)"));
    CHECK(contains(scores, "\nHardest question: "));
    const auto review_buttons = buttons_of(board);
    REQUIRE(review_buttons.size() == 1);
    CHECK(review_buttons[0].custom_id == "quiz:rm:" + round + ":3");
    CHECK(review_buttons[0].label == "Review my misses");

    // Review my misses: the member's own session, privately, as the DM flow shows a card.
    const auto ar = rig.click(ari, board, review_buttons[0].custom_id);
    const auto path = webhook_path(app, ar);
    const auto card_note = rig.api.wait_for(
        [&](const upstream_request& r) { return r.method == "POST" && r.target == path; }, "the review's card");
    const auto card = body_of(card_note);
    CHECK(is_ephemeral(card));
    const auto card_buttons = buttons_of(card);
    REQUIRE(card_buttons.size() >= 2);
    CHECK(card_buttons[0].custom_id.starts_with("quiz:a:"));
    CHECK(contains(content_of(card), "\nA. "));
    const auto reviewed = s.click(ari, card, card_buttons[0].custom_id);
    REQUIRE(reviewed.status == 200);
    CHECK(type_of(reviewed) == 7); // the review goes on as a session does
    CHECK(rig.notes(rig.click(cleo, board, review_buttons[0].custom_id), 1)[0] ==
          "You missed nothing in this round: nothing to review.");

    s.stop();
    // Every answer once in its member's memory: 3 + 5 + 2 answers in the round, the review's answer besides.
    CHECK(count(s, "SELECT count(*) FROM attempt WHERE round_id IS NOT NULL") == 10);
    CHECK(count(s, "SELECT count(*) FROM (SELECT learner_id, question_version_id FROM attempt "
                   "WHERE round_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) AS twice") == 0);
    const std::map<std::string, int> expected{{hana.id, 1}, {ari.id, 3}, {bob.id, 3}, {cleo.id, 1}, {dan.id, 2}};
    for (const auto& [id, n] : expected) {
        INFO(id);
        CHECK(count(s, "SELECT count(*) FROM attempt a JOIN learner l ON l.id = a.learner_id "
                       "WHERE a.round_id IS NOT NULL AND l.platform = 'discord' AND l.external_id = '" +
                           id + "'") == n);
    }
    CHECK(count(s, "SELECT count(*) FROM attempt WHERE round_id IS NULL") == 1);
    // The memory model counted each of the 11 answers once.
    CHECK(count(s, "SELECT coalesce(sum(attempts), 0) FROM memory") == 11);
    CHECK(count(s, "SELECT count(*) FROM workspace WHERE platform = 'discord' AND external_id = '" + guild + "'") == 1);

    // Every edit went through a click's or the command's own webhook; the command's answer was never edited over
    // (its message is the answer itself), and no token sent more than Discord's five follow-ups.
    std::map<std::string, int> follow_ups;
    int edits = 0;
    for (const auto& r : rig.api.seen()) {
        CHECK(r.target.starts_with("/api/v10/webhooks/" + app + "/aW50ZXJhY3Rpb246"));
        CHECK(r.fields.at("user-agent").starts_with("DiscordBot (https://quiz.example.org, "));
        if (is_edit(r)) {
            ++edits;
            CHECK_FALSE(contains(r.target, opened.token));
            check_message_limits(body_of(r));
        } else {
            CHECK(r.method == "POST");
            ++follow_ups[r.target];
        }
    }
    CHECK(edits >= 7);
    for (const auto& [target, n] : follow_ups) {
        CHECK(n <= 5);
    }
}

TEST_CASE("rounds: a replayed answer click changes nothing and the member still gets their judgment",
          "[discord][rounds][replay]")
{
    round_rig rig;
    auto& s = rig.server;
    const auto hana = member("80351110224678930", "Hana");
    const auto ari = member("80351110224678931", "Ari");
    const auto opened = s.typed_command(hana, "group", json::array{option("seconds", 60)});
    REQUIRE(opened.status == 200);
    const auto q1 = opened.body.at("data").as_object();
    const auto choices = choices_of(q1);
    REQUIRE(choices.size() >= 2);
    const auto token = rig.click(ari, q1, choices[0].custom_id);
    CHECK(contains(rig.notes(token, 1)[0], "Your answer is in: A."));
    // The same signed click again, as captured: acknowledged, nothing recorded, no second note.
    const auto replayed = s.post(s.last_body(), "replayed_round_click");
    CHECK(replayed.status == 200);
    CHECK(json::serialize(replayed.body) == R"({"type":6})");

    (void)rig.click(hana, q1, control(q1, "rr")); // the host reveals
    (void)rig.edit_with("The answer was revealed early.");
    const auto notes = rig.notes(token, 2); // the judgment comes through the answer's own token
    INFO(notes[1]);
    CHECK((notes[1].starts_with("**Question 1 of 5**\n\u2705 Right!") ||
           notes[1].starts_with("**Question 1 of 5**\n\u274C Not quite.")));
    s.stop();
    CHECK(count(s, "SELECT count(*) FROM attempt WHERE round_id IS NOT NULL") == 1);
}

TEST_CASE("rounds: a burst of answers edits the round's message at most once per 250 ms and the newest count last",
          "[discord][rounds]")
{
    round_rig rig;
    auto& s = rig.server;
    const auto q1 = open_slow_round(s);
    const auto choices = choices_of(q1);
    REQUIRE_FALSE(choices.empty());
    // Twenty members answer 60 ms apart, time enough for each change's edit to go out and be settled: without the
    // spacing every answer would be an edit of its own.
    constexpr int members = 20;
    const auto began = std::chrono::steady_clock::now();
    for (int i = 1; i <= members; ++i) {
        const auto who = numbered_member(i);
        (void)rig.click(who, q1, choices[static_cast<std::size_t>(i) % choices.size()].custom_id);
        std::this_thread::sleep_for(60ms);
    }
    (void)rig.edit_with(std::to_string(members) + " of " + std::to_string(members + 1) + " answered");
    const auto took = std::chrono::steady_clock::now() - began;
    const auto edits = rig.api.seen();
    const auto n = std::count_if(edits.begin(), edits.end(), is_edit);
    // One edit per 250 ms at most (round_letters::edit_spacing), the first at once and the last within a look.
    const auto most = 2 + std::chrono::duration_cast<std::chrono::milliseconds>(took).count() / 250;
    INFO(n << " edits for " << members << " answers in "
           << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms");
    CHECK(n >= 1);
    CHECK(n <= most);
    // The count never goes back: each edit shows at least as many answers as the one before.
    int shown = -1;
    for (const auto& r : edits) {
        if (!is_edit(r)) {
            continue;
        }
        const auto text = content_of(body_of(r));
        std::smatch found;
        REQUIRE(std::regex_search(text, found, std::regex(R"((\d+) of \d+ answered)")));
        const int answered = std::stoi(found[1].str());
        CHECK(answered >= shown);
        shown = answered;
    }
    CHECK(shown == members);
}

TEST_CASE("rounds: with Discord's API stalled, every click is still answered and the server stays responsive",
          "[discord][rounds][faults]")
{
    round_rig rig;
    auto& s = rig.server;
    rig.api.stall(true); // each note and edit the round sends now hangs for 30 s
    const auto q1 = open_slow_round(s);
    const auto choices = choices_of(q1);
    REQUIRE_FALSE(choices.empty());
    for (int i = 1; i <= 20; ++i) {
        const auto who = numbered_member(i);
        const auto began = std::chrono::steady_clock::now();
        const auto r = s.click(who, q1, choices[static_cast<std::size_t>(i) % choices.size()].custom_id);
        CHECK(r.status == 200);
        CHECK(json::serialize(r.body) == R"({"type":6})");
        CHECK(std::chrono::steady_clock::now() - began < 3s); // Discord's deadline for the first answer
    }
    quiz::test::loopback_client probe(s.port());
    const auto health = probe.request("GET", "/healthz");
    REQUIRE(health);
    CHECK(health->status == 200);
    // The API answers again: the next note gets through once the stalled calls have timed out.
    rig.api.stall(false);
    const auto late = rig.click(member("80351110224678999", "Late"), q1, choices[0].custom_id);
    CHECK(contains(rig.notes(late, 1)[0], "Your answer is in: "));
}

TEST_CASE("rounds: in a group DM the channel is the round's place", "[discord][rounds]")
{
    round_rig rig;
    discord_user friend_one;
    friend_one.id = "80351110224678940";
    friend_one.group_dm = true;
    friend_one.channel_id = "1200000000000000009";
    const auto opened = rig.server.typed_command(friend_one, "group", json::array{option("questions", 1)});
    REQUIRE(opened.status == 200);
    CHECK(type_of(opened) == 4);
    const auto shown = opened.body.at("data").as_object();
    CHECK_FALSE(is_ephemeral(shown));
    CHECK(content_of(shown).starts_with("**Question 1 of 1**"));
    // Options out of bounds (a forged body; Discord's client keeps to min_value and max_value) are refused privately.
    discord_user other = friend_one;
    other.channel_id = "1200000000000000010";
    const auto refused = rig.server.typed_command(other, "group", json::array{option("questions", 50)});
    CHECK(is_ephemeral(refused.body.at("data").as_object()));
    CHECK(content_of(refused.body.at("data").as_object()) ==
          "A round has 1 to 20 questions, with 10 to 300 seconds for each.");
    // A button of no round: a private note, nothing changes.
    const auto unknown = rig.click(friend_one, shown, "quiz:ra:999999:1:0");
    CHECK(rig.notes(unknown, 1)[0] == "There is no such round.");
    rig.server.stop();
    CHECK(
        count(rig.server,
              "SELECT count(*) FROM workspace WHERE platform = 'discord' AND external_id = 'dm:1200000000000000009'") ==
        1);
    CHECK(count(rig.server, "SELECT count(*) FROM attempt") == 0);
}

} // namespace discord_rounds_test
