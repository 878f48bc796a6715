// SPDX-License-Identifier: MIT
#include "storage/backup.hpp"
#include "storage/database.hpp"
#include "storage/migration.hpp"
#include "storage/open_error.hpp"
#include "tests/storage/seed_rows.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>

namespace quiz::storage::storage_backup_test {
namespace {

using test::concat;
using test::count_rows;
using test::read_bytes;
using test::seed_version;
using test::temp_folder;
using test::write_bytes;

void make_seeded(const std::string& path)
{
    SQLite::Database db = open_database(path);
    for (int v = 1; v <= latest_schema_version(); ++v) {
        seed_version(db, v);
    }
}

std::string integrity(const std::string& path)
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet("PRAGMA integrity_check").getString();
}

TEST_CASE("a backup is a sound copy with the same rows")
{
    const temp_folder folder;
    const std::string source = folder.file("live.db");
    make_seeded(source);
    const std::string copy = folder.file("backups/monday.db");
    const backup_report report = backup_database(source, copy, false);
    REQUIRE(report.status == backup_status::done);
    CHECK(report.pages > 0);
    CHECK(report.bytes == std::filesystem::file_size(copy));
    CHECK(integrity(copy) == "ok");
    SQLite::Database db = open_database(copy);
    CHECK(count_rows(db, "attempt") == 1);
    CHECK(db.execAndGet("SELECT display_name FROM learner WHERE id = 1").getString() == "Ada");
    CHECK_FALSE(std::filesystem::exists(copy + ".partial"));
}

TEST_CASE("a backup refuses to replace an existing file unless asked to")
{
    const temp_folder folder;
    const std::string source = folder.file("live.db");
    make_seeded(source);
    const std::string copy = folder.file("precious.db");
    write_bytes(copy, "keep me");
    CHECK(backup_database(source, copy, false).status == backup_status::destination_exists);
    CHECK(read_bytes(copy) == "keep me");
    CHECK(backup_database(source, copy, true).status == backup_status::done);
    CHECK(integrity(copy) == "ok");
}

TEST_CASE("a backup of a missing database creates nothing")
{
    const temp_folder folder;
    const std::string source = folder.file("absent.db");
    CHECK(backup_database(source, folder.file("copy.db"), false).status == backup_status::source_missing);
    CHECK_FALSE(std::filesystem::exists(source));
    CHECK_FALSE(std::filesystem::exists(folder.file("copy.db")));
}

TEST_CASE("a backup of a file that is not SQLite is refused")
{
    const temp_folder folder;
    const std::string source = folder.file("notes.txt");
    write_bytes(source, std::string(8192, 'x'));
    CHECK_THROWS_AS(backup_database(source, folder.file("copy.db"), false), open_error);
    CHECK_FALSE(std::filesystem::exists(folder.file("copy.db")));
}

// Each writer transaction adds one learner and one membership for it: a consistent snapshot has as many of one as
// of the other.
TEST_CASE("a backup taken while another connection keeps writing is a consistent snapshot")
{
    const temp_folder folder;
    const std::string source = folder.file("live.db");
    make_seeded(source);
    std::atomic<bool> stop{false};
    std::atomic<int> written{0};
    std::thread writer([&] {
        SQLite::Database db = open_database(source);
        for (int i = 0; !stop.load() && i < 200'000; ++i) {
            SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
            db.exec(concat("INSERT INTO learner (platform, external_id) VALUES ('web', 'w", std::to_string(i)) + "')");
            db.exec("INSERT INTO membership (workspace_id, learner_id, role)"
                    " VALUES (1, last_insert_rowid(), 'learner')");
            transaction.commit();
            written.store(i + 1);
        }
    });
    while (written.load() < 50) {
        std::this_thread::yield();
    }
    for (int round = 0; round < 3; ++round) {
        const std::string copy = folder.file(concat("copy", std::to_string(round)) + ".db");
        REQUIRE(backup_database(source, copy, false).status == backup_status::done);
        CHECK(integrity(copy) == "ok");
        SQLite::Database db(copy, SQLite::OPEN_READONLY);
        const auto learners = count_rows(db, "learner");
        CHECK(learners >= 2 + 50);
        CHECK(count_rows(db, "membership") == learners);
    }
    stop.store(true);
    writer.join();
}

} // namespace
} // namespace quiz::storage::storage_backup_test
