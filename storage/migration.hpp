// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string_view>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// One schema step, from storage/sql/NNNN_<name>.sql. Version N turns a database at user_version N-1 into N.
struct migration {
    int version;
    std::string_view name;
    std::string_view sql;
};

/// Every migration in order, versions 1, 2, ... (compiled into the binary).
[[nodiscard]] std::span<const migration> all_migrations() noexcept;

/// The schema version this build writes: the last migration's number.
[[nodiscard]] int latest_schema_version() noexcept;

/// The database's `PRAGMA user_version`.
[[nodiscard]] int schema_version(SQLite::Database& db);

/// Applies the migrations above the database's version up to `target`, each in its own IMMEDIATE transaction
/// that re-reads the version, so two processes opening the same file cannot apply a step twice.
/// Returns how many were applied. The caller has already refused a database newer than this build.
int migrate(SQLite::Database& db, int target = latest_schema_version());

} // namespace quiz::storage
