// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/postgres/migrate.hpp"
#include "tests/support/pg_scratch.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include <future>
#include <set>
#include <string>

namespace quiz::storage::postgres {
namespace {

std::int64_t count_of(connection& db, const std::string& sql) { return db.exec(sql).int64(0, 0); }

/// "table.column" of every table but the version's, sorted; the totals' stripe, PostgreSQL's own, left out.
std::set<std::string> columns_of(connection& db)
{
    const result rows =
        db.exec("SELECT table_name || '.' || column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name <> 'schema_version' AND column_name <> 'stripe'");
    std::set<std::string> names;
    for (int i = 0; i < rows.rows(); ++i) {
        names.emplace(rows.text(i, 0));
    }
    return names;
}

std::set<std::string> sqlite_columns()
{
    SQLite::Database lite = open_database(":memory:");
    SQLite::Statement list(lite, "SELECT m.name || '.' || p.name FROM sqlite_schema m, pragma_table_info(m.name) p "
                                 "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'");
    std::set<std::string> names;
    while (list.executeStep()) {
        names.emplace(list.getColumn(0).getString());
    }
    return names;
}

TEST_CASE("an empty database is brought to the latest schema, numbered as SQLite's")
{
    test::pg_scratch scratch;
    connection db(scratch.uri());
    CHECK(schema_version(db) == 0);
    CHECK(migrate(db) == latest_schema_version());
    CHECK(schema_version(db) == latest_schema_version());
    CHECK(latest_schema_version() == storage::latest_schema_version());
    // Every table and column SQLite has, and no other but the stripes: `db copy` moves rows column for column.
    CHECK(columns_of(db) == sqlite_columns());
    CHECK(count_of(db, "SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() "
                       "AND column_name = 'stripe'") == 2);
    CHECK(migrate(db) == 0);
}

TEST_CASE("two nodes starting together migrate once: the second waits on the lock and finds it done")
{
    test::pg_scratch scratch;
    auto node = [&scratch] {
        connection db(scratch.uri());
        return migrate(db);
    };
    auto a = std::async(std::launch::async, node);
    auto b = std::async(std::launch::async, node);
    const int applied_a = a.get();
    const int applied_b = b.get();
    CHECK(applied_a + applied_b == latest_schema_version());
    CHECK((applied_a == 0 || applied_b == 0));
    connection db(scratch.uri());
    CHECK(count_of(db, "SELECT count(*) FROM schema_version") == 1);
}

TEST_CASE("a database written by a newer quizbot is refused, naming both versions, and left as it was")
{
    test::pg_scratch scratch;
    connection db(scratch.uri());
    migrate(db);
    const int newer = latest_schema_version() + 1;
    db.exec("UPDATE schema_version SET version = " + std::to_string(newer));
    try {
        migrate(db);
        FAIL("a newer schema was accepted");
    } catch (const newer_schema& e) {
        const std::string message = e.what();
        CHECK(message.find("version " + std::to_string(newer)) != std::string::npos);
        CHECK(message.find("(" + std::to_string(latest_schema_version()) + ")") != std::string::npos);
    }
    CHECK(schema_version(db) == newer);
}

TEST_CASE("the trigger-kept totals follow attempts and forms, as in SQLite")
{
    test::pg_scratch scratch;
    connection db(scratch.uri());
    migrate(db);
    db.exec("INSERT INTO learner (platform, external_id) VALUES ('local', 'ada'), ('local', 'bob');"
            "INSERT INTO pack (pack_key) VALUES ('zero');"
            "INSERT INTO question (pack_id, question_key) VALUES (1, 'q1');"
            "INSERT INTO question_version (question_id, content_hash) VALUES (1, 'h1');");
    const std::string attempt = "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, "
                                "displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue, "
                                "answered_at_ms, next_due_at_ms, retry_in_session) VALUES ";
    db.exec(attempt + "('k1', 1, 1, 0, 0, '0,1', 1, 3, 1, 100, 'dm', 1, 2, 0), "
                      "('k2', 2, 1, 1, 1, '0,1', 0, 1, 1, 100, 'dm', 1, 2, 0), "
                      "('k3', 2, 1, 0, 0, '0,1', 1, 3, 0, 100, 'dm', 3, 4, 0)");
    CHECK(db.exec("SELECT sum(first_attempts) FROM question_stats").int64(0, 0) == 2);
    CHECK(db.exec("SELECT sum(first_correct) FROM question_stats").int64(0, 0) == 1);
    // One row per stripe (learner_id % 16): ada's and bob's answers never wait on one row.
    CHECK(db.exec("SELECT count(*) FROM question_stats").int64(0, 0) == 2);
    CHECK_THROWS_AS(db.exec("UPDATE attempt SET correct = 1 WHERE idempotency_key = 'k2'"), pg_error);
    db.exec("DELETE FROM attempt WHERE learner_id = 2");
    CHECK(db.exec("SELECT sum(first_attempts) FROM question_stats").int64(0, 0) == 1);

    db.exec("INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers) VALUES "
            "(1, 1, 'c', 0.5, 1), (2, 1, 'c', -0.25, 2), (2, 1, 'd', 1.0, 0)");
    CHECK(db.exec("SELECT sum(learners) FROM concept_form_total WHERE concept_key = 'c'").int64(0, 0) == 2);
    CHECK(db.exec("SELECT sum(form_sum) FROM concept_form_total WHERE concept_key = 'c'").real(0, 0) == 0.25);
    CHECK(db.exec("SELECT count(*) FROM concept_form_total WHERE concept_key = 'd'").int64(0, 0) == 0);
    db.exec("UPDATE concept_mastery SET form = 1.5 WHERE learner_id = 1 AND concept_key = 'c'");
    CHECK(db.exec("SELECT sum(form_sum) FROM concept_form_total WHERE concept_key = 'c'").real(0, 0) == 1.25);
    db.exec("DELETE FROM concept_mastery WHERE learner_id = 2");
    CHECK(db.exec("SELECT sum(learners) FROM concept_form_total WHERE concept_key = 'c'").int64(0, 0) == 1);
}

} // namespace
} // namespace quiz::storage::postgres
