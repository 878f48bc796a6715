// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// The server's key `name`: the one kept in the database, or, on first use, `generate()`'s, stored in the same
/// transaction. Two servers starting together on one database end up with the same key: the first insert wins
/// and both read it back.
[[nodiscard]] std::string server_secret(SQLite::Database& db, std::string_view name,
                                        const std::function<std::string()>& generate, std::int64_t now_ms);

} // namespace quiz::storage
