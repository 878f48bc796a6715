// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/args.hpp"

#include <string>

namespace quiz::bot::cli {

inline constexpr const char* default_database_path = "./data/quizbot.db";

/// The database a command works on: `--db PATH`, else the QUIZBOT_DB environment variable, else
/// ./data/quizbot.db. Commands that take it list "db" among their valued options. A value that is no SQLite file's
/// path (a URI) is a usage_error: the command exits 2 naming it.
[[nodiscard]] std::string database_path(const args& parsed);

/// Whether `location` is a SQLite file that does not exist: opening it would create an empty database, which a
/// command that reads one must not leave behind for a mistyped path. A PostgreSQL URI is never "missing" here: the
/// server says whether it has the database.
[[nodiscard]] bool no_database_at(const std::string& location);

} // namespace quiz::bot::cli
