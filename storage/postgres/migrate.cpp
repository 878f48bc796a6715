// SPDX-License-Identifier: MIT
#include "storage/postgres/migrate.hpp"

#include <string>

namespace quiz::storage::postgres {

namespace {

// pg_advisory_xact_lock's key for quizbot's migrations: any fixed number no other application on the database uses.
constexpr std::string_view lock_migrations = "SELECT pg_advisory_xact_lock(7105330915216486709)";

constexpr std::string_view version_table =
    "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL, CHECK (version >= 0))";

int read_version(connection& db)
{
    const result row = db.exec("SELECT max(version) FROM schema_version");
    return row.is_null(0, 0) ? 0 : static_cast<int>(row.int64(0, 0));
}

} // namespace

int latest_schema_version() noexcept { return all_migrations().back().version; }

int schema_version(connection& db)
{
    const result exists = db.exec("SELECT to_regclass('schema_version') IS NOT NULL");
    return exists.text(0, 0) == "t" ? read_version(db) : 0;
}

int migrate(connection& db)
{
    db.exec("BEGIN");
    try {
        db.exec(lock_migrations);
        db.exec(version_table);
        const int found = read_version(db);
        const int latest = latest_schema_version();
        if (found > latest) {
            throw newer_schema("the database's schema is version " + std::to_string(found) +
                               ", newer than this quizbot's (" + std::to_string(latest) +
                               "): upgrade quizbot, or restore a backup");
        }
        int applied = 0;
        for (const migration& step : all_migrations()) {
            if (step.version <= found) {
                continue;
            }
            db.exec(step.sql);
            ++applied;
        }
        if (applied > 0) {
            db.exec("DELETE FROM schema_version");
            db.exec("INSERT INTO schema_version (version) VALUES (" + std::to_string(latest) + ")");
        }
        db.exec("COMMIT");
        return applied;
    } catch (...) {
        if (!db.broken()) {
            db.exec("ROLLBACK");
        }
        throw;
    }
}

} // namespace quiz::storage::postgres
