// SPDX-License-Identifier: MIT
#pragma once

// The report source's contract (engine/reports/report_ports.hpp), written once and run against every engine: SQLite
// (storage_tests) and PostgreSQL (storage_postgres_tests). A small class whose every figure is counted by hand below,
// then the four tables built on it: scope narrowing, an instructor and another workspace left out, a forgotten
// learner gone from everything.
//
// An including file defines `report_source_fixtures`, a std::tuple of fixture types, before including this header. A
// fixture is default-constructible, starts with an empty database at the latest schema and provides:
//   void exec(const std::string& sql);   // plain SQL on the engine's database, several statements at once
//   bool forget(const std::string& platform, const std::string& external_id); // erases a learner; false: none
//   engine::report_source& source();

#include "engine/reports/activity_report.hpp"
#include "engine/reports/class_report.hpp"
#include "engine/reports/concept_report.hpp"
#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"
#include "engine/reports/report_ports.hpp"
#include "tests/support/test_pack.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace quiz::test::report_contract {

using namespace std::chrono;
using engine::report_scope;

// Day 0 is Monday 2026-03-02 (UTC day number 20514, ISO week 2026-W10); day 7 is the next Monday (W11).
inline std::int64_t at(int day, int hour, int minute = 0)
{
    const sys_days first{2026y / March / 2};
    return duration_cast<milliseconds>((first + days{day} + hours{hour} + minutes{minute}).time_since_epoch()).count();
}

inline engine::instant instant_at(int day, int hour) { return engine::instant{milliseconds{at(day, hour)}}; }

/// c1: q1. c2: q2, q3. Choice 0 is right everywhere; m1 tags q1's choice 1 and q2's choice 2.
inline engine::pack class_pack()
{
    return pack_builder("p")
        .concept_tag("c1", "Concept one", "Concept un")
        .concept_tag("c2", "Concept two", "Concept deux")
        .misconception("m1", "Confusion one", "Confusion un")
        .section("s", "Section", "Section")
        .question("q1", "s", {"c1"}, 3, 0, {"", "m1", ""})
        .question("q2", "s", {"c2"}, 3, 0, {"", "", "m1"})
        .question("q3", "s", {"c2"}, 3, 0, {})
        .build();
}

