// SPDX-License-Identifier: MIT
#include "bot/cli/database_path.hpp"

#include <cstdlib>

namespace quiz::bot::cli {

std::string database_path(const args& parsed)
{
    if (auto given = parsed.value("db")) {
        if (given->empty()) {
            throw usage_error("--db needs a file path");
        }
        return *given;
    }
    if (const char* from_env = std::getenv("QUIZBOT_DB"); from_env != nullptr && *from_env != '\0') {
        return from_env;
    }
    return default_database_path;
}

} // namespace quiz::bot::cli
