// SPDX-License-Identifier: MIT
#include "storage/sqlite_unit_of_work.hpp"

#include <SQLiteCpp/Database.h>
#include <sqlite3.h>

#include <stdexcept>

namespace quiz::storage {

namespace {

void run(SQLite::Statement& statement)
{
    statement.tryReset();
    statement.exec();
    statement.tryReset();
}

void try_run(SQLite::Statement& statement) noexcept
{
    statement.tryReset();
    statement.tryExecuteStep();
    statement.tryReset();
}

} // namespace

sqlite_stores::sqlite_stores(SQLite::Database& db)
    : ids(db), learners(db), progress(db, ids), attempts(db, ids), sessions(db, ids), rounds(db, ids)
{
}

class sqlite_unit_of_work final : public engine::unit_of_work {
public:
    explicit sqlite_unit_of_work(sqlite_unit_of_work_factory& factory)
        : factory_(factory), nested_(sqlite3_get_autocommit(factory.db_.getHandle()) == 0)
    {
        if (factory_.unit_open_) {
            throw std::logic_error("a unit of work is already open on this connection");
        }
        run(nested_ ? factory_.savepoint_ : factory_.begin_);
        factory_.unit_open_ = true;
    }
    sqlite_unit_of_work(const sqlite_unit_of_work&) = delete;
    sqlite_unit_of_work& operator=(const sqlite_unit_of_work&) = delete;

    ~sqlite_unit_of_work() override
    {
        if (!finished_) {
            roll_back();
        }
        factory_.unit_open_ = false;
    }

    engine::learner_store& learners() override { return usable().learners; }
    engine::progress_store& progress() override { return usable().progress; }
    engine::attempt_log& attempts() override { return usable().attempts; }
    engine::session_store& sessions() override { return usable().sessions; }
    engine::round_store& rounds() override { return usable().rounds; }

    void commit() override
    {
        if (finished_) {
            throw std::logic_error("unit of work committed twice");
        }
        run(nested_ ? factory_.release_ : factory_.commit_);
        finished_ = true;
    }

private:
    sqlite_stores& usable()
    {
        if (finished_) {
            throw std::logic_error("unit of work used after commit");
        }
        return factory_.stores_;
    }

    void roll_back() noexcept
    {
        if (sqlite3_get_autocommit(factory_.db_.getHandle()) != 0) {
            return; // SQLite already rolled the transaction back (an IO error during the unit or its COMMIT)
        }
        if (nested_) {
            try_run(factory_.rollback_to_);
            try_run(factory_.release_);
        } else {
            try_run(factory_.rollback_);
        }
    }

    sqlite_unit_of_work_factory& factory_;
    bool nested_;
    bool finished_ = false;
};

sqlite_unit_of_work_factory::sqlite_unit_of_work_factory(SQLite::Database& db, start how)
    : db_(db), stores_(db), begin_(db, how == start::immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED"),
      commit_(db, "COMMIT"), rollback_(db, "ROLLBACK"), savepoint_(db, "SAVEPOINT unit_of_work"),
      release_(db, "RELEASE unit_of_work"), rollback_to_(db, "ROLLBACK TO unit_of_work")
{
}

sqlite_unit_of_work_factory::~sqlite_unit_of_work_factory() = default;

std::unique_ptr<engine::unit_of_work> sqlite_unit_of_work_factory::begin()
{
    return std::make_unique<sqlite_unit_of_work>(*this);
}

} // namespace quiz::storage
