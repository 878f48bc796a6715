// SPDX-License-Identifier: MIT
#pragma once

#include "bot/secret.hpp"

#include <cstdint>
#include <string>

namespace SQLite {
class Database;
}

namespace quiz::bot::cli {

/// The key dashboard links are signed with: QUIZBOT_REPORT_SECRET when set, else the one kept in the database
/// (32 random bytes, made on first use), so that `quizbot serve` and `quizbot report link` agree.
[[nodiscard]] std::string report_key(const secret& configured, SQLite::Database& db, std::int64_t now_ms);

} // namespace quiz::bot::cli
