// SPDX-License-Identifier: MIT
#include "storage/migration.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <string>

namespace quiz::storage {

int latest_schema_version() noexcept { return all_migrations().back().version; }

int schema_version(SQLite::Database& db) { return db.execAndGet("PRAGMA user_version").getInt(); }

int migrate(SQLite::Database& db, int target)
{
    int applied = 0;
    for (const migration& step : all_migrations()) {
        if (step.version > target) {
            break;
        }
        SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
        if (schema_version(db) >= step.version) {
            continue; // already there, possibly applied by another process a moment ago
        }
        db.exec(std::string(step.sql));
        db.exec("PRAGMA user_version = " + std::to_string(step.version));
        transaction.commit();
        ++applied;
    }
    return applied;
}

} // namespace quiz::storage
