// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace quiz::bot::cli {

/// "1 pack", "3 packs": a count and its English noun, as the subcommands' summaries print them.
[[nodiscard]] inline std::string counted(std::size_t n, std::string_view noun)
{
    return std::to_string(n) + ' ' + std::string(noun) + (n == 1 ? "" : "s");
}

} // namespace quiz::bot::cli
