// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Erases playground learners who never came back: web learners all of whose activity (sessions started, answers)
/// falls within one day of their first, the last of it before `idle_before_ms`. At most `limit` of them, each as
/// forget-me erases, inside the caller's transaction (a group commit unit). Learners with no session and no answer
/// (who only looked into a room) are left. Returns how many were erased.
[[nodiscard]] std::int64_t expire_web_learners(SQLite::Database& db, std::int64_t idle_before_ms, int limit);

} // namespace quiz::storage
