// SPDX-License-Identifier: MIT
#pragma once

#include "storage/migration.hpp"
#include "storage/postgres/connection.hpp"

#include <span>
#include <stdexcept>

namespace quiz::storage::postgres {

/// Every PostgreSQL migration in order, storage/postgres/sql/NNNN_<name>.sql, numbered as SQLite's.
[[nodiscard]] std::span<const migration> all_migrations() noexcept;

/// The schema version this build writes.
[[nodiscard]] int latest_schema_version() noexcept;

/// The database was written by a newer quizbot: `what()` names both versions.
class newer_schema : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The database's schema version (0 for an empty database).
[[nodiscard]] int schema_version(connection& db);

/// Brings the schema up to date in one transaction under an advisory lock, so that nodes starting together migrate
/// once and the others wait and find it done. Throws newer_schema (changing nothing) when the database is ahead of
/// this build. Returns how many steps were applied.
int migrate(connection& db);

} // namespace quiz::storage::postgres
