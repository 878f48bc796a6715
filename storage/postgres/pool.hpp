// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/connection.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace quiz::storage::postgres {

struct pool_options {
    std::string uri;                       ///< any libpq connection string or URI
    int size = 8;                          ///< QUIZBOT_DB_POOL: connections at most
    std::chrono::milliseconds wait{5'000}; ///< how long acquire() waits for a free connection
};

/// What the pool counts, for the server's metrics.
struct pool_counters {
    std::atomic<std::uint64_t> waits{0};    ///< acquisitions that found every connection in use
    std::atomic<std::uint64_t> wait_us{0};  ///< time spent waiting for one
    std::atomic<std::uint64_t> connects{0}; ///< connections opened
    std::atomic<std::uint64_t> failures{0}; ///< connections refused or lost
};

/// What the pool tells its owner as it happens (the server's metrics); each may be empty. Called without the pool's
/// lock held, on the thread that met the event.
struct pool_events {
    std::function<void(std::chrono::steady_clock::duration)> waited; ///< an acquire found every connection in use
    std::function<void()> connection_failed;                         ///< a connection refused or lost
};

/// No connection became free within pool_options::wait: the node is overloaded (answer 503).
class pool_exhausted : public pg_error {
public:
    pool_exhausted() : pg_error("53300", "every database connection stayed busy; try again shortly") {}
};

/// A bounded pool of connections to one database, shared by every thread. Connections open on demand, up to
/// `size`; one that broke is dropped when given back, so the pool reconnects by itself once the server is back.
class pool {
public:
    explicit pool(pool_options options);
    ~pool();
    pool(const pool&) = delete;
    pool& operator=(const pool&) = delete;

    /// A connection held until the lease is destroyed.
    class lease {
    public:
        lease(pool& owner, std::unique_ptr<connection> held) : owner_(&owner), held_(std::move(held)) {}
        lease(lease&& other) noexcept = default;
        lease& operator=(lease&&) = delete;
        lease(const lease&) = delete;
        lease& operator=(const lease&) = delete;
        ~lease();
        connection& operator*() const noexcept { return *held_; }
        connection* operator->() const noexcept { return held_.get(); }

    private:
        pool* owner_;
        std::unique_ptr<connection> held_;
    };

    /// A free connection, a new one while fewer than `size` are open, else waits. Throws pool_exhausted after
    /// options.wait, or pg_error when a new connection is refused.
    [[nodiscard]] lease acquire();

    [[nodiscard]] const pool_counters& counters() const noexcept { return counters_; }
    /// Sets who hears of waits and failures. Before other threads use the pool.
    void set_events(pool_events events) { events_ = std::move(events); }
    [[nodiscard]] const pool_options& options() const noexcept { return options_; }

private:
    void give_back(std::unique_ptr<connection> c) noexcept;

    pool_options options_;
    pool_counters counters_;
    pool_events events_;
    std::mutex mutex_;
    std::condition_variable freed_;
    std::vector<std::unique_ptr<connection>> idle_;
    int open_ = 0; ///< connections in existence, idle or leased
};

} // namespace quiz::storage::postgres
