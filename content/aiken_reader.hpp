// SPDX-License-Identifier: MIT
#pragma once

#include "content/imported_question.hpp"

#include <string>
#include <string_view>

namespace quiz::content {

/// Reads Moodle's Aiken format: the question text, options `A)` or `A.` one per line, then `ANSWER: X`.
/// Lines of text before the first option form the stem. Aiken has no feedback, titles or categories.
/// Questions without an ANSWER line, with an answer letter that is not an option, or with fewer than 2 or more than 6
/// options are reported (with their line, under the name `file`) and left out.
[[nodiscard]] import_result read_aiken(std::string_view text, const std::string& file);

} // namespace quiz::content
