// SPDX-License-Identifier: MIT
// The composition root: the only place that wires concrete parts together.
#include "bot/cli/command.hpp"

#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string_view> arguments(argv + 1, argv + argc);
    try {
        return quiz::bot::cli::run(arguments, {std::cin, std::cout, std::cerr});
    } catch (const std::exception& e) {
        // Infrastructure failures (disk, database, memory) end up here once, with their reason.
        std::cerr << "quizbot: fatal: " << e.what() << '\n';
        return 1;
    }
}
