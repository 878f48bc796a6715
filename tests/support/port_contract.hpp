// SPDX-License-Identifier: MIT
#pragma once

// The contract of the engine's ports (engine/tutor/ports.hpp), written once and run against every implementation: the
// in-memory fake (engine_tests) and SQLite (storage_tests). An including file defines `port_fixtures`, a
// std::tuple of fixture types, before including this header. A fixture is default-constructible, starts empty and
// provides:
//   engine::unit_of_work_factory& units();
//   engine::learner_id add_learner();      // a learner as the edge creates one (platform identity)
//   engine::workspace_id add_workspace();

#include "engine/rounds/round_store.hpp"
#include "engine/tutor/ports.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace quiz::test::contract {

using namespace quiz::engine;

inline instant at(std::int64_t ms) { return instant{std::chrono::milliseconds{ms}}; }

/// A memory with every optional field set.
inline question_memory full_memory(const std::string& question)
{
    question_memory m;
    m.question = question_key{question};
    m.content_hash = "hash-" + question;
    m.card.state = fsrs::card_state::relearning;
    m.card.stability = 2.718281828459045;
    m.card.difficulty = 6.125;
    m.card.scheduled_days = 3;
    m.card.learning_step = 1;
    m.card.reps = 7;
    m.card.lapses = 2;
    m.card.last_review = at(1'709'553'600'123);
    m.card.due = at(1'709'812'800'456);
    m.attempts = 9;
    m.wrong = 4;
    m.last_wrong_choice = 2;
    m.last_misconception = misconception_key{"adam-8-bytes"};
    m.first_attempt_correct = false;
    m.first_answered_at = at(1'709'000'000'000);
    return m;
}

/// A memory with every optional field empty.
inline question_memory bare_memory(const std::string& question)
{
    question_memory m;
    m.question = question_key{question};
    m.content_hash = "hash-" + question;
    m.card.due = at(1'709'553'600'000);
    return m;
}

inline attempt_record an_attempt(learner_id learner, const std::string& key, const std::string& question, bool first,
                                 bool correct)
{
    attempt_record a;
    a.key = idempotency_key{key};
    a.learner = learner;
    a.pack = pack_key{"zero"};
    a.question = question_key{question};
    a.content_hash = "hash-" + question;
    a.chosen = 2;
    a.displayed_as = 0;
    a.shown_order = {2, 0, 3, 1};
    a.correct = correct;
    a.rating = correct ? fsrs::rating::good : fsrs::rating::again;
    a.first_attempt = first;
    a.response_time = std::chrono::milliseconds{5400};
    a.where = venue::terminal;
    a.answered_at = at(1'709'553'600'000);
    a.next_due = at(1'709'640'000'000);
    a.retry_in_session = !correct;
    a.follow_up = correct ? std::nullopt : std::optional(question_key{"follow"});
    return a;
}

inline session_state a_session(learner_id learner, std::optional<workspace_id> workspace)
{
    session_state s;
    s.learner = learner;
    s.workspace = workspace;
    s.pack = pack_key{"zero"};
    s.where = venue::dm;
    s.lang = language::fr;
    s.options.scope = session_scope::reviews_only;
    s.options.only_concept = concept_key{"sharding"};
    s.options.length = 12;
    s.seed = 18'446'744'073'709'551'557ULL; // above INT64_MAX: must survive as an unsigned number
    s.started_at = at(1'709'553'600'000);
    s.phase = session_phase::answered;
    s.sequence = 4;
    s.current = shown_question{question_key{"q2"}, {3, 1, 0, 2}, pick_reason::follow_up, at(1'709'553'660'000)};
    s.retries = {{question_key{"q1"}, 6}};
    s.follow_up = question_key{"q3"};
    s.results = {{question_key{"q0"}, pick_reason::fresh, true}, {question_key{"q1"}, pick_reason::review, false}};
    s.planned = 11;
    return s;
}

