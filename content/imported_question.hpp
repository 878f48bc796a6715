// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace quiz::content {

/// What the GIFT and Aiken readers extract before ids, sections and concepts are assigned.
/// Texts are decoded (GIFT escapes resolved, format tags removed); `line`s are 1-based lines of the source file.

struct imported_choice {
    std::string text;
    std::string feedback; ///< empty when the source has none
    bool correct = false;
    std::size_t line = 0;
};

struct imported_question {
    std::string title;    ///< GIFT `::title::`; empty when absent
    std::string category; ///< GIFT `$CATEGORY:` in force, as written; empty for the file's default
    std::size_t category_line = 0;
    std::string stem;
    std::vector<imported_choice> choices; ///< exactly one correct, 2 to 6: the readers skip anything else
    std::string general_feedback;         ///< GIFT `####`; empty when absent
    std::size_t line = 0;                 ///< where the question starts
};

/// Text that is not a question but belongs in the guide: a GIFT description (a block without answers).
struct imported_note {
    std::string category;
    std::size_t category_line = 0;
    std::string text;
    std::size_t line = 0;
};

struct import_result {
    std::vector<imported_question> questions;
    std::vector<imported_note> notes;
    std::vector<diagnostic> diagnostics; ///< everything not converted, each with its source line
    std::size_t blocks = 0;              ///< questions found in the source, converted or not
};

/// Top to bottom, as the instructor reads the source; diagnostics of one line keep their order.
inline void sort_by_line(std::vector<diagnostic>& diagnostics)
{
    std::stable_sort(diagnostics.begin(), diagnostics.end(),
                     [](const diagnostic& a, const diagnostic& b) { return a.line < b.line; });
}

} // namespace quiz::content
