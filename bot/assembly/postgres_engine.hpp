// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/storage_engine.hpp"
#include "storage/postgres/pg_action_queue.hpp"
#include "storage/postgres/pg_expire_web_learners.hpp"
#include "storage/postgres/pg_identity_directory.hpp"
#include "storage/postgres/pg_outbox.hpp"
#include "storage/postgres/pg_reminder_book.hpp"
#include "storage/postgres/pg_round_messages.hpp"
#include "storage/postgres/pg_unit_of_work.hpp"
#include "storage/postgres/pool.hpp"

#include <optional>

namespace quiz::bot::assembly {

/// The PostgreSQL engine (storage/postgres/, docs/storage.md, "PostgreSQL"): a bounded pool of connections to one
/// database that several nodes share. Every port works on the transaction open on the calling thread, so the same
/// stores serve every worker of the action queue, the refitter and the reports, each on a pooled connection.
class postgres_engine final : public storage_engine {
public:
    /// Connects, checks the server and migrates the schema under an advisory lock. Throws database_unavailable.
    explicit postgres_engine(storage_settings settings);
    ~postgres_engine() override;
    postgres_engine(const postgres_engine&) = delete;
    postgres_engine& operator=(const postgres_engine&) = delete;

    engine::unit_of_work_factory& units() override { return units_; }
    engine::identity_directory& identities() override { return identities_; }
    engine::reminder_book& reminder_book() override { return reminder_book_; }
    engine::round_messages& round_messages() override { return round_messages_; }
    engine::outbox& outbox() override { return outbox_; }
    engine::idle_learner_expiry& idle_learners() override { return idle_learners_; }

    std::string kept_secret(const std::string& name, const std::function<std::string()>& make,
                            engine::instant now) override;

    void observe(storage_events events) override;

    engine::action_queue& start_writer(std::function<void(std::chrono::steady_clock::duration)> on_batch) override;
    void run_rolled_back(std::function<void()> work) override;
    void stop_writer() noexcept override;

    std::unique_ptr<side_connection> open_refit_connection() override;
    std::shared_ptr<engine::report_source> open_report_source() override;
    std::function<bool()> open_probe() override;

    [[nodiscard]] const storage::postgres::pool_counters& pool_counters() const noexcept { return pool_.counters(); }
    /// Null before start_writer.
    [[nodiscard]] const storage::postgres::action_queue_counters* queue_counters() const noexcept
    {
        return writer_ ? &writer_->counters() : nullptr;
    }

private:
    storage_settings settings_;
    storage_events events_;
    storage::postgres::pool pool_;
    storage::postgres::pg_unit_of_work_factory units_;
    storage::postgres::pg_identity_directory identities_;
    storage::postgres::pg_reminder_book reminder_book_;
    storage::postgres::pg_round_messages round_messages_;
    storage::postgres::pg_outbox outbox_;
    storage::postgres::pg_expire_web_learners idle_learners_;
    std::optional<storage::postgres::pg_action_queue> writer_; ///< last: stopped while the stores are alive
};

/// Whether `location` names a PostgreSQL database (a postgresql:// or postgres:// URI) rather than a SQLite file.
[[nodiscard]] bool names_postgres(std::string_view location) noexcept;

} // namespace quiz::bot::assembly