/// The class's rows as plain SQL that both engines run (their schemas have the same tables and columns).
/// Workspace 1 (discord:G1): Ada, Bob, Cyd learn, Eve teaches; Ada and Bob played a round in channel C7.
/// Workspace 2 (discord:G2): Dee. Fay (G1) is to be forgotten once the rows are written. Cyd's answer to q3 names no
/// workspace (as a session's answers do), Dee's is in G2.
inline std::vector<std::string> class_rows()
{
    std::vector<std::string> sql{
        "INSERT INTO workspace (id, platform, external_id) VALUES (1, 'discord', 'G1'), (2, 'discord', 'G2')",
        "INSERT INTO learner (id, platform, external_id, display_name, last_study_day, streak_days) VALUES"
        " (1, 'discord', 'a', 'Ada', 20515, 2), (2, 'discord', 'b', 'Bob', NULL, 0),"
        " (3, 'discord', 'c', 'Cyd', 20521, 1), (4, 'discord', 'd', 'Dee', NULL, 0),"
        " (5, 'discord', 'e', 'Eve', NULL, 0), (6, 'discord', 'f', 'Fay', 20514, 1)",
        "INSERT INTO membership (workspace_id, learner_id, role) VALUES (1, 1, 'learner'), (1, 2, 'learner'),"
        " (1, 3, 'learner'), (1, 5, 'instructor'), (1, 6, 'learner'), (2, 4, 'learner')",
        "INSERT INTO pack (id, pack_key) VALUES (1, 'p')",
        "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'q1'), (2, 1, 'q2'), (3, 1, 'q3')",
        "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'hash-q1'),"
        " (2, 2, 'hash-q2'), (3, 3, 'hash-q3')",
        "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
        " VALUES (1, 1, 'discord:C7', 1, 1, 'ended', 1, '{}')",
        "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 1), (1, 2)",
        "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct) VALUES"
        " (1, 1, 'c1', 0, 1, 1), (1, 1, 'c2', 0, 2, 1), (2, 1, 'c1', 0, 2, 1), (3, 1, 'c1', 0, 1, 1),"
        " (3, 1, 'c2', 0, 1, 0), (4, 1, 'c1', 0, 1, 0), (6, 1, 'c1', 0, 1, 0)",
    };
    struct attempt {
        int learner, workspace, question, chosen, correct, first;
        std::int64_t when;
    };
    const std::vector<attempt> attempts{
        {1, 1, 1, 0, 1, 1, at(0, 9)},     {1, 1, 2, 2, 0, 1, at(0, 9, 1)}, {1, 1, 2, 0, 1, 0, at(1, 9)},
        {2, 1, 1, 1, 0, 1, at(0, 10)},    {2, 1, 1, 0, 1, 0, at(1, 10)},   {3, 1, 1, 0, 1, 1, at(7, 9)},
        {3, 1, 2, 2, 0, 1, at(7, 9, 1)},  {4, 2, 1, 2, 0, 1, at(0, 11)},   {6, 1, 1, 1, 0, 1, at(0, 12)},
        {6, 1, 3, 1, 0, 1, at(0, 12, 1)}, {3, 0, 3, 0, 1, 1, at(7, 10)},
    };
    int key = 0;
    for (const auto& a : attempts) {
        const auto n = [](auto v) { return std::to_string(v); };
        sql.push_back("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice,"
                      " displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue, workspace_id,"
                      " answered_at_ms, next_due_at_ms, retry_in_session) VALUES ('k" +
                      n(++key) + "', " + n(a.learner) + ", " + n(a.question) + ", " + n(a.chosen) + ", " + n(a.chosen) +
                      ", '0,1,2', " + n(a.correct) + ", 3, " + n(a.first) + ", 1000, 'dm', " +
                      // 0: a session's answer, which records no workspace
                      (a.workspace != 0 ? n(a.workspace) : std::string("NULL")) + ", " + n(a.when) + ", " + n(a.when) +
                      ", 0)");
    }
    // Stability 100 days: recalled for months. Stability 0.5: due the next day. Ada's q2 was planned for day 3.
    struct memory {
        int learner, question;
        const char* stability;
        int attempts, wrong;
        const char* misconception;
        std::int64_t last, due;
    };
    const std::vector<memory> memories{
        {1, 1, "100", 1, 0, nullptr, at(0, 9), at(90, 9)},   {1, 2, "0.5", 2, 1, nullptr, at(1, 9), at(3, 9)},
        {2, 1, "100", 2, 1, nullptr, at(1, 10), at(90, 10)}, {3, 1, "100", 1, 0, nullptr, at(7, 9), at(90, 9)},
        {3, 2, "0.5", 1, 1, "m1", at(7, 9, 1), at(8, 9)},    {4, 1, "0.5", 1, 1, nullptr, at(0, 11), at(1, 11)},
        {6, 1, "0.5", 1, 1, "m1", at(0, 12), at(1, 12)},
    };
    for (const auto& m : memories) {
        const auto n = [](auto v) { return std::to_string(v); };
        sql.push_back(
            "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, reps,"
            " due_at_ms, last_review_at_ms, attempts, wrong, last_misconception) VALUES (" +
            n(m.learner) + ", " + n(m.question) + ", " + n(m.question) + ", 'review', " + m.stability + ", 5, " +
            n(m.attempts) + ", " + n(m.due) + ", " + n(m.last) + ", " + n(m.attempts) + ", " + n(m.wrong) + ", " +
            (m.misconception != nullptr ? "'" + std::string(m.misconception) + "'" : std::string("NULL")) + ")");
    }
    return sql;
}

inline report_scope g1() { return {engine::platform_identity{"discord", "G1"}, std::nullopt}; }

inline std::vector<std::string> names(const std::vector<engine::learner_row>& rows)
{
    std::vector<std::string> out;
    for (const auto& row : rows) {
        out.push_back(row.name);
    }
    return out;
}

/// The class on the engine `Engine`, seeded and with Fay forgotten, and the report tables built on its source.
template <class Engine>
struct classroom {
    Engine db;
    engine::pack_index index{class_pack()};
    engine::instant now = instant_at(8, 12);

    classroom()
    {
        for (const auto& statement : class_rows()) {
            db.exec(statement);
        }
        REQUIRE(db.forget("discord", "f"));
    }

    engine::report_source& source() { return db.source(); }
    std::vector<engine::learner_row> learners(const report_scope& scope)
    {
        const auto data = engine::load_class(source(), scope, engine::pack_key{"p"});
        return engine::learner_report(index, data, engine::tutor_config{}, now, engine::language::en);
    }
    std::vector<engine::item_row> items(const report_scope& scope)
    {
        return engine::item_report(index, source().answers(scope, engine::pack_key{"p"}), engine::language::en);
    }
};

} // namespace quiz::test::report_contract

