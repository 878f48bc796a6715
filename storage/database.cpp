// SPDX-License-Identifier: MIT
#include "storage/database.hpp"

#include "storage/migration.hpp"
#include "storage/open_error.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

namespace quiz::storage {

namespace {

bool in_memory(const std::string& path) { return path == ":memory:" || path.empty(); }

[[noreturn]] void refuse(open_problem problem, const std::string& path, const std::string& why)
{
    throw open_error(problem, path + ": " + why);
}

void create_parent_folders(const std::string& path)
{
    const auto parent = std::filesystem::path(path).parent_path();
    if (parent.empty()) {
        return;
    }
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) {
        refuse(open_problem::cannot_open, path, "cannot create folder " + parent.string() + ": " + ec.message());
    }
}

// Reads before anything is written: SQLite only notices a foreign or damaged file when it reads it, and the WAL
// switch below would rewrite its header.
void verify(SQLite::Database& db, const std::string& path, bool full_check)
{
    try {
        if (full_check) {
            SQLite::Statement check(db, "PRAGMA quick_check(1)");
            check.executeStep();
            const std::string verdict = check.getColumn(0).getString();
            if (verdict != "ok") {
                refuse(open_problem::corrupt, path,
                       "the database is damaged (quick_check: " + verdict + "); restore a backup (quizbot backup)");
            }
        } else {
            db.execAndGet("SELECT count(*) FROM sqlite_schema");
        }
    } catch (const SQLite::Exception& e) {
        switch (e.getErrorCode()) {
        case SQLITE_NOTADB:
            refuse(open_problem::not_a_database, path,
                   "not a SQLite database (is --db pointing at the right file?); it was left untouched");
        case SQLITE_CORRUPT:
            refuse(open_problem::corrupt, path,
                   std::string("the database is damaged (") + e.what() + "); restore a backup (quizbot backup)");
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
        case SQLITE_READONLY:
            refuse(open_problem::cannot_open, path, std::string("cannot open: ") + e.what());
        default:
            throw;
        }
    }
}

void refuse_newer_schema(SQLite::Database& db, const std::string& path)
{
    const int found = schema_version(db);
    if (found > latest_schema_version()) {
        refuse(open_problem::newer_schema, path,
               "schema version " + std::to_string(found) + " was written by a newer quizbot (this one knows up to " +
                   std::to_string(latest_schema_version()) +
                   "); upgrade quizbot, or restore a backup made by this version");
    }
    if (found < 0) {
        refuse(open_problem::not_a_database, path,
               "user_version " + std::to_string(found) + " is not a quizbot schema version");
    }
}

void set_connection_pragmas(SQLite::Database& db, const std::string& path)
{
    if (!in_memory(path)) {
        const std::string mode = db.execAndGet("PRAGMA journal_mode = WAL").getString();
        if (mode != "wal") {
            refuse(open_problem::cannot_open, path, "cannot switch to WAL journaling (got '" + mode + "')");
        }
    }
    db.exec(std::string("PRAGMA synchronous = ") + synchronous_setting);
    db.exec("PRAGMA foreign_keys = ON");
    // Each group commit unit runs in a savepoint, so every page a unit first changes is copied to the statement
    // journal, which otherwise spills to a temporary file once a batch passes 64 KiB: a write and a fault per page.
    // A batch's journal is a few megabytes at most (max_batch units); memory is cheaper than the syscalls.
    db.exec("PRAGMA temp_store = MEMORY");
    // Deleted and rewritten content is zeroed rather than left in free space, so that forgetting a learner
    // removes their bytes from the file, not only their rows.
    db.exec("PRAGMA secure_delete = ON");
}

} // namespace

SQLite::Database open_database(const std::string& path, const open_options& options)
{
    const std::string name = in_memory(path) ? std::string(":memory:") : path;
    if (!in_memory(path)) {
        create_parent_folders(path);
        if (std::filesystem::is_directory(path)) {
            refuse(open_problem::cannot_open, path, "is a folder, not a database file");
        }
    }
    std::optional<SQLite::Database> opened;
    try {
        // NOMUTEX: a connection is only ever used by one thread at a time (its owner, or the group commit's
        // writer), so SQLite's per-call connection mutex would be pure overhead.
        opened.emplace(name, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX);
    } catch (const SQLite::Exception& e) {
        refuse(open_problem::cannot_open, path, std::string("cannot open: ") + e.what());
    }
    SQLite::Database& db = *opened;
    db.setBusyTimeout(static_cast<int>(options.busy_timeout.count()));
    verify(db, path, options.verify);
    refuse_newer_schema(db, path);
    set_connection_pragmas(db, path);
    if (options.migrate) {
        migrate(db);
    }
    return std::move(*opened);
}

} // namespace quiz::storage
