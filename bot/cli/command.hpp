// SPDX-License-Identifier: MIT
#pragma once

#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

namespace quiz::bot::cli {

/// Exit codes shared by every subcommand.
enum exit_code : int {
    exit_ok = 0,
    exit_failure = 1, ///< the command ran and found problems (invalid pack, failed import, ...)
    exit_usage = 2,   ///< bad arguments or configuration; nothing was done
};

/// Where a subcommand reads and writes: the process's streams in main, string streams in tests.
struct io {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

/// One subcommand: `quizbot <name...> [args]`. `run` gets the words after the name.
struct command {
    std::vector<std::string_view> name; ///< e.g. {"content", "check"}
    std::string_view usage;             ///< one line: arguments and options
    std::string_view summary;           ///< one line: what it does
    int (*run)(const std::vector<std::string_view>& words, io streams);
    std::string_view details{}; ///< optional: more lines for `quizbot <command> --help` (e.g. environment)
};

/// Runs `quizbot` with its arguments (without the program name); returns the process exit code.
int run(std::span<const std::string_view> arguments, io streams);

} // namespace quiz::bot::cli
