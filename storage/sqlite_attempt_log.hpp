// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/sqlite_content_ids.hpp"

#include <SQLiteCpp/Statement.h>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// What appending under an idempotency key did.
struct append_result {
    engine::attempt_id id; ///< the new attempt, or the one recorded earlier under the same key
    bool inserted = false; ///< false: the key was already in the log and nothing was written
};

/// The append-only attempt table. The idempotency key's UNIQUE constraint is the source of truth: a second append
/// under a key is not an error but the domain outcome "already recorded" (SQLITE_CONSTRAINT_UNIQUE read as a
/// value), which returns the earlier attempt.
class sqlite_attempt_log final : public engine::attempt_log {
public:
    sqlite_attempt_log(SQLite::Database& db, sqlite_content_ids& ids);

    [[nodiscard]] std::optional<engine::attempt_record> find(const engine::idempotency_key& key) override;
    /// append_once(attempt).id.
    engine::attempt_id append(const engine::attempt_record& attempt) override;
    append_result append_once(const engine::attempt_record& attempt);
    [[nodiscard]] std::vector<engine::question_stats> first_attempt_stats(const engine::pack_key& pack) override;
    [[nodiscard]] std::vector<std::chrono::milliseconds> recent_right_response_times(engine::learner_id learner,
                                                                                     std::size_t count) override;
    [[nodiscard]] std::vector<engine::answer_outline> history(engine::learner_id learner) override;

private:
    SQLite::Database& db_;
    sqlite_content_ids& ids_;
    SQLite::Statement find_;
    SQLite::Statement history_;
    SQLite::Statement find_id_;
    SQLite::Statement insert_;
    SQLite::Statement stats_;
    SQLite::Statement right_times_;
};

} // namespace quiz::storage
