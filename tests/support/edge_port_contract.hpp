// SPDX-License-Identifier: MIT
#pragma once

// The contract of the edge's ports (engine/core/identity_ports.hpp, engine/core/outbox.hpp,
// engine/reminders/reminder_book.hpp), written
// once and run against every storage engine: SQLite (storage_tests) and PostgreSQL (storage_postgres_tests). An
// including file defines `edge_port_fixtures`, a std::tuple of fixture types, before including this header. A
// fixture is default-constructible, starts with an empty, migrated database whose writes its ports see, and
// provides:
//   engine::identity_directory& identities();
//   engine::reminder_book& reminders();
//   engine::round_messages& messages();
//   engine::outbox& outbox();
//   void exec(const std::string& sql);             // SQL both engines read alike
//   std::int64_t scalar(const std::string& sql);   // a query's one integer (never NULL)

#include "engine/core/identity_ports.hpp"
#include "engine/core/outbox.hpp"
#include "engine/reminders/reminder_book.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace quiz::test::edge_contract {

using namespace quiz::engine;
using namespace std::chrono;

/// 2026-03-`day` at `hh`:00 UTC.
inline instant march(unsigned day, int hh)
{
    return instant{sys_days{year{2026} / March / std::chrono::day{day}}} + hours{hh};
}

/// A learner as the edge adds one: ("discord", `id`).
template <class Fixture>
learner_id discord_learner(Fixture& f, const std::string& id)
{
    return f.identities().ensure_learner({"discord", id}, "").id;
}

inline std::string id_text(learner_id id) { return std::to_string(id.value()); }

/// A pack "zero" with one question version, for the rows that name content.
template <class Fixture>
void add_content(Fixture& f)
{
    f.exec("INSERT INTO pack (pack_key) VALUES ('zero')");
    f.exec("INSERT INTO question (pack_id, question_key) SELECT id, 'q1' FROM pack WHERE pack_key = 'zero'");
    f.exec("INSERT INTO question_version (question_id, content_hash) SELECT id, 'h1' FROM question");
}

template <class Fixture>
void add_session(Fixture& f, learner_id learner, const std::string& status, std::int64_t started_ms)
{
    f.exec("INSERT INTO session (learner_id, pack_id, venue, status, started_at_ms, state_format, state) SELECT " +
           id_text(learner) + ", id, 'dm', '" + status + "', " + std::to_string(started_ms) +
           ", 1, '{}' FROM pack WHERE pack_key = 'zero'");
}

template <class Fixture>
void add_attempt(Fixture& f, learner_id learner, const std::string& key, std::int64_t answered_ms)
{
    f.exec("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
           " shown_order, correct, rating, first_attempt, response_ms, venue, answered_at_ms, next_due_at_ms,"
           " retry_in_session) SELECT '" +
           key + "', " + id_text(learner) + ", id, 0, 0, '0,1,2,3', 1, 3, 0, 900, 'dm', " +
           std::to_string(answered_ms) + ", " + std::to_string(answered_ms + 1000) + ", 0 FROM question_version");
}

/// A group round in a workspace of its own (round messages name one); its id.
template <class Fixture>
round_id add_round(Fixture& f, const std::string& channel)
{
    f.exec("INSERT INTO workspace (platform, external_id) VALUES ('slack', 'T-" + channel + "')");
    f.exec("INSERT INTO group_round (workspace_id, channel_id, pack_id, status, state_format, state)"
           " SELECT w.id, '" +
           channel + "', p.id, 'active', 1, '{}' FROM workspace w, pack p WHERE w.external_id = 'T-" + channel +
           "' AND p.pack_key = 'zero'");
    return round_id{f.scalar("SELECT id FROM group_round WHERE channel_id = '" + channel + "'")};
}

} // namespace quiz::test::edge_contract

// ---- the reminder book ----

