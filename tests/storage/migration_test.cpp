// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/migration.hpp"
#include "tests/storage/seed_rows.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <string>

namespace quiz::storage::storage_migration_test {
namespace {

using test::count_rows;
using test::seed_version;
using test::temp_folder;

// Every table, index and trigger with its SQL, in name order: two databases with equal dumps have equal schemas.
std::string schema_dump(SQLite::Database& db)
{
    SQLite::Statement query(db, "SELECT type, name, ifnull(sql, '') FROM sqlite_schema ORDER BY type, name");
    std::string dump;
    while (query.executeStep()) {
        dump += query.getColumn(0).getString() + ' ' + query.getColumn(1).getString() + '\n' +
                query.getColumn(2).getString() + '\n';
    }
    return dump;
}

std::string fresh_schema()
{
    SQLite::Database db = open_database(":memory:");
    return schema_dump(db);
}

TEST_CASE("migrations are numbered from 1 without gaps and each has a name and SQL")
{
    const auto steps = all_migrations();
    REQUIRE(steps.size() == 14);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        CHECK(steps[i].version == static_cast<int>(i) + 1);
        CHECK_FALSE(steps[i].name.empty());
        const bool changes_schema = steps[i].sql.find("CREATE TABLE") != std::string_view::npos ||
                                    steps[i].sql.find("ALTER TABLE") != std::string_view::npos ||
                                    steps[i].sql.find("CREATE INDEX") != std::string_view::npos;
        CHECK(changes_schema);
    }
    CHECK(steps[0].name == "identity");
    CHECK(latest_schema_version() == 14);
}

TEST_CASE("a database at any older version is migrated to the latest and keeps its rows")
{
    const int latest = latest_schema_version();
    const std::string expected_schema = fresh_schema();
    for (int from = 0; from < latest; ++from) {
        for (const bool on_disk : {false, true}) {
            CAPTURE(from, on_disk);
            const temp_folder folder;
            const std::string path = on_disk ? folder.file("old.db") : ":memory:";
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec("PRAGMA foreign_keys = ON");
            CHECK(migrate(db, from) == from);
            CHECK(schema_version(db) == from);
            for (int v = 1; v <= from; ++v) {
                seed_version(db, v);
            }
            CHECK(migrate(db) == latest - from);
            CHECK(schema_version(db) == latest);
            CHECK(schema_dump(db) == expected_schema);
            // The rows written at the old version are still there, and the new tables accept theirs.
            for (int v = from + 1; v <= latest; ++v) {
                seed_version(db, v);
            }
            CHECK(count_rows(db, "learner") == 2);
            CHECK(count_rows(db, "question_version") == 2);
            CHECK(count_rows(db, "attempt") == 1);
            CHECK(count_rows(db, "reminder_log") == 1);
            CHECK(count_rows(db, "memory_model") == 1);
            CHECK(db.execAndGet("SELECT display_name FROM learner WHERE id = 1").getString() == "Ada");
            CHECK(count_rows(db, "pragma_foreign_key_check") == 0);
        }
    }
}

TEST_CASE("open_database migrates an older file database")
{
    const temp_folder folder;
    const std::string path = folder.file("v2.db");
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        migrate(db, 2);
        seed_version(db, 1);
        seed_version(db, 2);
    }
    SQLite::Database db = open_database(path);
    CHECK(schema_version(db) == latest_schema_version());
    CHECK(count_rows(db, "question_version") == 2);
    CHECK(db.tableExists("reminder_log"));
}

TEST_CASE("a failing migration rolls back alone and leaves the previous version in place")
{
    SQLite::Database db(":memory:", SQLite::OPEN_READWRITE);
    migrate(db, 2);
    // Something already holds a name migration 3 creates.
    db.exec("CREATE TABLE session (x INTEGER)");
    CHECK_THROWS(migrate(db));
    CHECK(schema_version(db) == 2);
    CHECK(db.tableExists("pack"));              // migration 2 stays committed
    CHECK_FALSE(db.tableExists("group_round")); // migration 3 left nothing behind
}

TEST_CASE("attempts are append-only")
{
    SQLite::Database db = open_database(":memory:");
    for (int v = 1; v <= latest_schema_version(); ++v) {
        seed_version(db, v);
    }
    CHECK_THROWS_WITH(db.exec("UPDATE attempt SET correct = 0"), Catch::Contains("append-only"));
    CHECK(db.execAndGet("SELECT correct FROM attempt").getInt() == 1);
}

TEST_CASE("the same idempotency key cannot be stored twice")
{
    SQLite::Database db = open_database(":memory:");
    for (int v = 1; v <= latest_schema_version(); ++v) {
        seed_version(db, v);
    }
    CHECK_THROWS(db.exec("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice,"
                         " displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue,"
                         " answered_at_ms, next_due_at_ms, retry_in_session)"
                         " VALUES ('discord:interaction:1', 2, 1, 0, 0, '0,1', 0, 1, 1, 100, 'dm', 2000, 3000, 0)"));
    CHECK(count_rows(db, "attempt") == 1);
}

TEST_CASE("a question has one row per content hash")
{
    SQLite::Database db = open_database(":memory:");
    seed_version(db, 1);
    seed_version(db, 2);
    CHECK_THROWS(db.exec("INSERT INTO question_version (question_id, content_hash) VALUES (1, 'aa11')"));
    CHECK(count_rows(db, "question_version") == 2);
}

} // namespace
} // namespace quiz::storage::storage_migration_test
