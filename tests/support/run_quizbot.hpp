// SPDX-License-Identifier: MIT
// `quizbot <words>` run in-process, as main() runs it: its exit code and what it printed.
#pragma once

#include "bot/cli/command.hpp"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::test {

struct cli_outcome {
    int code = -1;
    std::string out;
    std::string err;
};

/// `input` is what it reads on standard input.
inline cli_outcome run_quizbot(const std::vector<std::string>& words, const std::string& input = "")
{
    const std::vector<std::string_view> arguments(words.begin(), words.end());
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    const int code = bot::cli::run(arguments, {in, out, err});
    return {code, out.str(), err.str()};
}

} // namespace quiz::test
