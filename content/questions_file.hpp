// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/front_matter.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::content {

/// A concept or misconception declared as ``- `id`: label``.
struct declared_tag {
    std::string id;
    std::string label;
    std::size_t line = 0;
};

struct parsed_choice {
    std::size_t line = 0;
    bool correct = false;
    std::string text;
    std::string explanation; ///< indented lines joined with spaces
    located misconception;   ///< absent when the choice carries no `misconception:` line
};

struct parsed_question {
    std::string id;
    std::size_t line = 0; ///< the `## id` heading
    located section;
    std::vector<std::string> concepts;
    std::size_t concepts_line = 0;
    int difficulty = 0;
    std::size_t difficulty_line = 0;
    std::string stem; ///< Markdown, lines joined with '\n'
    std::vector<parsed_choice> choices;
};

/// A `questions.<lang>.md` file as written, with the line of everything for later checks.
struct questions_file {
    front_matter meta;
    std::vector<declared_tag> concepts;
    std::vector<declared_tag> misconceptions;
    std::vector<parsed_question> questions;
};

template <class T>
struct parsed {
    T value;
    std::vector<diagnostic> diagnostics;
};

/// Parses a questions file and checks every rule that needs nothing but this file. Never throws on bad input:
/// every problem becomes a diagnostic naming `file` and a line, and parsing goes on to find the others.
[[nodiscard]] parsed<questions_file> parse_questions(std::string_view text, const std::string& file);

} // namespace quiz::content
