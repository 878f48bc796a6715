// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/postgres/pg_attempt_log.hpp"
#include "storage/postgres/pg_content_ids.hpp"
#include "storage/postgres/pg_learner_store.hpp"
#include "storage/postgres/pg_progress_store.hpp"
#include "storage/postgres/pg_session_store.hpp"
#include "storage/postgres/pool.hpp"

#include <chrono>
#include <memory>

namespace quiz::storage::postgres {

/// Every tutor store. They hold no connection (each statement runs on the calling thread's transaction), so one set
/// serves every thread and every connection.
/// `population_fresh_for`: how long a pack's population figures are kept (population_cache); zero reads them in
/// every unit.
struct pg_stores {
    explicit pg_stores(std::chrono::milliseconds population_fresh_for = {})
        : progress(ids, population_fresh_for), attempts(ids, population_fresh_for), sessions(ids), rounds(ids)
    {
    }
    pg_stores(const pg_stores&) = delete;
    pg_stores& operator=(const pg_stores&) = delete;

    pg_content_ids ids;
    pg_learner_store learners;
    pg_progress_store progress;
    pg_attempt_log attempts;
    pg_session_store sessions;
    pg_round_store rounds;
};

/// Units of work on PostgreSQL. Inside a transaction already open on the calling thread, i.e. inside a unit of the
/// action queue, which runs on a pooled connection of its own, begin() opens a SAVEPOINT on that connection and
/// commit() releases it: the queue's COMMIT makes it durable. Otherwise begin() leases a connection from the pool
/// and opens a READ COMMITTED transaction on it, and commit() is COMMIT (durable when it returns); the lease goes
/// back to the pool when the unit ends. A unit destroyed without commit rolls back its own changes only.
///
/// Units on several threads, or several nodes, run at once: the stores' locks make those acting for one learner,
/// one round, one channel or one idempotency key wait for each other (see each store). A unit belongs to the thread
/// that began it, until it is destroyed there; one unit at a time per thread: begin() while the thread has a unit
/// open throws std::logic_error. The factory itself is thread-safe.
class pg_unit_of_work_factory final : public engine::unit_of_work_factory {
public:
    explicit pg_unit_of_work_factory(pool& connections, std::chrono::milliseconds population_fresh_for = {})
        : pool_(connections), stores_(population_fresh_for)
    {
    }
    pg_unit_of_work_factory(const pg_unit_of_work_factory&) = delete;
    pg_unit_of_work_factory& operator=(const pg_unit_of_work_factory&) = delete;

    /// Throws pool_exhausted when no connection became free in time, pg_error when none could be opened.
    [[nodiscard]] std::unique_ptr<engine::unit_of_work> begin() override;

    /// The stores themselves, for callers that manage the transaction (tests, tools).
    [[nodiscard]] pg_stores& stores() noexcept { return stores_; }

private:
    friend class pg_unit_of_work;
    pool& pool_;
    pg_stores stores_;
};

} // namespace quiz::storage::postgres
