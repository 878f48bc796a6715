// SPDX-License-Identifier: MIT
#pragma once

#include "content/imported_question.hpp"

#include <string>
#include <string_view>

namespace quiz::content {

/// Reads the multiple-choice subset of Moodle's GIFT format, as Moodle's own importer splits and decodes it:
/// blank lines end a question, `//` lines are comments, `::title::`, `[markdown]`-style format tags, `=`/`~` choices
/// with `#` feedback, `####` general feedback, `\` escapes of `~ = # { } :` and `\n`, `$CATEGORY:` lines.
/// Every other question type, partial credit, several correct choices and choice counts outside 2..6 are reported
/// (with their line, under the name `file`) and left out; descriptions become guide notes.
[[nodiscard]] import_result read_gift(std::string_view text, const std::string& file);

} // namespace quiz::content
