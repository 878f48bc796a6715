// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "engine/core/outbox.hpp"
#include "engine/reminders/reminder_book.hpp"
#include "engine/reports/report_ports.hpp"
#include "engine/tutor/ports.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace quiz::bot::assembly {

/// Where the database is and how it commits.
struct storage_settings {
    /// QUIZBOT_DB or --db: a SQLite file (made, with its folders, when missing), or a postgresql:// URI.
    std::string location;
    /// Every commit synced (SQLite: synchronous=FULL), so an acknowledged answer survives a power cut. Off only for
    /// generated data, which a sync per answer would slow down for nothing. (PostgreSQL: the server's settings.)
    bool durable = true;
    /// QUIZBOT_DB_POOL: PostgreSQL connections at most (writers_for says how many run units).
    int pool_size = 8;
};

/// How many of a PostgreSQL pool's connections run user actions at once: all but two, kept for the refitter and the
/// reports so that neither waits behind a burst of answers; at least one.
[[nodiscard]] constexpr int writers_for(int pool_size) noexcept { return pool_size > 3 ? pool_size - 2 : 1; }

/// The database cannot be used: missing and not creatable, not a database, damaged, newer than this build, or a
/// connection of its own refused. `what()` names the file and says what to do.
class database_unavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What a storage engine tells the server's metrics as it happens (PostgreSQL: its pool and its retries; SQLite has
/// neither). Each may be empty; each is called on the thread that met the event and must be short.
struct storage_events {
    std::function<void(std::chrono::steady_clock::duration)> pool_waited; ///< a unit waited for a free connection
    std::function<void()> retried;           ///< a unit ran again after a serialization failure or a deadlock
    std::function<void()> connection_failed; ///< a connection refused or lost
};

/// Units of work on a connection of their own (the memory-model refitter's), used by one thread.
class side_connection {
public:
    virtual ~side_connection() = default;
    /// Snapshots that read and never hold up the writer.
    [[nodiscard]] virtual engine::unit_of_work_factory& reads() = 0;
    /// Short transactions that write.
    [[nodiscard]] virtual engine::unit_of_work_factory& writes() = 0;
};

/// The storage behind the engine's ports: one database and its engine. Every entry point reaches the database
/// through it, so another engine (PostgreSQL behind the same ports) plugs in at open_storage and nowhere else.
///
/// The main connection's ports (units .. idle_learners) are the opening thread's until start_writer; from then on
/// they are used only inside the writer's units. The open_* connections are separate, each for one thread.
class storage_engine {
public:
    virtual ~storage_engine() = default;

    [[nodiscard]] virtual engine::unit_of_work_factory& units() = 0;
    [[nodiscard]] virtual engine::identity_directory& identities() = 0;
    [[nodiscard]] virtual engine::reminder_book& reminder_book() = 0;
    [[nodiscard]] virtual engine::round_messages& round_messages() = 0;
    [[nodiscard]] virtual engine::outbox& outbox() = 0;
    [[nodiscard]] virtual engine::idle_learner_expiry& idle_learners() = 0;

    /// The server's secret `name`: the one kept in the database, else `make()`'s, kept from now on. On the main
    /// connection, before start_writer.
    [[nodiscard]] virtual std::string kept_secret(const std::string& name, const std::function<std::string()>& make,
                                                  engine::instant now) = 0;

    /// Sets who hears of the engine's events; before start_writer and before other threads use the storage.
    virtual void observe(storage_events events) = 0;

    /// Hands the main connection to the writer: the action queue that runs each user action as one transaction
    /// (group commit), on a thread of its own. `on_batch` is told how long each transaction took, on that thread,
    /// before its units are acknowledged. Once.
    virtual engine::action_queue& start_writer(std::function<void(std::chrono::steady_clock::duration)> on_batch) = 0;
    /// Runs `work` as one unit of the writer and rolls its changes back once it has run (a preview); waits, and
    /// rethrows what `work` throws. Never from the writer's thread.
    virtual void run_rolled_back(std::function<void()> work) = 0;
    /// Finishes the units already queued, then stops the writer: nothing may be queued after. Idempotent.
    virtual void stop_writer() noexcept = 0;

    /// A connection for the memory-model refitter. Throws database_unavailable.
    [[nodiscard]] virtual std::unique_ptr<side_connection> open_refit_connection() = 0;
    /// The reports' read-only connection, so that a report never queues behind the writer. Throws
    /// database_unavailable.
    [[nodiscard]] virtual std::shared_ptr<engine::report_source> open_report_source() = 0;
    /// Whether the database answers (/healthz), on a read-only connection of its own so that probes never queue
    /// behind the writer; callable from any thread. Throws database_unavailable.
    [[nodiscard]] virtual std::function<bool()> open_probe() = 0;
};

/// Opens the database at `settings.location` with its engine: checks it before anything is written and brings its
/// schema up to date. Throws database_unavailable.
[[nodiscard]] std::unique_ptr<storage_engine> open_storage(const storage_settings& settings);

} // namespace quiz::bot::assembly
