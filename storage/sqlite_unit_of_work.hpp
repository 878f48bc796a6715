// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/sqlite_attempt_log.hpp"
#include "storage/sqlite_content_ids.hpp"
#include "storage/sqlite_learner_store.hpp"
#include "storage/sqlite_progress_store.hpp"
#include "storage/sqlite_session_store.hpp"

#include <SQLiteCpp/Statement.h>

#include <memory>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Every store on one connection, each with its statements prepared once (a schema mismatch fails here, at
/// start-up, rather than on some later request).
struct sqlite_stores {
    explicit sqlite_stores(SQLite::Database& db);

    sqlite_content_ids ids;
    sqlite_learner_store learners;
    sqlite_progress_store progress;
    sqlite_attempt_log attempts;
    sqlite_session_store sessions;
    sqlite_round_store rounds;
};

/// Units of work on one connection. begin() opens a BEGIN IMMEDIATE transaction, so the write lock is held from
/// the first read and two actions cannot both read the old state; commit() is COMMIT (synchronous=FULL: durable
/// when it returns). Inside a transaction already open on the connection, i.e. inside a group_commit unit,
/// begin() opens a SAVEPOINT instead and commit() releases it: the batch's COMMIT then makes it durable, before
/// the group commit acknowledges it. A unit destroyed without commit rolls back its own changes only.
///
/// One unit at a time: begin() while a unit is open throws std::logic_error. Not thread-safe: the connection's
/// thread only (the group commit's writer thread when there is one).
class sqlite_unit_of_work_factory final : public engine::unit_of_work_factory {
public:
    /// How a unit's transaction starts: `immediate` takes the write lock at once (BEGIN IMMEDIATE, the default);
    /// `deferred` (BEGIN DEFERRED) only reads a snapshot, so with WAL it never blocks the writer: for units that read
    /// and never write (a write in one fails rather than wait).
    enum class start { immediate, deferred };

    explicit sqlite_unit_of_work_factory(SQLite::Database& db, start how = start::immediate);
    ~sqlite_unit_of_work_factory() override;
    sqlite_unit_of_work_factory(const sqlite_unit_of_work_factory&) = delete;
    sqlite_unit_of_work_factory& operator=(const sqlite_unit_of_work_factory&) = delete;

    [[nodiscard]] std::unique_ptr<engine::unit_of_work> begin() override;

    /// The stores themselves, for callers that manage the transaction (tests, tools).
    [[nodiscard]] sqlite_stores& stores() noexcept { return stores_; }

private:
    friend class sqlite_unit_of_work;
    SQLite::Database& db_;
    sqlite_stores stores_;
    SQLite::Statement begin_;
    SQLite::Statement commit_;
    SQLite::Statement rollback_;
    SQLite::Statement savepoint_;
    SQLite::Statement release_;
    SQLite::Statement rollback_to_;
    bool unit_open_ = false;
};

} // namespace quiz::storage
