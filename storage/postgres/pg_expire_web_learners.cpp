// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_expire_web_learners.hpp"

#include "storage/postgres/pg_forget.hpp"
#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

namespace quiz::storage::postgres {

namespace {

constexpr std::int64_t expiry_day_ms = 24LL * 60 * 60 * 1000;

// Only the playground's learners are read, each through its indexes (session_by_learner, attempt_by_learner), as on
// SQLite. greatest() and least() skip NULLs: a learner with sessions only or answers only is dated by those, one
// with neither has a NULL last_ms and is kept. SKIP LOCKED passes over learners another sweep claimed, or whose
// unit holds their row right now.
constexpr statement expiry_claim{
    "expiry_claim", "SELECT l.external_id FROM learner l"
                    " CROSS JOIN LATERAL (SELECT max(started_at_ms) AS s_last, min(started_at_ms) AS s_first"
                    "                     FROM session WHERE learner_id = l.id) s"
                    " CROSS JOIN LATERAL (SELECT max(answered_at_ms) AS a_last, min(answered_at_ms) AS a_first"
                    "                     FROM attempt WHERE learner_id = l.id) a"
                    " WHERE l.platform = 'web' AND greatest(s.s_last, a.a_last) < $1"
                    "   AND greatest(s.s_last, a.a_last) - least(s.s_first, a.a_first) < $2"
                    " ORDER BY greatest(s.s_last, a.a_last), l.id LIMIT $3 FOR UPDATE OF l SKIP LOCKED"};

} // namespace

std::int64_t expire_web_learners(std::int64_t idle_before_ms, int limit)
{
    const result claimed =
        current_connection().run(expiry_claim, params().add(idle_before_ms).add(expiry_day_ms).add(limit));
    std::int64_t erased = 0;
    for (int row = 0; row < claimed.rows(); ++row) {
        erased += erase_learner("web", claimed.text(row, 0)) ? 1 : 0;
    }
    return erased;
}

std::int64_t pg_expire_web_learners::expire(engine::instant idle_before, int limit)
{
    return expire_web_learners(storage::to_ms(idle_before), limit);
}

} // namespace quiz::storage::postgres
