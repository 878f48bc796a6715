// SPDX-License-Identifier: MIT
#include "storage/group_commit.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <pthread.h>

#include <stdexcept>
#include <utility>

namespace quiz::storage {

// The transaction-control statements, prepared once for the writer's lifetime.
struct group_commit::statements {
    explicit statements(SQLite::Database& db)
        : begin(db, "BEGIN IMMEDIATE"), commit(db, "COMMIT"), rollback(db, "ROLLBACK"), savepoint(db, "SAVEPOINT unit"),
          release(db, "RELEASE unit"), rollback_to(db, "ROLLBACK TO unit"),
          truncate_wal(db, "PRAGMA wal_checkpoint(TRUNCATE)")
    {
    }
    SQLite::Statement begin;
    SQLite::Statement commit;
    SQLite::Statement rollback;
    SQLite::Statement savepoint;
    SQLite::Statement release;
    SQLite::Statement rollback_to;
    SQLite::Statement truncate_wal; ///< answers one row (busy, frames in the log, frames checkpointed)
};

namespace {

void execute(SQLite::Statement& statement)
{
    statement.tryReset();
    statement.exec();
    statement.tryReset();
}

bool in_transaction(SQLite::Database& db) noexcept { return sqlite3_get_autocommit(db.getHandle()) == 0; }

void finish(std::function<void(std::exception_ptr)>& done, std::exception_ptr failure) noexcept
{
    if (!done) {
        return;
    }
    try {
        done(std::move(failure));
    } catch (...) { // a completion must not throw; if one does, the others still run
    }
}

} // namespace

group_commit::group_commit(SQLite::Database& db, group_commit_options options)
    : db_(db), options_(options), control_(std::make_unique<statements>(db))
{
    if (options_.max_batch == 0) {
        options_.max_batch = 1;
    }
    writer_ = std::thread([this] { writer_loop(); });
    // Named for top -H, perf and /proc: the writer's CPU time is the throughput limit worth watching.
    pthread_setname_np(writer_.native_handle(), "group-commit");
}

group_commit::~group_commit()
{
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    writer_.join();
}

void group_commit::submit(unit work, completion done) { enqueue(std::move(work), std::move(done), true); }

std::size_t group_commit::waiting() const
{
    const std::lock_guard lock(mutex_);
    return queue_.size();
}

void group_commit::enqueue(unit work, completion done, bool keep)
{
    {
        const std::lock_guard lock(mutex_);
        if (stopping_) {
            throw std::logic_error("group_commit: submit after shutdown began");
        }
        queue_.push_back({std::move(work), std::move(done), nullptr, keep});
    }
    wake_.notify_one();
}

group_commit_stats group_commit::stats() const
{
    const std::lock_guard lock(mutex_);
    return stats_;
}

void group_commit::writer_loop()
{
    std::deque<pending> batch;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) {
                return; // stopping, and everything submitted has been handled
            }
        }
        run_batch(batch);
        batch.clear();
    }
}

bool group_commit::take_waiting(std::deque<pending>& batch)
{
    const std::lock_guard lock(mutex_);
    const std::size_t before = batch.size();
    while (!queue_.empty() && batch.size() < options_.max_batch) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
    }
    return batch.size() > before;
}

void group_commit::run_batch(std::deque<pending>& batch)
{
    statements* const control = control_.get();
    const auto started = std::chrono::steady_clock::now();
    std::uint64_t failed = 0;
    std::exception_ptr batch_failure;
    try {
        execute(control->begin);
    } catch (...) {
        batch_failure = std::current_exception();
    }
    std::size_t committed_from = 0; // units before this index were lost with a transaction SQLite rolled back
    // Everything that queued while the previous batch was syncing forms this batch, and so does whatever queues
    // while it runs (those units would otherwise wait for a sync of their own): the commit comes once nothing is
    // waiting, so a lone unit still commits at once.
    for (std::size_t i = 0; !batch_failure && (i < batch.size() || take_waiting(batch)); ++i) {
        pending& item = batch[i];
        try {
            execute(control->savepoint);
            item.work();
            if (!item.keep) {
                execute(control->rollback_to); // a preview: it ran, and leaves nothing behind
            }
            execute(control->release);
        } catch (...) {
            item.failure = std::current_exception();
            ++failed;
            if (!in_transaction(db_)) {
                // SQLite already rolled the whole transaction back (disk full, IO error): the units before this
                // one are gone too. Fail them with the cause and carry on in a fresh transaction.
                for (std::size_t j = committed_from; j < i; ++j) {
                    if (!batch[j].failure) {
                        batch[j].failure = item.failure;
                        ++failed;
                    }
                }
                committed_from = i + 1;
                try {
                    execute(control->begin);
                } catch (...) {
                    batch_failure = std::current_exception();
                }
                continue;
            }
            try {
                execute(control->rollback_to);
                execute(control->release);
            } catch (...) {
                batch_failure = std::current_exception();
            }
        }
    }
    if (!batch_failure) {
        try {
            execute(control->commit);
        } catch (...) {
            batch_failure = std::current_exception();
        }
    }
    if (batch_failure) {
        if (in_transaction(db_)) {
            control->rollback.tryReset();
            control->rollback.tryExecuteStep();
            control->rollback.tryReset();
        }
        for (std::size_t j = committed_from; j < batch.size(); ++j) {
            if (!batch[j].failure) {
                batch[j].failure = batch_failure;
                ++failed;
            }
        }
    }
    if (std::exchange(truncate_wal_, false) && !batch_failure) {
        try {
            control->truncate_wal.tryReset();
            control->truncate_wal.executeStep();
            control->truncate_wal.tryReset();
        } catch (...) { // best effort (see truncate_wal_after_commit); what was committed stays committed
        }
    }
    {
        const std::lock_guard lock(mutex_);
        stats_.units += batch.size();
        stats_.transactions += 1;
        stats_.failed_units += failed;
    }
    if (options_.on_batch) {
        try {
            const auto elapsed = std::chrono::steady_clock::now() - started;
            options_.on_batch({batch.size(), static_cast<std::size_t>(failed), elapsed});
        } catch (...) { // an observer must not throw; the units' fate is already settled
        }
    }
    // Only now, with the commit synced, is anyone told.
    for (pending& item : batch) {
        finish(item.done, item.failure);
    }
}

} // namespace quiz::storage
