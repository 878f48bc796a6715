// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_unit_of_work.hpp"

#include "storage/postgres/transaction.hpp"

#include <optional>
#include <stdexcept>

namespace quiz::storage::postgres {

namespace {

// Whether the calling thread has a unit of work open (of any factory): a second one would be a savepoint of the
// first, which no caller means.
thread_local bool unit_open_on_thread = false;

} // namespace

class pg_unit_of_work final : public engine::unit_of_work {
public:
    explicit pg_unit_of_work(pg_unit_of_work_factory& factory) : stores_(factory.stores_)
    {
        if (unit_open_on_thread) {
            throw std::logic_error("a unit of work is already open on this thread");
        }
        if (in_transaction()) {
            work_.emplace(current_connection()); // a savepoint of the action queue's transaction
        } else {
            lease_.emplace(factory.pool_.acquire());
            work_.emplace(**lease_);
        }
        unit_open_on_thread = true;
    }
    pg_unit_of_work(const pg_unit_of_work&) = delete;
    pg_unit_of_work& operator=(const pg_unit_of_work&) = delete;

    ~pg_unit_of_work() override
    {
        end(); // without commit, the transaction rolls back
    }

    engine::learner_store& learners() override { return usable().learners; }
    engine::progress_store& progress() override { return usable().progress; }
    engine::attempt_log& attempts() override { return usable().attempts; }
    engine::session_store& sessions() override { return usable().sessions; }
    engine::round_store& rounds() override { return usable().rounds; }

    void commit() override
    {
        if (!work_) {
            throw std::logic_error("unit of work committed twice");
        }
        work_->commit();
        end(); // gives the connection back now rather than when the caller drops the unit
    }

private:
    pg_stores& usable()
    {
        if (!work_) {
            throw std::logic_error("unit of work used after commit");
        }
        return stores_;
    }

    void end() noexcept
    {
        if (!work_) {
            return;
        }
        work_.reset(); // before the lease: the transaction ends on the connection it holds
        lease_.reset();
        unit_open_on_thread = false;
    }

    pg_stores& stores_;
    std::optional<pool::lease> lease_; ///< empty inside the action queue's transaction
    std::optional<transaction> work_;  ///< empty once ended
};

std::unique_ptr<engine::unit_of_work> pg_unit_of_work_factory::begin()
{
    return std::make_unique<pg_unit_of_work>(*this);
}

} // namespace quiz::storage::postgres