TEMPLATE_LIST_TEST_CASE("edge ports: a reminder schedule round-trips and a learner who never set one has reminders off",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    const auto ann = discord_learner(f, "1");
    CHECK(f.reminders().find(ann) == reminder_schedule{});

    reminder_schedule s;
    s.enabled = true;
    s.setting = {minutes{18 * 60 + 30}, true};
    s.zone = "Europe/Paris";
    s.next_at = march(3, 17);
    s.last_sent = march(2, 17);
    s.last_sent_day = year{2026} / March / 2;
    s.ignored_in_a_row = 2;
    f.reminders().save(ann, s);
    CHECK(f.reminders().find(ann) == s);
    // The choice lives on the learner row: null minute = the default hour, not chosen.
    CHECK(f.scalar("SELECT reminder_minute FROM learner WHERE id = " + id_text(ann)) == 1110);
    s.setting = {minutes{18 * 60}, false};
    s.refused = true;
    s.enabled = false;
    s.next_at.reset();
    f.reminders().save(ann, s);
    CHECK(f.reminders().find(ann) == s);
    CHECK(f.scalar("SELECT count(*) FROM learner WHERE reminder_minute IS NULL") == 1);
}

TEMPLATE_LIST_TEST_CASE(
    "edge ports: a refused reminder is said once: the learner's lookup reads the flag, clearing it leaves the rest",
    "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const platform_identity who{"discord", "1"};
    const auto first = directory.ensure_learner(who, "Ann");
    CHECK_FALSE(first.reminders_refused); // a new learner, no schedule row

    reminder_schedule s;
    s.zone = "Europe/Paris";
    s.last_sent = march(2, 17);
    s.ignored_in_a_row = 1;
    f.reminders().save(first.id, s);
    CHECK_FALSE(directory.ensure_learner(who, "").reminders_refused); // a schedule, not refused

    s.refused = true;
    f.reminders().save(first.id, s);
    const auto entered = directory.ensure_learner(who, "");
    CHECK(entered.id == first.id);
    CHECK(entered.reminders_refused);
    CHECK(directory.ensure_learner(who, "").reminders_refused); // reading it changes nothing

    directory.clear_reminders_refused(first.id);
    CHECK_FALSE(directory.ensure_learner(who, "").reminders_refused);
    s.refused = false;
    CHECK(f.reminders().find(first.id) == s); // only the flag changed

    // Another learner's flag is theirs alone.
    const platform_identity other{"discord", "2"};
    const auto bob = directory.ensure_learner(other, "Bob");
    s.refused = true;
    f.reminders().save(bob.id, s);
    directory.clear_reminders_refused(first.id);
    CHECK(directory.ensure_learner(other, "").reminders_refused);
}

TEMPLATE_LIST_TEST_CASE(
    "edge ports: due schedules come earliest first, only while enabled, and the earliest to come is known",
    "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    const auto ann = discord_learner(f, "1");
    const auto bob = discord_learner(f, "2");
    const auto cid = discord_learner(f, "3");
    const auto on = [](instant next) {
        reminder_schedule s;
        s.enabled = true;
        s.next_at = next;
        return s;
    };
    CHECK_FALSE(f.reminders().next_due());
    CHECK(f.reminders().due(march(3, 18), 10).empty());
    f.reminders().save(ann, on(march(3, 18)));
    f.reminders().save(bob, on(march(3, 17)));
    f.reminders().save(cid, on(march(4, 17)));
    CHECK(f.reminders().next_due() == march(3, 17));
    const auto due = f.reminders().due(march(3, 18), 10);
    REQUIRE(due.size() == 2);
    CHECK(due[0].learner == bob);
    CHECK(due[0].who == platform_identity{"discord", "2"});
    CHECK(due[0].schedule == on(march(3, 17)));
    CHECK(due[1].learner == ann);
    CHECK(f.reminders().due(march(3, 18), 1).size() == 1);
    auto off = on(march(3, 17));
    off.enabled = false;
    off.next_at.reset();
    f.reminders().save(bob, off);
    CHECK(f.reminders().due(march(3, 18), 10).size() == 1);
    CHECK(f.reminders().next_due() == march(3, 18));
    // Turned off with a time still written down: not due either.
    auto paused = on(march(3, 16));
    paused.enabled = false;
    f.reminders().save(cid, paused);
    const auto left = f.reminders().due(march(3, 18), 10);
    REQUIRE(left.size() == 1);
    CHECK(left[0].learner == ann);
}

