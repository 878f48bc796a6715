// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot {

/// Why `value` (QUIZBOT_DB, `--db`) names no database quizbot can open, or nullopt for a SQLite file's path or a
/// PostgreSQL URI (postgresql:// or postgres://). Any other URI (`scheme://...`) is not a path: SQLite would create
/// a folder named after its scheme. The reason quotes the scheme only: a connection URI may carry a password.
[[nodiscard]] std::optional<std::string> database_location_problem(std::string_view value);

/// Whether `value` is a PostgreSQL URI (postgresql:// or postgres://, any case) rather than a SQLite file's path.
[[nodiscard]] bool is_postgres_location(std::string_view value) noexcept;

/// `value` as logs and messages may show it: a URI's password (`user:password@`, `password=` in its query) replaced
/// by `***`; a path as it is.
[[nodiscard]] std::string shown_location(std::string_view value);

} // namespace quiz::bot
