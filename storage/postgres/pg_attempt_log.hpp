// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/postgres/pg_content_ids.hpp"
#include "storage/postgres/population_cache.hpp"

#include <chrono>

namespace quiz::storage::postgres {

/// What appending under an idempotency key did.
struct append_result {
    engine::attempt_id id; ///< the new attempt, or the one recorded earlier under the same key
    bool inserted = false; ///< false: the key was already in the log and nothing was written
};

/// The append-only attempt table, on the calling thread's transaction (current_connection()). The idempotency key's
/// UNIQUE constraint is the source of truth: a second append under a key is not an error but the domain outcome
/// "already recorded" (INSERT ... ON CONFLICT DO NOTHING, never a caught unique violation, which would abort the
/// whole transaction), which returns the earlier attempt. find() first takes a transaction-scoped advisory lock on
/// the key: an action delivered twice, to two nodes, is handled by one and then found done by the other. Holds no
/// connection.
class pg_attempt_log final : public engine::attempt_log {
public:
    explicit pg_attempt_log(pg_content_ids& ids, std::chrono::milliseconds stats_fresh_for = {})
        : ids_(ids), stats_(stats_fresh_for)
    {
    }

    [[nodiscard]] std::optional<engine::attempt_record> find(const engine::idempotency_key& key) override;
    /// append_once(attempt).id.
    engine::attempt_id append(const engine::attempt_record& attempt) override;
    append_result append_once(const engine::attempt_record& attempt);
    /// Summed over the stripes of question_stats (kept by a trigger), as read at most `stats_fresh_for` ago.
    [[nodiscard]] std::vector<engine::question_stats> first_attempt_stats(const engine::pack_key& pack) override;
    [[nodiscard]] std::vector<std::chrono::milliseconds> recent_right_response_times(engine::learner_id learner,
                                                                                     std::size_t count) override;
    [[nodiscard]] std::vector<engine::answer_outline> history(engine::learner_id learner) override;

private:
    pg_content_ids& ids_;
    population_cache<std::vector<engine::question_stats>> stats_;
};

} // namespace quiz::storage::postgres