TEMPLATE_LIST_TEST_CASE("report source: a class's learners are its workspace's learners, a channel narrows them",
                        "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    using quiz::engine::platform_identity;
    classroom<TestType> f;
    CHECK(names(f.learners(g1())) == std::vector<std::string>{"Ada", "Bob", "Cyd"});
    CHECK(names(f.learners({platform_identity{"discord", "G1"}, "C7"})) == std::vector<std::string>{"Ada", "Bob"});
    CHECK(names(f.learners({platform_identity{"discord", "G2"}, std::nullopt})) == std::vector<std::string>{"Dee"});
    // Everyone for the operator, the instructor included; never the forgotten learner.
    CHECK(names(f.learners({})) == std::vector<std::string>{"Ada", "Bob", "Cyd", "Dee", "Eve"});
    CHECK(f.learners({platform_identity{"discord", "nowhere"}, std::nullopt}).empty());
    CHECK(f.source().packs(g1()) == std::vector<quiz::engine::pack_key>{quiz::engine::pack_key{"p"}});
}

TEMPLATE_LIST_TEST_CASE("report source: items count first answers given in scope", "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    classroom<TestType> f;
    const auto items = f.items(g1());
    REQUIRE(items.size() == 3);
    // q1: Ada right (0), Bob wrong (1), Cyd right (0); Bob's second answer is later. Dee answered in G2.
    CHECK(items[0].key.value() == "q1");
    CHECK(items[0].stats.n == 3);
    CHECK(items[0].stats.facility == Approx(2.0 / 3));
    CHECK(items[0].stats.later_n == 1);
    CHECK(items[0].stats.later_facility == Approx(1.0));
    REQUIRE(items[0].choice_share.size() == 3);
    CHECK(*items[0].choice_share[0] == Approx(2.0 / 3));
    CHECK(*items[0].choice_share[1] == Approx(1.0 / 3));
    CHECK(*items[0].choice_share[2] == Approx(0.0));
    CHECK(items[0].choice_misconception[1] == quiz::engine::misconception_key{"m1"});
    CHECK_FALSE(items[0].choice_misconception[0]);
    CHECK(items[0].excerpt == "Stem q1");
    // q2: Ada and Cyd both chose 2 (m1) first.
    CHECK(items[1].stats.n == 2);
    CHECK(items[1].stats.facility == Approx(0.0));
    CHECK(*items[1].choice_share[2] == Approx(1.0));
    // q3: Cyd, right, outside any workspace; the forgotten learner's answer is gone.
    CHECK(items[2].stats.n == 1);
    CHECK(items[2].stats.facility == Approx(1.0));
    CHECK(*items[2].choice_share[0] == Approx(1.0));
    // Dee's workspace sees only Dee's answer.
    const auto g2 = f.items({quiz::engine::platform_identity{"discord", "G2"}, std::nullopt});
    CHECK(g2[0].stats.n == 1);
    CHECK(g2[0].stats.facility == Approx(0.0));
    CHECK(g2[2].stats.n == 0);

    const auto everyone = f.items({});
    CHECK(everyone[0].stats.n == 4);
    CHECK(everyone[0].stats.facility == Approx(0.5));
    CHECK(everyone[2].stats.n == 1);
}

TEMPLATE_LIST_TEST_CASE("report source: learners' answers, accuracy, due reviews, streak and open misconceptions",
                        "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    classroom<TestType> f;
    const auto rows = f.learners(g1());
    REQUIRE(rows.size() == 3);
    const auto& ada = rows[0];
    CHECK(ada.identity == quiz::engine::platform_identity{"discord", "a"});
    CHECK(ada.answers == 3);
    CHECK(ada.first_answers == 2);
    CHECK(*ada.first_accuracy == Approx(0.5));
    CHECK(*ada.recent_accuracy == Approx(2.0 / 3));
    CHECK(ada.seen == 2);
    CHECK(ada.questions == 3);
    CHECK(ada.due_now == 1);     // q2, stability half a day
    CHECK(ada.overdue == 1);     // q2 was planned for day 3
    CHECK(ada.streak_days == 0); // last studied on day 1
    CHECK(ada.last_active == instant_at(1, 9));
    CHECK(ada.open_misconceptions.empty());
    REQUIRE(ada.concepts.size() == 2);
    CHECK(ada.concepts[0].mastered);
    CHECK_FALSE(ada.concepts[1].mastered); // q3 never seen

    const auto& bob = rows[1];
    CHECK(bob.answers == 2);
    CHECK(*bob.first_accuracy == Approx(0.0));
    CHECK(*bob.recent_accuracy == Approx(0.5));
    CHECK(bob.seen == 1);
    CHECK(bob.due_now == 0);
    CHECK(bob.overdue == 0);

    const auto& cyd = rows[2];
    CHECK(cyd.answers == 3);
    CHECK(*cyd.first_accuracy == Approx(2.0 / 3));
    CHECK(*cyd.recent_accuracy == Approx(2.0 / 3));
    CHECK(cyd.due_now == 1);
    CHECK(cyd.overdue == 0);     // planned for day 8 09:01, less than a day ago
    CHECK(cyd.streak_days == 1); // studied yesterday
    CHECK(cyd.open_misconceptions ==
          std::vector<quiz::engine::misconception_key>{quiz::engine::misconception_key{"m1"}});
    CHECK(cyd.last_active == instant_at(7, 10));
}