TEMPLATE_LIST_TEST_CASE("edge ports: a reminder is recorded once per local day, the last answer and the session under "
                        "way are read",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    const auto ann = discord_learner(f, "1");
    CHECK(f.reminders().record_sent(ann, year{2026} / March / 3, 2, march(3, 17)));
    CHECK_FALSE(f.reminders().record_sent(ann, year{2026} / March / 3, 2, march(3, 18)));
    CHECK(f.reminders().record_sent(ann, year{2026} / March / 4, 1, march(4, 17)));
    CHECK(f.scalar("SELECT count(*) FROM reminder_log") == 2);
    CHECK_FALSE(f.reminders().last_answer(ann));
    CHECK_FALSE(f.reminders().session_started(ann));
}

TEMPLATE_LIST_TEST_CASE("edge ports: the last answer is the latest anywhere, the session under way the active one's "
                        "start",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    const auto ann = discord_learner(f, "1");
    const auto bob = discord_learner(f, "2");
    add_content(f);
    add_attempt(f, ann, "a1", 5'000);
    add_attempt(f, ann, "a2", 9'000);
    add_attempt(f, ann, "a3", 7'000);
    add_attempt(f, bob, "b1", 20'000); // someone else's, later
    add_session(f, ann, "ended", 30'000);
    add_session(f, ann, "active", 8'000);
    add_session(f, bob, "active", 40'000);
    CHECK(f.reminders().last_answer(ann) == instant{milliseconds{9'000}});
    CHECK(f.reminders().session_started(ann) == instant{milliseconds{8'000}});
    f.exec("UPDATE session SET status = 'ended'");
    CHECK_FALSE(f.reminders().session_started(ann));
}

// ---- the identity directory ----

TEMPLATE_LIST_TEST_CASE("edge ports: a platform identity is one learner, whose non-empty display name replaces the "
                        "stored one",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const platform_identity ada{"discord", "80351110224678912"};
    CHECK_FALSE(directory.find_learner(ada));
    const auto id = directory.ensure_learner(ada, "Ada").id;
    CHECK(directory.find_learner(ada) == id);
    CHECK(directory.display_name(id) == "Ada");
    CHECK(directory.ensure_learner(ada, "Ada L.").id == id);
    CHECK(directory.display_name(id) == "Ada L.");
    CHECK(directory.ensure_learner(ada, "").id == id); // no name given: the stored one stays
    CHECK(directory.display_name(id) == "Ada L.");
    // The same id on another platform is another person.
    CHECK_FALSE(directory.find_learner({"slack", "80351110224678912"}));
    const auto other = directory.ensure_learner({"slack", "80351110224678912"}, "").id;
    CHECK(other != id);
    CHECK(directory.display_name(other).empty());
    CHECK(directory.display_name(learner_id{id.value() + other.value() + 100}).empty()); // nobody
    CHECK(f.scalar("SELECT count(*) FROM learner") == 2);
}

TEMPLATE_LIST_TEST_CASE("edge ports: entering a known learner adds nobody new and finds them as ensure_learner does "
                        "with their stored language",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const platform_identity ada{"web", "token-of-ada"};
    CHECK_FALSE(directory.enter_known_learner(ada, "Ada"));
    CHECK(f.scalar("SELECT count(*) FROM learner") == 0);
    const auto added = directory.ensure_learner(ada, "Ada");
    CHECK_FALSE(added.language); // someone new has none yet
    auto known = directory.enter_known_learner(ada, "");
    REQUIRE(known);
    CHECK(known->id == added.id);
    CHECK_FALSE(known->reminders_refused);
    CHECK_FALSE(known->language);
    directory.set_language(added.id, {language::fr, true});
    known = directory.enter_known_learner(ada, "Ada L.");
    REQUIRE(known);
    REQUIRE(known->language);
    CHECK(known->language->lang == language::fr);
    CHECK(known->language->chosen);
    CHECK(directory.display_name(added.id) == "Ada L."); // a new name replaces the stored one, as ensure_learner's
    // ensure_learner's entry carries the language too, whether the name changes or not.
    directory.set_language(added.id, {language::en, false});
    for (const std::string name : {"", "Ada Lovelace"}) {
        const auto entered = directory.ensure_learner(ada, name);
        CHECK(entered.id == added.id);
        REQUIRE(entered.language);
        CHECK(entered.language->lang == language::en);
        CHECK_FALSE(entered.language->chosen);
    }
    CHECK(directory.display_name(added.id) == "Ada Lovelace");
    CHECK(f.scalar("SELECT count(*) FROM learner") == 1);
}

TEMPLATE_LIST_TEST_CASE("edge ports: joining a workspace adds it and the member once, and keeps a member's role",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const auto ada = discord_learner(f, "1");
    const auto bob = discord_learner(f, "2");
    const platform_identity guild{"discord", "1100"};
    const auto id = directory.join_workspace(guild, "GPU club", ada);
    CHECK(directory.join_workspace(guild, "", ada) == id); // no name given: the stored one stays
    CHECK(directory.join_workspace(guild, "GPU club", bob) == id);
    CHECK(f.scalar("SELECT count(*) FROM workspace WHERE name = 'GPU club'") == 1);
    CHECK(f.scalar("SELECT count(*) FROM membership WHERE workspace_id = " + std::to_string(id.value()) +
                   " AND role = 'learner'") == 2);
    CHECK(directory.join_workspace(guild, "GPU club (archived)", ada) == id);
    CHECK(f.scalar("SELECT count(*) FROM workspace WHERE name = 'GPU club (archived)'") == 1);
    // An instructor joining again stays an instructor.
    f.exec("UPDATE membership SET role = 'instructor' WHERE learner_id = " + id_text(ada));
    CHECK(directory.join_workspace(guild, "", ada) == id);
    CHECK(f.scalar("SELECT count(*) FROM membership WHERE role = 'instructor'") == 1);
    CHECK(f.scalar("SELECT count(*) FROM membership") == 2);
    // Another workspace, even with the same external id on another platform, is another.
    const auto team = directory.join_workspace({"slack", "1100"}, "GPU club", ada);
    CHECK(team != id);
    CHECK(f.scalar("SELECT count(*) FROM membership WHERE learner_id = " + id_text(ada)) == 2);
}

TEMPLATE_LIST_TEST_CASE("edge ports: a learner's language is unset until set, and whether they chose it is kept",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const auto ada = discord_learner(f, "1");
    const auto bob = discord_learner(f, "2");
    CHECK_FALSE(directory.language_of(ada));
    directory.set_language(ada, {language::fr, true});
    auto stored = directory.language_of(ada);
    REQUIRE(stored);
    CHECK(stored->lang == language::fr);
    CHECK(stored->chosen);
    directory.set_language(ada, {language::en, false}); // the platform's locale, later
    stored = directory.language_of(ada);
    REQUIRE(stored);
    CHECK(stored->lang == language::en);
    CHECK_FALSE(stored->chosen);
    CHECK_FALSE(directory.language_of(bob));
    const learner_id nobody{ada.value() + bob.value() + 100};
    CHECK_FALSE(directory.language_of(nobody));
    CHECK_THROWS_AS(directory.set_language(nobody, {language::fr, true}), std::logic_error);
}

TEMPLATE_LIST_TEST_CASE("edge ports: a platform event is handled once, and ids older than a day go every thousand "
                        "deliveries",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const auto t = march(3, 12);
    CHECK(directory.first_delivery("discord", "old", t));                    // delivery 1
    CHECK_FALSE(directory.first_delivery("discord", "old", t + seconds{3})); // a redelivery
    CHECK(directory.first_delivery("slack", "old", t));                      // 2: another platform's
    CHECK(directory.first_delivery("discord", "recent", t + hours{2}));      // 3
    for (int i = 4; i < 1000; ++i) {                                         // 4..999
        REQUIRE(directory.first_delivery("discord", "e" + std::to_string(i), t + hours{25}));
    }
    CHECK_FALSE(directory.first_delivery("discord", "old", t + hours{25})); // not pruned yet
    CHECK(directory.first_delivery("discord", "e1000", t + hours{25}));     // 1000: drops what came before t + 1 h
    CHECK(f.scalar("SELECT count(*) FROM processed_event") == 998);
    CHECK_FALSE(directory.first_delivery("discord", "recent", t + hours{25}));
    CHECK(directory.first_delivery("discord", "old", t + hours{25})); // forgotten: handled as new
}

TEMPLATE_LIST_TEST_CASE(
    "edge ports: erasing a learner removes them and what hangs off them, and their id is not reused", "[edge-ports]",
    edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& directory = f.identities();
    const platform_identity ada_who{"discord", "1"};
    const auto ada = directory.ensure_learner(ada_who, "Ada").id;
    const auto bob = directory.ensure_learner({"discord", "2"}, "Bob").id;
    directory.join_workspace({"discord", "1100"}, "GPU club", ada);
    directory.join_workspace({"discord", "1100"}, "GPU club", bob);
    reminder_schedule s;
    s.enabled = true;
    s.next_at = march(3, 17);
    f.reminders().save(ada, s);
    f.reminders().save(bob, s);
    CHECK(f.reminders().record_sent(ada, year{2026} / March / 2, 3, march(2, 17)));

    CHECK_FALSE(directory.erase({"discord", "3"}));
    CHECK_FALSE(directory.erase({"slack", "1"}));
    CHECK(directory.erase(ada_who));
    CHECK_FALSE(directory.find_learner(ada_who));
    CHECK(directory.display_name(ada).empty());
    CHECK(f.scalar("SELECT count(*) FROM membership WHERE learner_id = " + id_text(ada)) == 0);
    CHECK(f.scalar("SELECT count(*) FROM reminder_schedule WHERE learner_id = " + id_text(ada)) == 0);
    CHECK(f.scalar("SELECT count(*) FROM reminder_log") == 0);
    CHECK_FALSE(directory.erase(ada_who)); // gone already
    // Bob and the workspace stay.
    CHECK(directory.find_learner({"discord", "2"}) == bob);
    CHECK(f.scalar("SELECT count(*) FROM membership WHERE learner_id = " + id_text(bob)) == 1);
    CHECK(f.reminders().due(march(3, 17), 10).size() == 1);
    CHECK(f.scalar("SELECT count(*) FROM workspace") == 1);
    // Coming back, they are someone new: an old button naming the forgotten id names nobody.
    const auto again = directory.ensure_learner(ada_who, "").id;
    CHECK(again != ada);
    CHECK(again.value() > bob.value());
}

// ---- round messages ----

TEMPLATE_LIST_TEST_CASE("edge ports: a round's message is absent until saved, found as saved and replaced on save",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    add_content(f);
    const auto first = add_round(f, "C1");
    const auto second = add_round(f, "C2");
    CHECK_FALSE(f.messages().find(first));
    const round_message slack{"C1:1709553600.000100", "https://hooks.slack.com/actions/T1/1/abc",
                              instant{milliseconds{1'709'553'600'123}}, 0};
    f.messages().save(first, slack);
    CHECK(f.messages().find(first) == slack);
    CHECK_FALSE(f.messages().find(second));
    const round_message discord{"", "aW50ZXJhY3Rpb24", instant{milliseconds{1'709'553'700'000}}, 3};
    f.messages().save(second, discord);
    round_message edited = slack;
    edited.edit_token = "https://hooks.slack.com/actions/T1/2/def";
    edited.token_at = instant{milliseconds{1'709'553'900'000}};
    edited.token_uses = 4;
    f.messages().save(first, edited);
    CHECK(f.messages().find(first) == edited);
    CHECK(f.messages().find(second) == discord);
    CHECK(f.scalar("SELECT count(*) FROM round_message") == 2);
}

TEMPLATE_LIST_TEST_CASE("edge ports: a round member's note token is kept per player and replaced by a newer one",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    add_content(f);
    const auto round = add_round(f, "C1");
    const auto other = add_round(f, "C2");
    const auto ada = discord_learner(f, "1");
    const auto bob = discord_learner(f, "2");
    const auto cy = discord_learner(f, "3");
    for (const auto who : {ada, bob}) {
        f.exec("INSERT INTO round_participant (round_id, learner_id) VALUES (" + std::to_string(round.value()) + ", " +
               id_text(who) + ")");
    }
    CHECK(f.messages().note_tokens(round).empty());
    const member_note_token first{bob, "dG9rZW4x", instant{milliseconds{1'709'553'600'123}}};
    f.messages().save_note_token(round, first);
    CHECK(f.messages().note_tokens(round) == std::vector{first});
    const member_note_token newer{bob, "dG9rZW4y", instant{milliseconds{1'709'553'700'000}}};
    const member_note_token ada_token{ada, "YWRh", instant{milliseconds{1'709'553'650'000}}};
    f.messages().save_note_token(round, newer);
    f.messages().save_note_token(round, ada_token);
    // Someone not playing the round gets no token: there is nothing to tell them.
    f.messages().save_note_token(round, {cy, "Y3k", instant{milliseconds{1'709'553'650'000}}});
    CHECK(f.messages().note_tokens(round) == std::vector{ada_token, newer});
    CHECK(f.messages().note_tokens(other).empty());
}

// ---- the outbox ----

TEMPLATE_LIST_TEST_CASE("edge ports: the outbox hands an entry to one claim at a time until its lease ends, and "
                        "settled it is gone",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    const auto ada = discord_learner(f, "1");
    auto& box = f.outbox();
    CHECK(box.claim("reminder", march(3, 17), march(3, 18), 10).empty());
    CHECK_FALSE(box.next_due("reminder"));
    box.put("reminder", "reminder:ada", ada, R"({"text":"one"})", march(3, 17), march(3, 20));
    box.put("reminder", "reminder:bob", std::nullopt, R"({"text":"two"})", march(3, 17) + minutes{1}, march(3, 20));
    box.put("round_edit", "round:7", std::nullopt, "edit", march(3, 17), march(3, 20));
    CHECK(box.pending("reminder") == 2);
    CHECK(box.pending("round_edit") == 1);
    CHECK(box.next_due("reminder") == march(3, 17));
    // Due only from its time on; a claim takes the earliest first, at most `limit`, of its kind only.
    CHECK(box.claim("reminder", march(3, 17) - minutes{1}, march(3, 18), 10).empty());
    const auto first = box.claim("reminder", march(3, 17) + minutes{1}, march(3, 17) + minutes{11}, 1);
    REQUIRE(first.size() == 1);
    CHECK(first[0].payload == R"({"text":"one"})");
    CHECK(first[0].created == march(3, 17));
    CHECK(first[0].expires == march(3, 20));
    CHECK(first[0].attempts == 0);
    // Leased: the next claim takes the other one, then nothing until the lease ends.
    const auto second = box.claim("reminder", march(3, 17) + minutes{2}, march(3, 17) + minutes{12}, 10);
    REQUIRE(second.size() == 1);
    CHECK(second[0].payload == R"({"text":"two"})");
    CHECK(box.claim("reminder", march(3, 17) + minutes{5}, march(3, 18), 10).empty());
    CHECK(box.next_due("reminder") == march(3, 17) + minutes{11});
    // Its sender never settled it (it died): claimed again once the lease ended, the claims counted.
    const auto again = box.claim("reminder", march(3, 17) + minutes{11}, march(3, 17) + minutes{21}, 10);
    REQUIRE(again.size() == 1);
    CHECK(again[0].id == first[0].id);
    CHECK(again[0].attempts == 1);
    box.settle(again[0].id, again[0].version, march(3, 17) + minutes{12});
    CHECK(box.pending("reminder") == 1);
    // A failed delivery: due again when its sender says.
    box.retry_at(second[0].id, march(3, 17) + minutes{30});
    CHECK(box.claim("reminder", march(3, 17) + minutes{29}, march(3, 18), 10).empty());
    const auto retried = box.claim("reminder", march(3, 17) + minutes{30}, march(3, 18), 10);
    REQUIRE(retried.size() == 1);
    CHECK(retried[0].attempts == 1);
    box.settle(retried[0].id, retried[0].version, march(3, 17) + minutes{31});
    CHECK(box.pending("reminder") == 0);
    CHECK(box.pending("round_edit") == 1);
    CHECK_FALSE(box.next_due("reminder"));
}

TEMPLATE_LIST_TEST_CASE("edge ports: an outbox entry written held is its writer's until the lease ends, unless "
                        "another holds it",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& box = f.outbox();
    const auto at = march(3, 17);
    // New: held by its writer, so no claim takes it until the lease ends.
    const auto mine =
        box.put_held("slack_update", "url:1", std::nullopt, "state 1", at, at + minutes{30}, at + seconds{30});
    REQUIRE(mine);
    CHECK(box.claim("slack_update", at + seconds{29}, at + minutes{1}, 10).empty());
    // The writer settles it: gone.
    box.settle(mine->id, mine->version, at + seconds{1});
    CHECK(box.pending("slack_update") == 0);
    // Its writer died before settling: claimed once the lease ended, counted as a second attempt.
    const auto lost =
        box.put_held("slack_update", "url:2", std::nullopt, "state A", at, at + minutes{30}, at + seconds{30});
    REQUIRE(lost);
    const auto taken = box.claim("slack_update", at + seconds{30}, at + minutes{1}, 10);
    REQUIRE(taken.size() == 1);
    CHECK(taken[0].id == lost->id);
    CHECK(taken[0].payload == "state A");
    CHECK(taken[0].attempts == 1);
    // A new state while a sender holds it: not the writer's; it goes out once the holder settles.
    CHECK_FALSE(box.put_held("slack_update", "url:2", std::nullopt, "state B", at + seconds{31}, at + minutes{30},
                             at + minutes{2}));
    box.settle(taken[0].id, taken[0].version, at + seconds{32});
    const auto newest = box.claim("slack_update", at + seconds{32}, at + minutes{2}, 10);
    REQUIRE(newest.size() == 1);
    CHECK(newest[0].payload == "state B");
    // Waiting for a retry: a new state waits with it.
    box.retry_at(newest[0].id, at + minutes{5});
    CHECK_FALSE(box.put_held("slack_update", "url:2", std::nullopt, "state C", at + minutes{3}, at + minutes{30},
                             at + minutes{4}));
    CHECK(box.next_due("slack_update") == at + minutes{5});
    // Due again (its retry time passed): the writer takes it.
    const auto again = box.put_held("slack_update", "url:2", std::nullopt, "state D", at + minutes{6}, at + minutes{30},
                                    at + minutes{7});
    REQUIRE(again);
    CHECK(again->id == newest[0].id);
    CHECK(box.next_due("slack_update") == at + minutes{7});
    box.settle(again->id, again->version, at + minutes{6});
    CHECK(box.pending("slack_update") == 0);
}

TEMPLATE_LIST_TEST_CASE("edge ports: the outbox keeps one entry per key, the newest state, sent after the one "
                        "in flight",
                        "[edge-ports]", edge_port_fixtures)
{
    using namespace quiz::test::edge_contract;
    TestType f;
    auto& box = f.outbox();
    const auto at = march(3, 17);
    box.put("slack_update", "msg:1", std::nullopt, "state 1", at, at + minutes{30});
    box.put("slack_update", "msg:1", std::nullopt, "state 2", at + seconds{1}, at + minutes{31});
    CHECK(box.pending("slack_update") == 1);
    const auto held = box.claim("slack_update", at + seconds{2}, at + minutes{10}, 10);
    REQUIRE(held.size() == 1);
    CHECK(held[0].payload == "state 2");
    CHECK(held[0].expires == at + minutes{31});
    // A newer state while "state 2" is in flight: not handed to a second sender meanwhile...
    box.put("slack_update", "msg:1", std::nullopt, "state 3", at + seconds{3}, at + minutes{32});
    CHECK(box.claim("slack_update", at + seconds{4}, at + minutes{10}, 10).empty());
    // ...and due as soon as the one in flight settles, which leaves it in place.
    box.settle(held[0].id, held[0].version, at + seconds{5});
    CHECK(box.pending("slack_update") == 1);
    const auto newest = box.claim("slack_update", at + seconds{5}, at + minutes{10}, 10);
    REQUIRE(newest.size() == 1);
    CHECK(newest[0].payload == "state 3");
    CHECK(newest[0].version != held[0].version);
    CHECK(newest[0].attempts == 0);
    box.settle(newest[0].id, newest[0].version, at + seconds{6});
    CHECK(box.pending("slack_update") == 0);
}
