// SPDX-License-Identifier: MIT
// The report source on a small class whose every figure is counted by hand below, then the four tables built on
// it: scope narrowing, an instructor and another workspace left out, a forgotten learner gone from everything.
#include "engine/reports/activity_report.hpp"
#include "engine/reports/class_report.hpp"
#include "engine/reports/concept_report.hpp"
#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"
#include "storage/database.hpp"
#include "storage/forget.hpp"
#include "storage/sqlite_report_source.hpp"
#include "tests/support/test_pack.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace quiz::storage::storage_report_source_test {
namespace {

using namespace std::chrono;
using engine::report_scope;

// Day 0 is Monday 2026-03-02 (UTC day number 20514, ISO week 2026-W10); day 7 is the next Monday (W11).
std::int64_t at(int day, int hour, int minute = 0)
{
    const sys_days first{2026y / March / 2};
    return duration_cast<milliseconds>((first + days{day} + hours{hour} + minutes{minute}).time_since_epoch()).count();
}

engine::instant instant_at(int day, int hour) { return engine::instant{milliseconds{at(day, hour)}}; }

/// c1: q1. c2: q2, q3. Choice 0 is right everywhere; m1 tags q1's choice 1 and q2's choice 2.
engine::pack class_pack()
{
    return quiz::test::pack_builder("p")
        .concept_tag("c1", "Concept one", "Concept un")
        .concept_tag("c2", "Concept two", "Concept deux")
        .misconception("m1", "Confusion one", "Confusion un")
        .section("s", "Section", "Section")
        .question("q1", "s", {"c1"}, 3, 0, {"", "m1", ""})
        .question("q2", "s", {"c2"}, 3, 0, {"", "", "m1"})
        .question("q3", "s", {"c2"}, 3, 0, {})
        .build();
}

// Workspace 1 (discord:G1): Ada, Bob, Cyd learn, Eve teaches; Ada and Bob played a round in channel C7.
// Workspace 2 (discord:G2): Dee. Fay (G1) is forgotten after the rows are written. Cyd's answer to q3 names no
// workspace (as a session's answers do), Dee's is in G2.
void seed(SQLite::Database& db)
{
    db.exec("INSERT INTO workspace (id, platform, external_id) VALUES (1, 'discord', 'G1'), (2, 'discord', 'G2');"
            "INSERT INTO learner (id, platform, external_id, display_name, last_study_day, streak_days) VALUES"
            " (1, 'discord', 'a', 'Ada', 20515, 2), (2, 'discord', 'b', 'Bob', NULL, 0),"
            " (3, 'discord', 'c', 'Cyd', 20521, 1), (4, 'discord', 'd', 'Dee', NULL, 0),"
            " (5, 'discord', 'e', 'Eve', NULL, 0), (6, 'discord', 'f', 'Fay', 20514, 1);"
            "INSERT INTO membership (workspace_id, learner_id, role) VALUES (1, 1, 'learner'), (1, 2, 'learner'),"
            " (1, 3, 'learner'), (1, 5, 'instructor'), (1, 6, 'learner'), (2, 4, 'learner');"
            "INSERT INTO pack (id, pack_key) VALUES (1, 'p');"
            "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'q1'), (2, 1, 'q2'), (3, 1, 'q3');"
            "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'hash-q1'),"
            " (2, 2, 'hash-q2'), (3, 3, 'hash-q3');"
            "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
            " VALUES (1, 1, 'discord:C7', 1, 1, 'ended', 1, '{}');"
            "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 1), (1, 2);"
            "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct) VALUES"
            " (1, 1, 'c1', 0, 1, 1), (1, 1, 'c2', 0, 2, 1), (2, 1, 'c1', 0, 2, 1), (3, 1, 'c1', 0, 1, 1),"
            " (3, 1, 'c2', 0, 1, 0), (4, 1, 'c1', 0, 1, 0), (6, 1, 'c1', 0, 1, 0);");
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
    SQLite::Statement insert(db, "INSERT INTO attempt (idempotency_key, learner_id, question_version_id,"
                                 " chosen_choice, displayed_as, shown_order, correct, rating, first_attempt,"
                                 " response_ms, venue, workspace_id, answered_at_ms, next_due_at_ms, retry_in_session)"
                                 " VALUES (?1, ?2, ?3, ?4, ?4, '0,1,2', ?5, 3, ?6, 1000, 'dm', ?7, ?8, ?8, 0)");
    int key = 0;
    for (const auto& a : attempts) {
        insert.reset();
        insert.clearBindings();
        insert.bind(1, "k" + std::to_string(++key));
        insert.bind(2, a.learner);
        insert.bind(3, a.question);
        insert.bind(4, a.chosen);
        insert.bind(5, a.correct);
        insert.bind(6, a.first);
        if (a.workspace != 0) {
            insert.bind(7, a.workspace);
        } else {
            insert.bind(7); // a session's answer, which records no workspace
        }
        insert.bind(8, a.when);
        insert.exec();
    }
    // Stability 100 days: recalled for months. Stability 0.5: due the next day. Ada's q2 was planned for day 3.
    struct memory {
        int learner, question;
        double stability;
        int attempts, wrong;
        const char* misconception;
        std::int64_t last, due;
    };
    const std::vector<memory> memories{
        {1, 1, 100, 1, 0, nullptr, at(0, 9), at(90, 9)},   {1, 2, 0.5, 2, 1, nullptr, at(1, 9), at(3, 9)},
        {2, 1, 100, 2, 1, nullptr, at(1, 10), at(90, 10)}, {3, 1, 100, 1, 0, nullptr, at(7, 9), at(90, 9)},
        {3, 2, 0.5, 1, 1, "m1", at(7, 9, 1), at(8, 9)},    {4, 1, 0.5, 1, 1, nullptr, at(0, 11), at(1, 11)},
        {6, 1, 0.5, 1, 1, "m1", at(0, 12), at(1, 12)},
    };
    SQLite::Statement remember(db, "INSERT INTO memory (learner_id, question_id, version_id, phase, stability,"
                                   " difficulty, reps, due_at_ms, last_review_at_ms, attempts, wrong,"
                                   " last_misconception) VALUES (?1, ?2, ?2, 'review', ?3, 5, ?4, ?5, ?6, ?4, ?7, ?8)");
    for (const auto& m : memories) {
        remember.reset();
        remember.clearBindings();
        remember.bind(1, m.learner);
        remember.bind(2, m.question);
        remember.bind(3, m.stability);
        remember.bind(4, m.attempts);
        remember.bind(5, m.due);
        remember.bind(6, m.last);
        remember.bind(7, m.wrong);
        if (m.misconception != nullptr) {
            remember.bind(8, m.misconception);
        }
        remember.exec();
    }
    REQUIRE(forget_learner(db, "discord", "f"));
}

report_scope g1() { return {engine::platform_identity{"discord", "G1"}, std::nullopt}; }

std::vector<std::string> names(const std::vector<engine::learner_row>& rows)
{
    std::vector<std::string> out;
    for (const auto& row : rows) {
        out.push_back(row.name);
    }
    return out;
}

struct fixture {
    SQLite::Database db = open_database(":memory:");
    engine::pack_index index{class_pack()};
    sqlite_report_source source{db};
    engine::instant now = instant_at(8, 12);
    fixture() { seed(db); }

