// SPDX-License-Identifier: MIT
// The report source on PostgreSQL: the contract SQLite meets too (tests/support/report_source_contract.hpp), the
// same rows in the same order as SQLite's on a database whose collation is a locale's, and its snapshots.
#include "storage/database.hpp"
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_forget.hpp"
#include "storage/postgres/pg_report_source.hpp"
#include "storage/postgres/pg_review_history.hpp"
#include "storage/recall_model_codec.hpp"
#include "storage/review_history.hpp"
#include "storage/sqlite_report_source.hpp"
#include "tests/support/pg_scratch.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace quiz::storage::postgres::pg_report_source_test {
namespace {

/// An empty schema at the latest version, the pool the source reads on, and the source.
struct pg_report_engine {
    test::pg_scratch scratch;
    pool connections{pool_options{scratch.uri(), 2, std::chrono::milliseconds{2'000}}};
    pg_report_source reports{connections};

    pg_report_engine() { migrate(*connections.acquire()); }
    void exec(const std::string& sql) { connections.acquire()->exec(sql); }
    bool forget(const std::string& platform, const std::string& external_id)
    {
        return forget_learner(*connections.acquire(), platform, external_id).has_value();
    }
    engine::report_source& source() { return reports; }
};

} // namespace
} // namespace quiz::storage::postgres::pg_report_source_test

namespace {
using report_source_fixtures = std::tuple<quiz::storage::postgres::pg_report_source_test::pg_report_engine>;
} // namespace

#include "tests/support/report_source_contract.hpp"

namespace quiz::storage::postgres::pg_report_source_test {
namespace {

// Names that a locale's collation sorts otherwise than bytes do: bytewise Zoé < alice < bob < Émile (upper case,
// then lower case, then the two bytes of É); in a locale alice < bob < Émile < Zoé.
const std::string zoe = "Zo\xc3\xa9";
const std::string emile = "\xc3\x89mile";

/// Rows whose every text key is one of those names, for both engines (the same SQL). Ids are in neither order, so
/// that an order both engines get from ids stays ids' and an order by text stays bytes'.
std::vector<std::string> mixed_rows()
{
    const std::string e_q = "\xc3\x89q"; // Éq
    const std::string e_c = "\xc3\x89"
                            "c"; // Éc (apart: c would extend the escape)
    const std::string model = encode_recall_model(engine::recall::learner_recall_model{});
    return {
        "INSERT INTO workspace (id, platform, external_id) VALUES (1, 'discord', 'W')",
        "INSERT INTO learner (id, platform, external_id, display_name, last_study_day, streak_days,"
        " best_streak_days, reminders_enabled, locale, locale_chosen) VALUES"
        " (1, 'discord', 'z', '" +
            zoe +
            "', 20500, 3, 5, 1, NULL, 0), (2, 'discord', 'a', 'alice', NULL, 0, 0, 0, 'fr', 1),"
            " (3, 'discord', 'e', '" +
            emile + "', 20490, 1, 1, 0, 'en', 0), (4, 'discord', 'b', 'bob', NULL, 0, 2, 0, NULL, 0)",
        "INSERT INTO membership (workspace_id, learner_id, role) VALUES (1, 1, 'learner'), (1, 2, 'learner'),"
        " (1, 3, 'learner'), (1, 4, 'instructor')",
        "INSERT INTO pack (id, pack_key) VALUES (1, '" + zoe + "'), (2, 'alice'), (3, '" + emile + "'), (4, 'bob')",
        "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'Zq'), (2, 1, 'aq'), (3, 1, '" + e_q +
            "'), (4, 1, 'bq'), (5, 2, 'aq'), (6, 3, '" + e_q + "'), (7, 4, 'bq')",
        "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'h1'), (2, 2, 'h2'),"
        " (3, 3, 'h3'), (4, 4, 'h4'), (5, 5, 'h5'), (6, 6, 'h6'), (7, 7, 'h7')",
        "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
        " VALUES (1, 1, 'discord:C1', 1, 1, 'ended', 1, '{}')",
        "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 1), (1, 3)",
        // Learner 1 answers every question at one instant: history's ties fall to pack and question.
        "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
        " shown_order, correct, rating, first_attempt, response_ms, venue, workspace_id, answered_at_ms,"
        " next_due_at_ms, retry_in_session) VALUES"
        " ('k1', 1, 7, 0, 0, '0,1', 1, 3, 1, 700, 'dm', 1, 1000, 2000, 0),"
        " ('k2', 1, 4, 1, 1, '0,1', 0, 1, 1, 400, 'dm', 1, 1000, 2000, 0),"
        " ('k3', 1, 6, 0, 0, '0,1', 1, 4, 1, 600, 'dm', NULL, 1000, 2000, 0),"
        " ('k4', 1, 2, 0, 0, '0,1', 1, 3, 1, 200, 'dm', 1, 1000, 2000, 0),"
        " ('k5', 1, 5, 1, 1, '0,1', 0, 2, 1, 500, 'dm', 1, 1000, 2000, 0),"
        " ('k6', 1, 3, 0, 0, '0,1', 1, 3, 1, 300, 'dm', 1, 1000, 2000, 0),"
        " ('k7', 1, 1, 0, 0, '0,1', 1, 3, 1, 100, 'dm', 1, 1000, 2000, 0),"
        " ('k8', 3, 4, 0, 0, '0,1', 1, 3, 1, 800, 'dm', 1, 900, 2000, 0),"
        " ('k9', 3, 2, 1, 1, '0,1', 0, 1, 1, 900, 'dm', 1, 1000, 2000, 0),"
        " ('k10', 2, 1, 0, 0, '0,1', 1, 3, 1, 1000, 'dm', 1, 1000, 2000, 0),"
        " ('k11', 2, 1, 0, 0, '0,1', 1, 3, 0, 1100, 'dm', 1, 3000, 4000, 0)",
        "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, scheduled_days,"
        " learning_step, reps, lapses, due_at_ms, last_review_at_ms, attempts, wrong, last_wrong_choice,"
        " last_misconception, first_attempt_correct, first_answered_at_ms) VALUES"
        " (1, 4, 4, 'relearning', 0.25, 7.5, 1, 1, 2, 1, 2000, 1000, 1, 1, 1, '" +
            zoe +
            "', 0, 1000),"
            " (1, 2, 2, 'review', 3.5, 5.25, 3, 0, 1, 0, 2000, 1000, 1, 0, NULL, NULL, 1, 1000),"
            " (1, 1, NULL, 'new', 0, 0, 0, 0, 0, 0, 2000, NULL, 0, 0, NULL, NULL, NULL, NULL),"
            " (1, 3, 3, 'learning', 1.125, 6, 0, 2, 1, 0, 2000, 1000, 1, 0, NULL, NULL, 1, 1000),"
            " (3, 4, 4, 'review', 2, 4, 2, 0, 1, 0, 2000, 900, 1, 0, NULL, NULL, 1, 900),"
            " (3, 2, 2, 'relearning', 0.5, 8, 0, 0, 1, 1, 2000, 1000, 1, 1, 1, 'alice', 0, 1000)",
        "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct) VALUES"
        " (1, 1, 'bc', 0.5, 2, 1), (1, 1, 'Zc', -0.25, 1, 1), (1, 1, '" +
            e_c +
            "', 0.75, 1, 1), (1, 1, 'ac', 1.5, 3, 2),"
            " (3, 1, 'ac', -1.25, 1, 0), (3, 1, 'Zc', 0.125, 1, 1), (1, 2, 'ac', 0.5, 1, 0)",
        "INSERT INTO memory_model (learner_id, model, weights, answer_count, fitted_at_ms) VALUES"
        " (3, '" +
            model + "', '', 70, 1000), (1, '" + model + "', '', 12, 900)",
    };
}

/// Sets the sorted text columns to a locale's collation (ICU's root locale): what a database created with, say,
/// en_US.UTF-8 sorts by. The tests' cluster is C.UTF-8, which sorts as bytes do and would hide a missing COLLATE.
void collate_by_locale(connection& db)
{
    for (const char* column : {"pack.pack_key", "question.question_key", "concept_mastery.concept_key",
                               "concept_form_total.concept_key", "learner.display_name", "learner.external_id"}) {
        const std::string name = column;
        const auto dot = name.find('.');
        db.exec("ALTER TABLE " + name.substr(0, dot) + " ALTER COLUMN " + name.substr(dot + 1) +
                " TYPE text COLLATE \"und-x-icu\"");
    }
}

// What each kind of row is, as text: orders compare readably, and equal text means equal rows.
std::string text_of(const engine::report_learner& r)
{
    return std::to_string(r.id.value()) + ' ' + r.identity.platform + ':' + r.identity.external_id + " [" +
           r.display_name + "] day " + (r.profile.last_study_day ? std::to_string(*r.profile.last_study_day) : "-") +
           " streak " + std::to_string(r.profile.streak_days) + '/' + std::to_string(r.profile.best_streak_days) +
           (r.reminders ? " reminders" : "");
}
std::string text_of(const engine::pack_key& k) { return k.value(); }
std::string text_of(const engine::report_answer& a)
{
    return std::to_string(a.learner.value()) + ' ' + a.pack.value() + '/' + a.question.value() + " chose " +
           std::to_string(a.chosen) + (a.correct ? " right" : " wrong") + (a.first_attempt ? " first" : "") + " at " +
           std::to_string(a.answered_at.time_since_epoch().count());
}
std::string text_of(const engine::report_memory& m)
{
    return std::to_string(m.learner.value()) + ' ' + m.memory.question.value();
}
std::string text_of(const engine::report_skill& s)
{
    return std::to_string(s.learner.value()) + ' ' + s.skill.key.value() + ' ' + std::to_string(s.skill.form) + ' ' +
           std::to_string(s.skill.answers) + '/' + std::to_string(s.skill.correct);
}
std::string text_of(const engine::report_recall_model& m) { return std::to_string(m.learner.value()); }
std::string text_of(const engine::question_stats& s)
{
    return s.question.value() + ' ' + std::to_string(s.first_attempts) + '/' + std::to_string(s.first_correct);
}
std::string text_of(const engine::concept_skill& s)
{
    return s.key.value() + ' ' + std::to_string(s.form) + ' ' + std::to_string(s.answers);
}
std::string text_of(const history_row& r)
{
    return std::to_string(r.learner.value()) + ' ' + r.learner_platform + ':' + r.learner_external_id + " [" +
           r.learner_display_name + "] " + r.pack.value() + '/' + r.question.value() + " rating " +
           std::to_string(static_cast<int>(r.rating)) + (r.correct ? " right" : " wrong") + " at " +
           std::to_string(r.answered_at.time_since_epoch().count()) + " in " + std::to_string(r.response_time.count());
}

template <class Row>
std::vector<std::string> texts(const std::vector<Row>& rows)
{
    std::vector<std::string> out;
    for (const auto& row : rows) {
        out.push_back(text_of(row));
    }
    return out;
}

/// The same rows read from both engines: the same texts in the same order, and the memories and models whole.
struct both_engines {
    test::pg_scratch scratch;
    pool connections{pool_options{scratch.uri(), 2, std::chrono::milliseconds{2'000}}};
    pg_report_source pg{connections};
    SQLite::Database lite_db = open_database(":memory:");
    sqlite_report_source lite{lite_db};

    both_engines()
    {
        auto db = connections.acquire();
        migrate(*db);
        collate_by_locale(*db);
        for (const auto& sql : mixed_rows()) {
            db->exec(sql);
            lite_db.exec(sql);
        }
    }
};

TEST_CASE("a report reads the same rows in the same order on PostgreSQL as on SQLite, text in byte order")
{
    both_engines e;
    // The columns do sort as a locale does: without COLLATE "C" the orders below would differ.
    CHECK(e.connections.acquire()->exec("SELECT string_agg(pack_key, ',' ORDER BY pack_key) FROM pack").text(0, 0) ==
          "alice,bob," + emile + "," + zoe);

    const engine::pack_key first{zoe};
    const std::vector<engine::report_scope> scopes{{},
                                                   {engine::platform_identity{"discord", "W"}, std::nullopt},
                                                   {engine::platform_identity{"discord", "W"}, "C1"}};
    for (const auto& scope : scopes) {
        INFO("scope " << (scope.workspace ? scope.workspace->external_id : "everyone") << ' '
                      << scope.channel.value_or(""));
        CHECK(texts(e.pg.learners(scope)) == texts(e.lite.learners(scope)));
        CHECK(e.pg.learners(scope) == e.lite.learners(scope));
        CHECK(texts(e.pg.packs(scope)) == texts(e.lite.packs(scope)));
        CHECK(texts(e.pg.answers(scope, std::nullopt)) == texts(e.lite.answers(scope, std::nullopt)));
        CHECK(e.pg.answers(scope, std::nullopt) == e.lite.answers(scope, std::nullopt));
        CHECK(e.pg.answers(scope, first) == e.lite.answers(scope, first));
        const auto pg_memories = e.pg.memories(scope, first);
        const auto lite_memories = e.lite.memories(scope, first);
        CHECK(texts(pg_memories) == texts(lite_memories));
        REQUIRE(pg_memories.size() == lite_memories.size());
        for (std::size_t i = 0; i < pg_memories.size(); ++i) {
            CHECK(pg_memories[i].memory == lite_memories[i].memory);
        }
        CHECK(texts(e.pg.skills(scope, first)) == texts(e.lite.skills(scope, first)));
        const auto pg_models = e.pg.recall_models(scope);
        const auto lite_models = e.lite.recall_models(scope);
        CHECK(texts(pg_models) == texts(lite_models));
        REQUIRE(pg_models.size() == lite_models.size());
        for (std::size_t i = 0; i < pg_models.size(); ++i) {
            CHECK(pg_models[i].model == lite_models[i].model);
        }
    }
    for (const auto& pack : {engine::pack_key{zoe}, engine::pack_key{"alice"}}) {
        CHECK(e.pg.population(pack) == e.lite.population(pack));
        CHECK(e.pg.typical_forms(pack) == e.lite.typical_forms(pack));
    }
    for (const auto& who : {engine::platform_identity{"discord", "a"}, engine::platform_identity{"discord", "e"},
                            engine::platform_identity{"discord", "nobody"}}) {
        CHECK(e.pg.chosen_language(who) == e.lite.chosen_language(who));
    }

    // The orders, by hand: text bytewise; memories by question id within a learner (SQLite walks the primary key).
    const std::string e_q = "\xc3\x89q";
    CHECK(texts(e.pg.packs({})) == std::vector<std::string>{zoe, "alice", "bob", emile});
    CHECK(texts(e.pg.memories({}, first)) ==
          std::vector<std::string>{"1 Zq", "1 aq", "1 " + e_q, "1 bq", "3 aq", "3 bq"});
    CHECK(texts(e.pg.skills({}, first)) == std::vector<std::string>{"1 Zc -0.250000 1/1", "1 ac 1.500000 3/2",
                                                                    "1 bc 0.500000 2/1",
                                                                    "1 \xc3\x89"
                                                                    "c 0.750000 1/1",
                                                                    "3 Zc 0.125000 1/1", "3 ac -1.250000 1/0"});
    CHECK(texts(e.pg.population(first)) == std::vector<std::string>{"Zq 2/2", "aq 2/1", "bq 2/1", e_q + " 1/1"});
    CHECK(texts(e.pg.typical_forms(first)) == std::vector<std::string>{"Zc -0.062500 2", "ac 0.125000 2",
                                                                       "bc 0.500000 1",
                                                                       "\xc3\x89"
                                                                       "c 0.750000 1"});
    CHECK(e.pg.chosen_language({"discord", "a"}) == engine::language::fr);
    CHECK_FALSE(e.pg.chosen_language({"discord", "e"})); // a locale, not chosen
}

TEST_CASE("review history reads the same rows in the same order on PostgreSQL as on SQLite, text in byte order")
{
    both_engines e;
    auto db = e.connections.acquire();
    for (const history_filter& filter : {history_filter{}, history_filter{engine::learner_id{1}, std::nullopt},
                                         history_filter{std::nullopt, engine::pack_key{zoe}},
                                         history_filter{engine::learner_id{3}, engine::pack_key{zoe}}}) {
        CHECK(texts(postgres::read_review_history(*db, filter)) ==
              texts(storage::read_review_history(e.lite_db, filter)));
    }
    // Learner 1's seven answers at 1000: by pack, then question, bytewise.
    const std::string e_q = "\xc3\x89q";
    std::vector<std::string> order;
    for (const auto& row : postgres::read_review_history(*db, {engine::learner_id{1}, std::nullopt})) {
        order.push_back(row.pack.value() + '/' + row.question.value());
    }
    CHECK(order == std::vector<std::string>{zoe + "/Zq", zoe + "/aq", zoe + "/bq", zoe + '/' + e_q, "alice/aq",
                                            "bob/bq", emile + '/' + e_q});
}

/// A schema with one learner, read through a pool of one connection: a call that leased a second one would wait and
/// fail.
struct one_connection {
    test::pg_scratch scratch;
    pool connections{pool_options{scratch.uri(), 1, std::chrono::milliseconds{200}}};
    pg_report_source source{connections};
    std::unique_ptr<connection> other;

    one_connection()
    {
        migrate(*connections.acquire());
        other = std::make_unique<connection>(scratch.uri());
        add("one");
    }
    void add(const std::string& who)
    {
        other->exec("INSERT INTO learner (platform, external_id, display_name) VALUES ('local', '" + who + "', '" +
                    who + "')");
    }
    std::size_t count() { return source.learners({}).size(); }
};

TEST_CASE("each report call reads a snapshot of its own, and a snapshot held around calls is one moment for all")
{
    one_connection f;
    CHECK(f.count() == 1);
    f.add("two");
    CHECK(f.count() == 2); // the next call sees what committed since
    {
        const auto held = f.source.one_snapshot();
        CHECK(in_transaction());
        CHECK(current_connection().exec("SHOW transaction_isolation").text(0, 0) == "repeatable read");
        CHECK(current_connection().exec("SHOW transaction_read_only").text(0, 0) == "on");
        CHECK(f.count() == 2);
        f.add("three");
        CHECK(f.count() == 2); // still the snapshot's moment
        CHECK(f.source.packs({}).empty());
    }
    CHECK_FALSE(in_transaction());
    CHECK(f.count() == 3);
}

TEST_CASE("a report call inside the thread's open transaction reads in it, on its connection")
{
    one_connection f;
    auto lease = f.connections.acquire(); // the pool's only connection
    transaction unit(*lease);
    lease->exec("INSERT INTO learner (platform, external_id) VALUES ('local', 'uncommitted')");
    CHECK(f.count() == 2); // the unit's own row, uncommitted: its connection, not another
    {
        const auto held = f.source.one_snapshot(); // the open transaction is the snapshot already
        CHECK(f.count() == 2);
    }
    CHECK(in_transaction()); // the snapshot did not end the unit
    CHECK(lease->exec("SELECT count(*) FROM learner").int64(0, 0) == 2);
}

TEST_CASE("a report call fails when no connection frees up, and leaves nothing open")
{
    one_connection f;
    {
        auto lease = f.connections.acquire();
        CHECK_THROWS_AS(f.source.learners({}), pool_exhausted);
        CHECK_FALSE(in_transaction());
    }
    CHECK(f.count() == 1);
}

} // namespace
} // namespace quiz::storage::postgres::pg_report_source_test
