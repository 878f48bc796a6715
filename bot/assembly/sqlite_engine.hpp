// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/storage_engine.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_outbox.hpp"
#include "storage/sqlite_reminder_book.hpp"
#include "storage/sqlite_round_messages.hpp"
#include "storage/sqlite_unit_of_work.hpp"

#include <SQLiteCpp/Database.h>

#include <optional>

namespace quiz::bot::assembly {

/// The SQLite engine (storage/, docs/storage.md): one file in WAL mode; the main connection for the writer's group
/// commit, and connections of their own for the refitter, the reports and the health probe.
class sqlite_engine final : public storage_engine {
public:
    /// Opens, checks and migrates the file (storage::open_database). Throws storage::open_error.
    explicit sqlite_engine(storage_settings settings);
    ~sqlite_engine() override;
    sqlite_engine(const sqlite_engine&) = delete;
    sqlite_engine& operator=(const sqlite_engine&) = delete;

    engine::unit_of_work_factory& units() override { return units_; }
    engine::identity_directory& identities() override { return identities_; }
    engine::reminder_book& reminder_book() override { return reminder_book_; }
    engine::round_messages& round_messages() override { return round_messages_; }
    engine::outbox& outbox() override { return outbox_; }
    engine::idle_learner_expiry& idle_learners() override { return idle_learners_; }

    std::string kept_secret(const std::string& name, const std::function<std::string()>& make,
                            engine::instant now) override;

    /// SQLite has no pool and no retries: nothing to tell.
    void observe(storage_events /*events*/) override {}

    engine::action_queue& start_writer(std::function<void(std::chrono::steady_clock::duration)> on_batch) override;
    void run_rolled_back(std::function<void()> work) override;
    void stop_writer() noexcept override;

    std::unique_ptr<side_connection> open_refit_connection() override;
    std::shared_ptr<engine::report_source> open_report_source() override;
    std::function<bool()> open_probe() override;

private:
    /// The playground's sweep on the main connection (storage/expire_web_learners).
    class idle_web_learners final : public engine::idle_learner_expiry {
    public:
        explicit idle_web_learners(SQLite::Database& db) : db_(db) {}
        std::int64_t expire(engine::instant idle_before, int limit) override;

    private:
        SQLite::Database& db_;
    };

    storage_settings settings_;
    SQLite::Database db_;
    storage::sqlite_unit_of_work_factory units_;
    storage::sqlite_identity_directory identities_;
    storage::sqlite_reminder_book reminder_book_;
    storage::sqlite_round_messages round_messages_;
    storage::sqlite_outbox outbox_;
    idle_web_learners idle_learners_;
    std::optional<storage::group_commit> writer_; ///< last: stopped while the stores its units use are alive
};

} // namespace quiz::bot::assembly