TEMPLATE_LIST_TEST_CASE("report source: concepts across the class", "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    classroom<TestType> f;
    const auto learners = f.learners(g1());
    const auto concepts = quiz::engine::concept_report(f.index, learners, f.items(g1()), quiz::engine::language::en);
    REQUIRE(concepts.size() == 2);
    CHECK(concepts[0].label == "Concept one");
    CHECK(concepts[0].questions == 1);
    CHECK(concepts[0].learners == 3);
    CHECK(concepts[0].mastered == 3);
    CHECK(concepts[0].learning == 0);
    CHECK(concepts[0].not_started == 0);
    CHECK(concepts[0].first_answers == 3);
    CHECK(*concepts[0].facility == Approx(2.0 / 3));
    CHECK(concepts[0].open_misconceptions == 1); // Cyd's m1, which q1 probes
    CHECK(concepts[1].questions == 2);
    CHECK(concepts[1].learners == 2);
    CHECK(concepts[1].mastered == 0);
    CHECK(concepts[1].learning == 2);
    CHECK(concepts[1].not_started == 1);             // Bob
    CHECK(concepts[1].first_answers == 3);           // q2: Ada and Cyd; q3: Cyd
    CHECK(*concepts[1].facility == Approx(1.0 / 3)); // only Cyd's q3
    CHECK(concepts[1].open_misconceptions == 1);
}

TEMPLATE_LIST_TEST_CASE("report source: activity per day and ISO week", "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    classroom<TestType> f;
    const auto days = quiz::engine::activity_report(f.source().answers(g1(), std::nullopt));
    REQUIRE(days.size() == 8); // day 0 to day 7, the quiet days included
    CHECK(days[0].day == sys_days{2026y / March / 2});
    CHECK(days[0].answers == 3);
    CHECK(days[0].correct == 1);
    CHECK(days[1].answers == 2);
    CHECK(days[1].correct == 2);
    CHECK(days[3].answers == 0);
    CHECK(days[7].answers == 3);
    CHECK(days[7].correct == 2);
    CHECK(days[0].week == quiz::engine::iso_week{2026, 10});
    CHECK(days[0].week_answers == 5);
    CHECK(*days[0].week_accuracy == Approx(0.6));
    CHECK(days[7].week == quiz::engine::iso_week{2026, 11});
    CHECK(days[7].week_answers == 3);
    CHECK(*days[7].week_accuracy == Approx(2.0 / 3));
}

TEMPLATE_LIST_TEST_CASE("report source: a forgotten learner is in no table", "[reports]", report_source_fixtures)
{
    using namespace quiz::test::report_contract;
    using quiz::engine::learner_id;
    classroom<TestType> f;
    for (const auto& scope :
         {report_scope{}, g1(), report_scope{quiz::engine::platform_identity{"discord", "G1"}, "C7"}}) {
        for (const auto& row : f.learners(scope)) {
            CHECK(row.name != "Fay");
        }
        for (const auto& a : f.source().answers(scope, std::nullopt)) {
            CHECK(a.learner != learner_id{6});
        }
        for (const auto& m : f.source().memories(scope, quiz::engine::pack_key{"p"})) {
            CHECK(m.learner != learner_id{6});
        }
        for (const auto& m : f.source().skills(scope, quiz::engine::pack_key{"p"})) {
            CHECK(m.learner != learner_id{6});
        }
    }
    // The population figures the tutor predicts with (every learner's first answers, Dee's too) dropped hers: q3
    // keeps Cyd's first answer alone.
    const auto population = f.source().population(quiz::engine::pack_key{"p"});
    CHECK(population == std::vector<quiz::engine::question_stats>{{quiz::engine::question_key{"q1"}, 4, 2},
                                                                  {quiz::engine::question_key{"q2"}, 2, 0},
                                                                  {quiz::engine::question_key{"q3"}, 1, 1}});
}
