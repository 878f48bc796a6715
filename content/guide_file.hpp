// SPDX-License-Identifier: MIT
#pragma once

#include "content/front_matter.hpp"
#include "content/questions_file.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::content {

struct parsed_section {
    std::string id;
    std::string title;
    std::size_t line = 0;      ///< the `## Title {#id}` heading
    std::string body_markdown; ///< as written, lines joined with '\n', without leading or trailing blank lines
};

/// A `guide.<lang>.md` file: its sections in guide order.
struct guide_file {
    front_matter meta;
    std::vector<parsed_section> sections;
};

/// Parses a guide file and checks every rule that needs nothing but this file; never throws on bad input.
[[nodiscard]] parsed<guide_file> parse_guide(std::string_view text, const std::string& file);

} // namespace quiz::content
