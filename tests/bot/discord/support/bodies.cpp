// SPDX-License-Identifier: MIT
#include "tests/bot/discord/support/bodies.hpp"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace quiz::test {

std::string keep_body(std::string_view kind, std::string_view name, std::string_view json)
{
    // The PostgreSQL runs (ctest's postgres.discord.*) send the same bodies as the SQLite ones, which are kept and
    // checked; they keep none, so that they never write in the folder while the check or the clearing runs.
    if (const char* engine = std::getenv("QUIZBOT_TEST_ENGINE");
        engine != nullptr && std::string_view(engine) == "postgres") {
        return {};
    }
    static std::atomic<int> counter{0};
    const std::filesystem::path dir(QUIZ_DISCORD_BODIES_DIR);
    std::filesystem::create_directories(dir);
    std::string safe;
    for (const char c : name) {
        safe += (std::isalnum(static_cast<unsigned char>(c)) != 0) ? c : '_';
    }
    const auto path = dir / (std::string(kind) + "-" + safe + "-" + std::to_string(::getpid()) + "-" +
                             std::to_string(counter++) + ".json");
    std::ofstream out(path, std::ios::binary);
    out << json;
    if (!out) {
        throw std::runtime_error("cannot write " + path.string());
    }
    return path.string();
}

} // namespace quiz::test
