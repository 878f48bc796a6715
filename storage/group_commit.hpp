// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// One finished transaction, as reported to group_commit_options::on_batch.
struct group_commit_batch {
    std::size_t units = 0;                          ///< units run in it, failed ones included
    std::size_t failed = 0;                         ///< units rolled back (their own exception, or the commit's)
    std::chrono::steady_clock::duration duration{}; ///< from BEGIN to COMMIT returned (synced) or ROLLBACK
};

struct group_commit_options {
    /// Most units in one transaction: bounds the latency of the first unit of a large batch.
    std::size_t max_batch = 512;
    /// Called on the writer thread after each transaction, before its units' completions (for metrics; keep it
    /// short and non-throwing). Storage knows nothing of the metrics it feeds.
    std::function<void(const group_commit_batch&)> on_batch = {};
};

/// Counters for benchmarks and logs (read with stats()).
struct group_commit_stats {
    std::uint64_t units = 0;
    std::uint64_t transactions = 0;
    std::uint64_t failed_units = 0;
};

/// Group commit: one writer thread runs queued units of work against one connection, as many as are waiting (and
/// those queued while they run, up to max_batch) in one IMMEDIATE transaction, each unit inside its own SAVEPOINT
/// (a unit that throws rolls back alone), commits once nothing is waiting, and only then reports each unit's
/// outcome. With synchronous=FULL a commit costs one WAL sync, so the
/// sync is shared by every answer of the batch while it stays durable before anyone is told "recorded".
///
/// Thread-safety: submit() and run() may be called from any thread. The connection, and every statement prepared
/// on it, is used only by the writer thread from construction to destruction: nothing else may touch it meanwhile.
/// A unit must not call run() (it would wait for itself).
class group_commit final : public engine::action_queue {
public:
    /// Runs inside the unit's savepoint, on the writer thread.
    using unit = engine::action_queue::unit;
    /// Called on the writer thread once the unit's fate is final: nullptr after its transaction committed, else
    /// the exception that rolled the unit back (its own, or the batch's when the commit itself failed). Keep it
    /// short and non-throwing: post to an IO context rather than doing IO here.
    using completion = engine::action_queue::completion;

    explicit group_commit(SQLite::Database& db, group_commit_options options = {});
    group_commit(const group_commit&) = delete;
    group_commit& operator=(const group_commit&) = delete;
    /// Finishes every unit already submitted, then stops the writer.
    ~group_commit() override;

    /// Queues a unit; never waits for IO (for an HTTP server's IO threads). Throws std::logic_error after
    /// shutdown began.
    void submit(unit work, completion done) override;
    [[nodiscard]] std::size_t waiting() const override;

    /// Queues a unit and waits until it is committed (for the CLI and tests); returns what `work` returns, or
    /// rethrows its exception or the commit's.
    template <class F>
    std::invoke_result_t<F&> run(F work);

    /// Queues a unit whose changes are rolled back once it has run, and waits for it: a preview of what the unit
    /// would do (what `work` returns), recorded nowhere. Rethrows its exception.
    template <class F>
    std::invoke_result_t<F&> run_rolled_back(F work);

    [[nodiscard]] group_commit_stats stats() const;

    /// From inside a unit (the writer thread): once this unit's transaction has committed, checkpoint the WAL and
    /// truncate it to nothing, before anyone is told. For erasures (forgetting a learner): the old page images in
    /// the WAL would otherwise keep the erased rows in the files until a later checkpoint overwrote them. Best
    /// effort: a reader holding an old snapshot delays it, and the next automatic checkpoint finishes the job.
    void truncate_wal_after_commit() noexcept { truncate_wal_ = true; }

private:
    struct pending {
        unit work;
        completion done;
        std::exception_ptr failure;
        bool keep = true; ///< false: the unit's savepoint is rolled back after it ran (run_rolled_back)
    };
    struct statements;
    void enqueue(unit work, completion done, bool keep);
    template <class F>
    std::invoke_result_t<F&> wait_for(F& work, bool keep);
    void writer_loop();
    void run_batch(std::deque<pending>& batch);
    bool take_waiting(std::deque<pending>& batch);

    SQLite::Database& db_;
    group_commit_options options_;
    std::unique_ptr<statements> control_; ///< prepared in the constructor, used by the writer only
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<pending> queue_;
    bool stopping_ = false;
    bool truncate_wal_ = false; ///< writer thread only
    group_commit_stats stats_;
    std::thread writer_;
};

template <class F>
std::invoke_result_t<F&> group_commit::run(F work)
{
    return wait_for(work, true);
}

template <class F>
std::invoke_result_t<F&> group_commit::run_rolled_back(F work)
{
    return wait_for(work, false);
}

template <class F>
std::invoke_result_t<F&> group_commit::wait_for(F& work, bool keep)
{
    using result_type = std::invoke_result_t<F&>;
    std::promise<result_type> promise;
    auto future = promise.get_future();
    if constexpr (std::is_void_v<result_type>) {
        enqueue([&work] { work(); },
                [&promise](std::exception_ptr failure) {
                    if (failure) {
                        promise.set_exception(failure);
                    } else {
                        promise.set_value();
                    }
                },
                keep);
        return future.get();
    } else {
        // Written by the unit and read by the completion, both on the writer thread; this frame outlives both
        // because it waits for the future.
        std::optional<result_type> value;
        enqueue([&work, &value] { value.emplace(work()); },
                [&promise, &value](std::exception_ptr failure) {
                    if (failure) {
                        promise.set_exception(failure);
                    } else {
                        promise.set_value(std::move(*value));
                    }
                },
                keep);
        return future.get();
    }
}

} // namespace quiz::storage
