// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reminders/reminder_book.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace quiz::storage {

/// The engine's reminder_book on one connection, inside the caller's transaction (a group commit unit). Not
/// thread-safe: the connection's thread only.
class sqlite_reminder_book final : public engine::reminder_book {
public:
    explicit sqlite_reminder_book(SQLite::Database& db);

    [[nodiscard]] engine::reminder_schedule find(engine::learner_id learner) override;
    void save(engine::learner_id learner, const engine::reminder_schedule& schedule) override;
    [[nodiscard]] std::vector<engine::due_reminder> due(engine::instant now, std::size_t limit) override;
    [[nodiscard]] std::optional<engine::instant> next_due() override;
    bool record_sent(engine::learner_id learner, std::chrono::year_month_day day, int due_count,
                     engine::instant at) override;
    [[nodiscard]] std::optional<engine::instant> last_answer(engine::learner_id learner) override;
    [[nodiscard]] std::optional<engine::instant> session_started(engine::learner_id learner) override;

private:
    SQLite::Statement find_;
    SQLite::Statement save_learner_;
    SQLite::Statement save_schedule_;
    SQLite::Statement due_;
    SQLite::Statement next_due_;
    SQLite::Statement record_sent_;
    SQLite::Statement last_answer_;
    SQLite::Statement session_started_;
};

} // namespace quiz::storage
