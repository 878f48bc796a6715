// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot {

/// Why `value` (QUIZBOT_DB, `--db`) names no database quizbot can open, or nullopt for a SQLite file's path. A URI
/// (`scheme://...`) is not a path: SQLite would create a folder named after its scheme. PostgreSQL's URIs are
/// recognised and refused by name, since this build does not include that engine. The reason quotes the scheme
/// only: a connection URI may carry a password.
[[nodiscard]] std::optional<std::string> database_location_problem(std::string_view value);

} // namespace quiz::bot
