// SPDX-License-Identifier: MIT
#include "bot/cli/database_path.hpp"

#include "bot/cli/option_values.hpp"
#include "bot/database_location.hpp"

#include <filesystem>

namespace quiz::bot::cli {

std::string database_path(const args& parsed)
{
    auto path = option_or_env(parsed, "db", "QUIZBOT_DB", default_database_path);
    if (const auto problem = database_location_problem(path)) {
        throw usage_error("--db or QUIZBOT_DB: " + *problem);
    }
    return path;
}

bool no_database_at(const std::string& location)
{
    return !is_postgres_location(location) && !std::filesystem::exists(location);
}

} // namespace quiz::bot::cli
