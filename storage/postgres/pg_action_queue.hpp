// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "storage/postgres/pool.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace quiz::storage::postgres {

struct action_queue_options {
    /// Units running at once, each on a pooled connection of its own (storage_engine says how many and why).
    int workers = 4;
    /// Runs of a unit that met a serialization failure or a deadlock, in all, before it fails.
    int attempts = 5;
    /// Told how long each unit's transaction took (BEGIN to COMMIT), on the worker's thread, before its completion.
    std::function<void(std::chrono::steady_clock::duration)> on_unit = {};
    /// Told each time a unit is run again after a serialization failure or deadlock.
    std::function<void()> on_retry = {};
};

/// What the queue counts, for the server's metrics.
struct action_queue_counters {
    std::atomic<std::uint64_t> units{0};
    std::atomic<std::uint64_t> retries{0}; ///< runs again after a serialization failure or deadlock
    std::atomic<std::uint64_t> failed{0};  ///< units whose completion got an exception
};

/// The engine's action queue on PostgreSQL: each user action is one transaction of its own, on a pooled
/// connection, and several run at once on worker threads. (SQLite's group commit runs them one at a time in shared
/// transactions because the file has one writer; PostgreSQL's row locks let units for different learners run
/// together while units for one learner serialize on that learner's row: the stores take it first.)
///
/// A unit that meets a serialization failure or a deadlock (another node's unit won) is rolled back and run
/// again, up to `attempts` runs in all, with a short random pause; then its completion gets the error, which the
/// front ends answer as "not recorded, try again" (503). So are a database that does not answer
/// (pool_exhausted, a lost connection: the pool reconnects by itself on a later unit). A unit must therefore be
/// safe to run again: it decides from what it reads, and writes its outcome where its completion finds it.
class pg_action_queue final : public engine::action_queue {
public:
    pg_action_queue(pool& connections, action_queue_options options);
    /// Finishes every unit already submitted, then stops the workers.
    ~pg_action_queue() override;
    pg_action_queue(const pg_action_queue&) = delete;
    pg_action_queue& operator=(const pg_action_queue&) = delete;

    void submit(unit work, completion done) override;
    [[nodiscard]] std::size_t waiting() const override;

    /// Queues a unit whose changes are rolled back once it has run, and waits for it (a preview). Rethrows.
    void run_rolled_back(std::function<void()> work);

    [[nodiscard]] const action_queue_counters& counters() const noexcept { return counters_; }

private:
    struct pending {
        unit work;
        completion done;
        bool keep = true;
    };
    void enqueue(pending p);
    void worker_loop(unsigned seed);
    std::exception_ptr run_one(pending& p, unsigned& seed);

    pool& pool_;
    action_queue_options options_;
    action_queue_counters counters_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<pending> queue_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

} // namespace quiz::storage::postgres
