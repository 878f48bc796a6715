// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// What forget_learner removed, table by table, in the order it removed them.
struct erased_rows {
    std::string_view what; ///< e.g. "attempts"
    std::int64_t count = 0;
};

/// Erases everything the database holds about one learner, in one IMMEDIATE transaction: attempts, memory,
/// concept mastery, sessions, their line, answers and host role in group rounds' states (other players' scores
/// stay), round participation, memberships, reminders, fitted parameters and the learner row. Learner ids are
/// never reused (AUTOINCREMENT), so nothing left can come to name someone else. Deleted content is overwritten (secure_delete) and the WAL is
/// checkpointed afterwards, so the bytes are gone from the live files; earlier backups still hold them.
/// nullopt when no learner has that platform and external id.
[[nodiscard]] std::optional<std::vector<erased_rows>> forget_learner(SQLite::Database& db, std::string_view platform,
                                                                     std::string_view external_id);

/// The same erasure inside the caller's transaction (a group commit unit), so that it commits with the unit; the
/// WAL is not checkpointed (a transaction is open), the next automatic checkpoint overwrites the old pages.
[[nodiscard]] std::optional<std::vector<erased_rows>> erase_learner(SQLite::Database& db, std::string_view platform,
                                                                    std::string_view external_id);

} // namespace quiz::storage
