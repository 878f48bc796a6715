// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reminders/reminder_book.hpp"

namespace quiz::storage::postgres {

/// The engine's reminder_book on PostgreSQL (storage/sqlite_reminder_book.hpp's twin), run on the connection whose
/// transaction is open on the calling thread (the action queue's unit). due() claims: the schedules it returns stay
/// locked (FOR UPDATE SKIP LOCKED) until the unit ends, so nodes ticking at once claim different learners, and
/// record_sent() records a learner's local day once across nodes. Holds no connection; thread-safe.
class pg_reminder_book final : public engine::reminder_book {
public:
    [[nodiscard]] engine::reminder_schedule find(engine::learner_id learner) override;
    void save(engine::learner_id learner, const engine::reminder_schedule& schedule) override;
    [[nodiscard]] std::vector<engine::due_reminder> due(engine::instant now, std::size_t limit) override;
    [[nodiscard]] std::optional<engine::instant> next_due() override;
    bool record_sent(engine::learner_id learner, std::chrono::year_month_day day, int due_count,
                     engine::instant at) override;
    [[nodiscard]] std::optional<engine::instant> last_answer(engine::learner_id learner) override;
    [[nodiscard]] std::optional<engine::instant> session_started(engine::learner_id learner) override;
};

} // namespace quiz::storage::postgres