inline round_state a_round(workspace_id workspace, learner_id host, learner_id other)
{
    round_state r;
    r.workspace = workspace;
    r.channel = "C024BE91L";
    r.host = host;
    r.pack = pack_key{"zero"};
    r.lang = language::en;
    r.seed = 42;
    r.options = {7, std::chrono::seconds{20}, std::chrono::seconds{90}};
    r.phase = round_phase::closed;
    r.sequence = 3;
    r.question = question_key{"q1"};
    r.order = {1, 0, 2};
    r.opened_at = at(1'709'553'600'000);
    r.deadline = at(1'709'553'645'000);
    r.closed_by = close_reason::all_answered;
    r.answers = {{host, 1, 0, true, std::chrono::milliseconds{4100}},
                 {other, 0, 1, false, std::chrono::milliseconds{9000}}};
    r.players = {{host, at(1'709'553'500'000), 3, 3, 2, std::chrono::milliseconds{12'000}},
                 {other, at(1'709'553'550'000), 2, 2, 1, std::chrono::milliseconds{15'500}}};
    r.asked = {question_key{"q0"}, question_key{"q2"}, question_key{"q1"}};
    return r;
}

template <class Rows, class Key>
auto find_by(const Rows& rows, Key key, auto member)
{
    return std::find_if(rows.begin(), rows.end(), [&](const auto& row) { return row.*member == key; });
}

} // namespace quiz::test::contract

TEMPLATE_LIST_TEST_CASE("ports: writes are visible only after commit, and a unit dropped uncommitted leaves nothing",
                        "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const pack_key zero{"zero"};
    {
        auto unit = f.units().begin();
        unit->progress().save_memory(ada, zero, full_memory("q1"));
        unit->attempts().append(an_attempt(ada, "k1", "q1", true, true));
        unit->sessions().add(a_session(ada, std::nullopt));
        // The unit reads its own writes.
        CHECK(unit->progress().memories(ada, zero).size() == 1);
        CHECK(unit->attempts().find(idempotency_key{"k1"}));
        CHECK(unit->sessions().active_for(ada));
    } // dropped without commit
    {
        auto unit = f.units().begin();
        CHECK(unit->progress().memories(ada, zero).empty());
        CHECK_FALSE(unit->attempts().find(idempotency_key{"k1"}));
        CHECK_FALSE(unit->sessions().active_for(ada));
        CHECK(unit->attempts().first_attempt_stats(zero).empty());
        unit->progress().save_memory(ada, zero, full_memory("q1"));
        unit->commit();
    }
    auto unit = f.units().begin();
    CHECK(unit->progress().memories(ada, zero).size() == 1);
}

TEMPLATE_LIST_TEST_CASE("ports: a profile saved is found as saved", "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    learner_profile profile{ada, language::fr, 19'786, 4, 11};
    learner_profile other{bob, language::en, std::nullopt, 0, 0};
    {
        auto unit = f.units().begin();
        profile.progress_version = unit->learners().save(profile);
        other.progress_version = unit->learners().save(other);
        unit->commit();
    }
    {
        auto unit = f.units().begin();
        CHECK(unit->learners().find(ada) == profile);
        CHECK(unit->learners().find(bob) == other);
        profile.streak_days = 5;
        profile.best_streak_days = 12;
        profile.lang = language::en;
        profile.progress_version = unit->learners().save(profile); // replaces
        unit->commit();
    }
    auto unit = f.units().begin();
    CHECK(unit->learners().find(ada) == profile);
}

TEMPLATE_LIST_TEST_CASE("ports: each save of a profile or memory model gives the learner a progress version never "
                        "given before - even by a unit rolled back",
                        "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    std::vector<std::uint64_t> given;
    const auto version_of = [&f](learner_id learner) {
        auto unit = f.units().begin();
        return unit->learners().find(learner).value().progress_version;
    };
    {
        auto unit = f.units().begin();
        given.push_back(unit->learners().save(learner_profile{ada, language::fr, 19'786, 1, 1}));
        CHECK(unit->learners().find(ada)->progress_version == given.back()); // the unit reads its own write
        unit->commit();
    }
    CHECK(version_of(ada) == given.back());
    {
        auto unit = f.units().begin();
        unit->learners().save_recall_model(ada, stored_recall_model{});
        unit->learners().save(learner_profile{bob, language::en, std::nullopt, 0, 0}); // bob's own
        unit->commit();
    }
    given.push_back(version_of(ada));
    {
        auto unit = f.units().begin();
        given.push_back(unit->learners().save(learner_profile{ada, language::fr, 19'787, 2, 2}));
    } // dropped: ada keeps the version before it
    CHECK(version_of(ada) == given[1]);
    {
        auto unit = f.units().begin();
        given.push_back(unit->learners().save(learner_profile{ada, language::fr, 19'787, 2, 2}));
        unit->commit();
    }
    CHECK(version_of(ada) == given.back());
    std::sort(given.begin(), given.end());
    CHECK(std::adjacent_find(given.begin(), given.end()) == given.end());
}

TEMPLATE_LIST_TEST_CASE("ports: a learner's memory model is stored whole, found as stored and replaced on save",
                        "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    stored_recall_model stored;
    stored.model.w[0] = 0.25;
    stored.model.w[20] = 0.1234567890123;
    stored.model.layer.beta = {-0.5, 1.25, 0.125, -0.0625, 0.3, -1.0, 1.0};
    stored.model.same_day.from_fsrs = true;
    stored.model.same_day.after_miss = 40;
    stored.model.same_day.after_miss_passed = 27;
    stored.model.same_day.after_pass = 300;
    stored.model.same_day.after_pass_passed = 296;
    stored.model.parameters_fitted_on = 1'229;
    stored.model.parameters_adopted_at = 1'024;
    stored.model.layer_fitted_on = 205;
    stored.model.fits = 7;
    stored.reviews = 1'874;
    stored.fitted_at = at(1'709'553'600'789);
    {
        auto unit = f.units().begin();
        CHECK_FALSE(unit->learners().recall_model(ada));
        unit->learners().save_recall_model(ada, stored);
        unit->commit();
    }
    {
        auto unit = f.units().begin();
        CHECK(unit->learners().recall_model(ada) == stored);
        CHECK_FALSE(unit->learners().recall_model(bob));
        stored.model.same_day.from_fsrs = false;
        stored.reviews = 2'000;
        unit->learners().save_recall_model(ada, stored); // replaces
        unit->commit();
    }
    auto unit = f.units().begin();
    CHECK(unit->learners().recall_model(ada) == stored);
}

TEMPLATE_LIST_TEST_CASE("ports: a learner's history is every answer of theirs, any pack, in the order given", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    auto later = an_attempt(ada, "k1", "q2", true, true);
    later.answered_at = at(1'709'600'000'000);
    auto earlier = an_attempt(ada, "k2", "q1", true, false);
    earlier.answered_at = at(1'709'500'000'000);
    earlier.response_time = std::chrono::milliseconds{1234};
    auto other = an_attempt(bob, "k3", "q1", true, true);
    {
        auto unit = f.units().begin();
        unit->attempts().append(later);
        unit->attempts().append(other);
        unit->attempts().append(earlier);
        unit->commit();
    }
    auto unit = f.units().begin();
    const auto history = unit->attempts().history(ada);
    REQUIRE(history.size() == 2);
    CHECK(history[0] == answer_outline{pack_key{"zero"}, question_key{"q1"}, fsrs::rating::again, at(1'709'500'000'000),
                                       std::chrono::milliseconds{1234}});
    CHECK(history[1] == answer_outline{pack_key{"zero"}, question_key{"q2"}, fsrs::rating::good, at(1'709'600'000'000),
                                       std::chrono::milliseconds{5400}});
    CHECK(unit->attempts().history(bob).size() == 1);
}

TEMPLATE_LIST_TEST_CASE("ports: memories and skills are kept per learner and pack and replaced on save", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    const pack_key zero{"zero"};
    const pack_key other{"other"};
    {
        auto unit = f.units().begin();
        unit->progress().save_memory(ada, zero, full_memory("q1"));
        unit->progress().save_memory(ada, zero, bare_memory("q2"));
        unit->progress().save_memory(ada, other, full_memory("q1"));
        unit->progress().save_memory(bob, zero, bare_memory("q1"));
        unit->progress().save_skill(ada, zero, concept_skill{concept_key{"sharding"}, -0.375, 6, 2});
        unit->progress().save_skill(ada, zero, concept_skill{concept_key{"memory"}, 0.25, 3, 3});
        unit->progress().save_skill(bob, zero, concept_skill{concept_key{"sharding"}, 0.5, 1, 1});
        unit->commit();
    }
    {
        auto unit = f.units().begin();
        const auto rows = unit->progress().memories(ada, zero);
        REQUIRE(rows.size() == 2);
        const auto q1 = find_by(rows, question_key{"q1"}, &question_memory::question);
        const auto q2 = find_by(rows, question_key{"q2"}, &question_memory::question);
        REQUIRE(q1 != rows.end());
        REQUIRE(q2 != rows.end());
        CHECK(*q1 == full_memory("q1"));
        CHECK(*q2 == bare_memory("q2"));
        CHECK(unit->progress().memories(bob, zero) == std::vector{bare_memory("q1")});
        CHECK(unit->progress().memories(ada, other) == std::vector{full_memory("q1")});
        CHECK(unit->progress().memories(ada, pack_key{"never-seen"}).empty());

        const auto skills = unit->progress().skills(ada, zero);
        REQUIRE(skills.size() == 2);
        CHECK(*find_by(skills, concept_key{"sharding"}, &concept_skill::key) ==
              concept_skill{concept_key{"sharding"}, -0.375, 6, 2});
        CHECK(unit->progress().skills(bob, zero) == std::vector{concept_skill{concept_key{"sharding"}, 0.5, 1, 1}});
        CHECK(unit->progress().skills(ada, other).empty());

        // Saving again replaces; a new text version of the question is recorded with it.
        question_memory changed = bare_memory("q1");
        changed.content_hash = "hash-q1-edited";
        changed.attempts = 10;
        unit->progress().save_memory(ada, zero, changed);
        unit->progress().save_skill(ada, zero, concept_skill{concept_key{"sharding"}, -0.5, 7, 2});
        unit->commit();
    }
    auto unit = f.units().begin();
    const auto rows = unit->progress().memories(ada, zero);
    REQUIRE(rows.size() == 2);
    question_memory expected = bare_memory("q1");
    expected.content_hash = "hash-q1-edited";
    expected.attempts = 10;
    CHECK(*find_by(rows, question_key{"q1"}, &question_memory::question) == expected);
    CHECK(*find_by(unit->progress().skills(ada, zero), concept_key{"sharding"}, &concept_skill::key) ==
          concept_skill{concept_key{"sharding"}, -0.5, 7, 2});
}

TEMPLATE_LIST_TEST_CASE("ports: an appended attempt is found by its key as appended", "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const workspace_id club = f.add_workspace();
    attempt_record wrong = an_attempt(ada, "discord:1187", "q1", true, false);
    wrong.workspace = club;
    attempt_record right = an_attempt(ada, "discord:1188", "q1", false, true);
    attempt_id wrong_id;
    attempt_id right_id;
    {
        auto unit = f.units().begin();
        wrong_id = unit->attempts().append(wrong);
        right_id = unit->attempts().append(right);
        unit->commit();
    }
    CHECK(wrong_id != right_id);
    auto unit = f.units().begin();
    wrong.id = wrong_id;
    right.id = right_id;
    CHECK(unit->attempts().find(idempotency_key{"discord:1187"}) == wrong);
    CHECK(unit->attempts().find(idempotency_key{"discord:1188"}) == right);
    CHECK_FALSE(unit->attempts().find(idempotency_key{"discord:9999"}));
}

TEMPLATE_LIST_TEST_CASE("ports: first-attempt statistics count first attempts per question of the pack", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "a1", "q1", true, true));
        unit->attempts().append(an_attempt(ada, "a2", "q1", false, false)); // not a first attempt
        unit->attempts().append(an_attempt(bob, "b1", "q1", true, false));
        unit->attempts().append(an_attempt(bob, "b2", "q2", true, true));
        attempt_record elsewhere = an_attempt(bob, "b3", "q1", true, true);
        elsewhere.pack = pack_key{"other"};
        unit->attempts().append(elsewhere);
        unit->commit();
    }
    auto unit = f.units().begin();
    unit->attempts().append(an_attempt(ada, "a3", "q2", true, false)); // this unit's own, uncommitted
    const auto stats = unit->attempts().first_attempt_stats(pack_key{"zero"});
    REQUIRE(stats.size() == 2);
    CHECK(*find_by(stats, question_key{"q1"}, &question_stats::question) == question_stats{question_key{"q1"}, 2, 1});
    CHECK(*find_by(stats, question_key{"q2"}, &question_stats::question) == question_stats{question_key{"q2"}, 2, 1});
    CHECK(unit->attempts().first_attempt_stats(pack_key{"other"}) ==
          std::vector{question_stats{question_key{"q1"}, 1, 1}});
    CHECK(unit->attempts().first_attempt_stats(pack_key{"none"}).empty());
}

TEMPLATE_LIST_TEST_CASE("ports: a learner's latest right answers' response times come newest first, sessions only",
                        "[ports]", port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    const learner_id carl = f.add_learner(); // never answered
    const workspace_id club = f.add_workspace();
    session_id ada_session;
    session_id bob_session;
    round_id round;
    {
        auto unit = f.units().begin();
        ada_session = unit->sessions().add(a_session(ada, club));
        bob_session = unit->sessions().add(a_session(bob, club));
        round = unit->rounds().add(a_round(club, ada, bob));
        unit->commit();
    }
    const auto timed = [](learner_id who, const std::string& key, bool correct, int ms, int minute,
                          std::optional<session_id> session) {
        attempt_record a = an_attempt(who, key, "q1", false, correct);
        a.response_time = std::chrono::milliseconds{ms};
        a.answered_at = at(1'709'553'600'000 + minute * 60'000LL);
        a.session = session;
        return a;
    };
    {
        auto unit = f.units().begin();
        unit->attempts().append(timed(ada, "a1", true, 1000, 0, ada_session));
        unit->attempts().append(timed(ada, "a2", true, 2000, 2, ada_session));
        unit->attempts().append(timed(ada, "a3", false, 3000, 3, ada_session)); // wrong
        unit->attempts().append(timed(ada, "a4", true, 4000, 1, ada_session));  // logged late, answered earlier
        attempt_record in_round = timed(ada, "a5", true, 5000, 4, std::nullopt);
        in_round.round = round;
        unit->attempts().append(in_round);
        unit->attempts().append(timed(bob, "b1", true, 6000, 5, bob_session));
        unit->commit();
    }
    auto unit = f.units().begin();
    unit->attempts().append(timed(ada, "a6", true, 7000, 6, ada_session)); // this unit's own, uncommitted
    using ms = std::chrono::milliseconds;
    CHECK(unit->attempts().recent_right_response_times(ada, 10) ==
          std::vector<ms>{ms{7000}, ms{2000}, ms{4000}, ms{1000}});
    CHECK(unit->attempts().recent_right_response_times(ada, 2) == std::vector<ms>{ms{7000}, ms{2000}});
    CHECK(unit->attempts().recent_right_response_times(bob, 10) == std::vector<ms>{ms{6000}});
    CHECK(unit->attempts().recent_right_response_times(carl, 10).empty());
}

TEMPLATE_LIST_TEST_CASE("ports: sessions are stored whole and the active one is the one not ended", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    const workspace_id club = f.add_workspace();
    session_state first = a_session(ada, club);
    session_id first_id;
    {
        auto unit = f.units().begin();
        first_id = unit->sessions().add(first);
        unit->commit();
    }
    first.id = first_id;
    {
        auto unit = f.units().begin();
        CHECK(unit->sessions().find(first_id) == first);
        CHECK(unit->sessions().active_for(ada) == first);
        CHECK_FALSE(unit->sessions().active_for(bob));
        CHECK_FALSE(unit->sessions().find(session_id{first_id.value() + 1000}));
        // The learner ends it and starts another.
        first.phase = session_phase::ended;
        first.current.reset();
        unit->sessions().save(first);
        CHECK_FALSE(unit->sessions().active_for(ada));
        session_state second = a_session(ada, std::nullopt);
        second.phase = session_phase::asking;
        const session_id second_id = unit->sessions().add(second);
        CHECK(second_id != first_id);
        second.id = second_id;
        CHECK(unit->sessions().active_for(ada) == second);
        unit->commit();
    }
    auto unit = f.units().begin();
    CHECK(unit->sessions().find(first_id) == first);
    REQUIRE(unit->sessions().active_for(ada));
    CHECK(unit->sessions().active_for(ada)->id != first_id);
}

TEMPLATE_LIST_TEST_CASE("ports: rounds are stored whole and a channel's active round is the one not ended", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    const workspace_id club = f.add_workspace();
    const workspace_id other_club = f.add_workspace();
    round_state round = a_round(club, ada, bob);
    {
        auto unit = f.units().begin();
        round.id = unit->rounds().add(round);
        unit->commit();
    }
    {
        auto unit = f.units().begin();
        CHECK(unit->rounds().find(round.id) == round);
        CHECK(unit->rounds().active_in(club, "C024BE91L") == round);
        CHECK_FALSE(unit->rounds().active_in(club, "another-channel"));
        CHECK_FALSE(unit->rounds().active_in(other_club, "C024BE91L"));
        round.phase = round_phase::ended;
        round.players[1].correct = 2;
        unit->rounds().save(round);
        unit->commit();
    }
    auto unit = f.units().begin();
    CHECK(unit->rounds().find(round.id) == round);
    CHECK_FALSE(unit->rounds().active_in(club, "C024BE91L"));
}

TEMPLATE_LIST_TEST_CASE("ports: the typical form of a concept is the mean over the learners who answered it", "[ports]",
                        port_fixtures)
{
    using namespace quiz::test::contract;
    TestType f;
    const learner_id ada = f.add_learner();
    const learner_id bob = f.add_learner();
    const learner_id cid = f.add_learner();
    const pack_key zero{"zero"};
    const concept_key sharding{"sharding"};
    {
        auto unit = f.units().begin();
        unit->progress().save_skill(ada, zero, concept_skill{sharding, -0.5, 2, 1});
        unit->progress().save_skill(bob, zero, concept_skill{sharding, 0.25, 1, 1});
        unit->progress().save_skill(cid, zero, concept_skill{sharding, 0.0, 0, 0}); // never answered: not counted
        unit->progress().save_skill(ada, zero, concept_skill{concept_key{"memory"}, 1.0, 1, 1});
        unit->progress().save_skill(bob, pack_key{"other"}, concept_skill{sharding, 0.9, 3, 3});
        unit->commit();
    }
    {
        auto unit = f.units().begin();
        const auto forms = unit->progress().typical_forms(zero);
        REQUIRE(forms.size() == 2);
        const auto s = find_by(forms, sharding, &concept_skill::key);
        REQUIRE(s != forms.end());
        CHECK(s->form == Approx(-0.125));
        CHECK(s->answers == 2);
        CHECK(find_by(forms, concept_key{"memory"}, &concept_skill::key)->answers == 1);
        CHECK(unit->progress().typical_forms(pack_key{"none"}).empty());
        // A learner's form moves: the mean follows.
        unit->progress().save_skill(ada, zero, concept_skill{sharding, 0.75, 3, 2});
        unit->progress().save_skill(cid, zero, concept_skill{sharding, 0.5, 1, 1});
        unit->commit();
    }
    auto unit = f.units().begin();
    const auto forms = unit->progress().typical_forms(zero);
    const auto s = find_by(forms, sharding, &concept_skill::key);
    REQUIRE(s != forms.end());
    CHECK(s->form == Approx(0.5));
    CHECK(s->answers == 3);
}
