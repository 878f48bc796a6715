// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/migration.hpp"
#include "storage/open_error.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

namespace quiz::storage::storage_open_database_test {
namespace {

using test::read_bytes;
using test::temp_folder;
using test::write_bytes;

open_problem refusal(const std::string& path)
{
    try {
        (void)open_database(path);
    } catch (const open_error& e) {
        return e.problem();
    }
    FAIL("the file was opened");
    return open_problem::cannot_open;
}

std::string refusal_message(const std::string& path)
{
    try {
        (void)open_database(path);
    } catch (const open_error& e) {
        return e.what();
    }
    return "opened";
}

// A file database with enough rows to span many pages, closed so that everything is in the main file.
void make_database_with_rows(const std::string& path)
{
    SQLite::Database db = open_database(path);
    SQLite::Transaction transaction(db);
    db.exec("INSERT INTO workspace (platform, external_id) VALUES ('local', '')");
    for (int i = 0; i < 2000; ++i) {
        db.exec("INSERT INTO learner (platform, external_id, display_name) VALUES ('local', 'learner" +
                std::to_string(i) + "', 'a fairly long display name to fill pages')");
    }
    transaction.commit();
}

TEST_CASE("a new database file is created with its missing folders and the latest schema")
{
    const temp_folder folder;
    const std::string path = folder.file("nested/deeper/quizbot.db");
    {
        SQLite::Database db = open_database(path);
        CHECK(schema_version(db) == 14);
        CHECK(db.tableExists("attempt"));
    }
    CHECK(std::filesystem::is_regular_file(path));
}

TEST_CASE("every connection uses WAL, synchronous FULL, foreign keys and a busy timeout")
{
    const temp_folder folder;
    SQLite::Database db = open_database(folder.file("quizbot.db"), {.busy_timeout = std::chrono::milliseconds(1234)});
    CHECK(db.execAndGet("PRAGMA journal_mode").getString() == "wal");
    CHECK(db.execAndGet("PRAGMA synchronous").getInt() == 2); // 2 = FULL
    CHECK(db.execAndGet("PRAGMA foreign_keys").getInt() == 1);
    CHECK(db.execAndGet("PRAGMA busy_timeout").getInt() == 1234);
    CHECK_THROWS(db.exec("INSERT INTO membership (workspace_id, learner_id, role) VALUES (99, 99, 'learner')"));
}

TEST_CASE("an in-memory database gets the same schema")
{
    SQLite::Database db = open_database(":memory:");
    CHECK(schema_version(db) == latest_schema_version());
    CHECK(db.execAndGet("PRAGMA foreign_keys").getInt() == 1);
}

TEST_CASE("opening an up-to-date database again changes nothing and keeps its rows")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    {
        SQLite::Database db = open_database(path);
        db.exec("INSERT INTO pack (id, pack_key) VALUES (7, 'zero-sharded')");
    }
    SQLite::Database db = open_database(path);
    CHECK(migrate(db) == 0);
    CHECK(db.execAndGet("SELECT id FROM pack WHERE pack_key = 'zero-sharded'").getInt() == 7);
}

TEST_CASE("a database written by a newer quizbot is refused and left byte-identical")
{
    const temp_folder folder;
    const std::string path = folder.file("newer.db");
    {
        SQLite::Database raw(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("CREATE TABLE future (x INTEGER); PRAGMA user_version = 99");
    }
    const std::string before = read_bytes(path);
    CHECK(refusal(path) == open_problem::newer_schema);
    const std::string message = refusal_message(path);
    CHECK_THAT(message, Catch::Contains(path) && Catch::Contains("99") && Catch::Contains("newer quizbot"));
    CHECK(read_bytes(path) == before);
}

TEST_CASE("a file that is not SQLite is refused and left byte-identical")
{
    const temp_folder folder;
    const std::string path = folder.file("notes.db");
    std::string text;
    for (int i = 0; i < 300; ++i) {
        text += "these are somebody's notes, not a database\n";
    }
    write_bytes(path, text);
    CHECK(refusal(path) == open_problem::not_a_database);
    CHECK_THAT(refusal_message(path), Catch::Contains(path) && Catch::Contains("not a SQLite database"));
    CHECK(read_bytes(path) == text);
    CHECK_FALSE(std::filesystem::exists(path + "-wal"));
    CHECK_FALSE(std::filesystem::exists(path + "-journal"));
}

TEST_CASE("a damaged database is refused and left byte-identical")
{
    const temp_folder folder;
    const std::string path = folder.file("damaged.db");
    make_database_with_rows(path);
    std::string bytes = read_bytes(path);
    const std::size_t page_size = 4096;
    REQUIRE(bytes.size() > 12 * page_size);
    // Scribble over the middle of the file: b-tree pages of the learner table.
    for (std::size_t i = 8 * page_size; i < 8 * page_size + 600; ++i) {
        bytes[i] = static_cast<char>(0x5a);
    }
    write_bytes(path, bytes);
    CHECK(refusal(path) == open_problem::corrupt);
    CHECK_THAT(refusal_message(path), Catch::Contains(path) && Catch::Contains("damaged"));
    CHECK(read_bytes(path) == bytes);
}

TEST_CASE("a folder where the database file should be is refused")
{
    const temp_folder folder;
    std::filesystem::create_directories(folder.file("taken"));
    CHECK(refusal(folder.file("taken")) == open_problem::cannot_open);
}

} // namespace
} // namespace quiz::storage::storage_open_database_test
