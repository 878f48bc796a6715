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
    // Only the playground's learners are read, each through its indexes (session_by_learner, attempt_by_learner):
    // the sweep runs on the writer, so its cost must follow the web learners, not the whole database. A learner
    // with neither a session nor an attempt has no dates (first and last are NULL) and is kept.
    SQLite::Statement find(db, "SELECT external_id FROM ("
                               "  SELECT external_id,"
                               "    max(coalesce(s_last, a_last), coalesce(a_last, s_last)) AS last_ms,"
                               "    min(coalesce(s_first, a_first), coalesce(a_first, s_first)) AS first_ms FROM ("
                               "      SELECT l.external_id,"
                               "        (SELECT max(started_at_ms) FROM session WHERE learner_id = l.id) AS s_last,"
                               "        (SELECT min(started_at_ms) FROM session WHERE learner_id = l.id) AS s_first,"
                               "        (SELECT max(answered_at_ms) FROM attempt WHERE learner_id = l.id) AS a_last,"
                               "        (SELECT min(answered_at_ms) FROM attempt WHERE learner_id = l.id) AS a_first"
                               "      FROM learner l WHERE l.platform = 'web'))"
                               "WHERE last_ms < ? AND last_ms - first_ms < ? "
                               "ORDER BY last_ms LIMIT ?");
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