    std::vector<engine::learner_row> learners(const report_scope& scope)
    {
        const auto data = engine::load_class(source, scope, engine::pack_key{"p"});
        return engine::learner_report(index, data, engine::tutor_config{}, now, engine::language::en);
    }
    std::vector<engine::item_row> items(const report_scope& scope)
    {
        return engine::item_report(index, source.answers(scope, engine::pack_key{"p"}), engine::language::en);
    }
};

TEST_CASE("report source: a class's learners are its workspace's learners, a channel narrows them")
{
    fixture f;
    CHECK(names(f.learners(g1())) == std::vector<std::string>{"Ada", "Bob", "Cyd"});
    CHECK(names(f.learners({engine::platform_identity{"discord", "G1"}, "C7"})) ==
          std::vector<std::string>{"Ada", "Bob"});
    CHECK(names(f.learners({engine::platform_identity{"discord", "G2"}, std::nullopt})) ==
          std::vector<std::string>{"Dee"});
    // Everyone for the operator, the instructor included; never the forgotten learner.
    CHECK(names(f.learners({})) == std::vector<std::string>{"Ada", "Bob", "Cyd", "Dee", "Eve"});
    CHECK(f.learners({engine::platform_identity{"discord", "nowhere"}, std::nullopt}).empty());
    CHECK(f.source.packs(g1()) == std::vector<engine::pack_key>{engine::pack_key{"p"}});
}

TEST_CASE("report source: items count first answers given in scope")
{
    fixture f;
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
    CHECK(items[0].choice_misconception[1] == engine::misconception_key{"m1"});
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
    const auto g2 = f.items({engine::platform_identity{"discord", "G2"}, std::nullopt});
    CHECK(g2[0].stats.n == 1);
    CHECK(g2[0].stats.facility == Approx(0.0));
    CHECK(g2[2].stats.n == 0);

    const auto everyone = f.items({});
    CHECK(everyone[0].stats.n == 4);
    CHECK(everyone[0].stats.facility == Approx(0.5));
    CHECK(everyone[2].stats.n == 1);
}

TEST_CASE("report source: learners' answers, accuracy, due reviews, streak and open misconceptions")
{
    fixture f;
    const auto rows = f.learners(g1());
    REQUIRE(rows.size() == 3);
    const auto& ada = rows[0];
    CHECK(ada.identity == engine::platform_identity{"discord", "a"});
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
    CHECK(cyd.open_misconceptions == std::vector<engine::misconception_key>{engine::misconception_key{"m1"}});
    CHECK(cyd.last_active == instant_at(7, 10));
}

TEST_CASE("report source: concepts across the class")
{
    fixture f;
    const auto learners = f.learners(g1());
    const auto concepts = engine::concept_report(f.index, learners, f.items(g1()), engine::language::en);
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

TEST_CASE("report source: activity per day and ISO week")
{
    fixture f;
    const auto days = engine::activity_report(f.source.answers(g1(), std::nullopt));
    REQUIRE(days.size() == 8); // day 0 to day 7, the quiet days included
    CHECK(days[0].day == sys_days{2026y / March / 2});
    CHECK(days[0].answers == 3);
    CHECK(days[0].correct == 1);
    CHECK(days[1].answers == 2);
    CHECK(days[1].correct == 2);
    CHECK(days[3].answers == 0);
    CHECK(days[7].answers == 3);
    CHECK(days[7].correct == 2);
    CHECK(days[0].week == engine::iso_week{2026, 10});
    CHECK(days[0].week_answers == 5);
    CHECK(*days[0].week_accuracy == Approx(0.6));
    CHECK(days[7].week == engine::iso_week{2026, 11});
    CHECK(days[7].week_answers == 3);
    CHECK(*days[7].week_accuracy == Approx(2.0 / 3));
}

TEST_CASE("report source: a forgotten learner is in no table")
{
    fixture f;
    for (const auto& scope : {report_scope{}, g1(), report_scope{engine::platform_identity{"discord", "G1"}, "C7"}}) {
        for (const auto& row : f.learners(scope)) {
            CHECK(row.name != "Fay");
        }
        for (const auto& a : f.source.answers(scope, std::nullopt)) {
            CHECK(a.learner != engine::learner_id{6});
        }
        for (const auto& m : f.source.memories(scope, engine::pack_key{"p"})) {
            CHECK(m.learner != engine::learner_id{6});
        }
        for (const auto& m : f.source.skills(scope, engine::pack_key{"p"})) {
            CHECK(m.learner != engine::learner_id{6});
        }
    }
    // The population figures the tutor predicts with dropped her answers too: q3 keeps Cyd's first answer alone.
    for (const auto& s : f.source.population(engine::pack_key{"p"})) {
        if (s.question.value() == "q3") {
            CHECK(s.first_attempts == 1);
            CHECK(s.first_correct == 1);
        }
    }
}

TEST_CASE("ISO weeks at year ends")
{
    CHECK(engine::iso_week_of(sys_days{2021y / January / 3}) == engine::iso_week{2020, 53});
    CHECK(engine::iso_week_of(sys_days{2024y / December / 30}) == engine::iso_week{2025, 1});
    CHECK(engine::iso_week_of(sys_days{2026y / March / 8}) == engine::iso_week{2026, 10});
    CHECK(engine::iso_week_of(sys_days{2026y / March / 9}) == engine::iso_week{2026, 11});
}

} // namespace
} // namespace quiz::storage::storage_report_source_test
