// SPDX-License-Identifier: MIT
#include "storage/expire_web_learners.hpp"

#include "storage/forget.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <string>
#include <vector>

namespace quiz::storage {

std::int64_t expire_web_learners(SQLite::Database& db, std::int64_t idle_before_ms, int limit)
{
    constexpr std::int64_t day_ms = 24LL * 60 * 60 * 1000;
    SQLite::Statement find(db, "SELECT l.external_id FROM learner l "
                               "JOIN (SELECT learner_id, min(at) AS first_ms, max(at) AS last_ms FROM ("
                               "        SELECT learner_id, started_at_ms AS at FROM session"
                               "        UNION ALL SELECT learner_id, answered_at_ms FROM attempt)"
                               "      GROUP BY learner_id) activity ON activity.learner_id = l.id "
                               "WHERE l.platform = 'web' AND activity.last_ms < ? AND activity.last_ms - "
                               "activity.first_ms < ? "
                               "ORDER BY activity.last_ms LIMIT ?");
    find.bind(1, idle_before_ms);
    find.bind(2, day_ms);
    find.bind(3, limit);
    std::vector<std::string> gone;
    while (find.executeStep()) {
        gone.push_back(find.getColumn(0).getString());
    }
    std::int64_t erased = 0;
    for (const auto& id : gone) {
        erased += erase_learner(db, "web", id) ? 1 : 0;
    }
    return erased;
}

} // namespace quiz::storage
