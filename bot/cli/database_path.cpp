// SPDX-License-Identifier: MIT
#include "bot/cli/database_path.hpp"

#include "bot/cli/option_values.hpp"

namespace quiz::bot::cli {

std::string database_path(const args& parsed)
{
    return option_or_env(parsed, "db", "QUIZBOT_DB", default_database_path);
}

} // namespace quiz::bot::cli
