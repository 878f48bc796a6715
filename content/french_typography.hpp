// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/front_matter.hpp"

#include <string_view>

namespace quiz::content {

/// Warnings for a French file's prose (code, URLs and the format's own `key: value` structure left out): a narrow
/// no-break space (U+202F, or U+00A0) before `? ! ; :`, French quotes `« »` instead of `"`, factors written in words
/// instead of `4x`, and a few common anglicisms. One warning per line, naming the first problem on it.
void check_french_typography(std::string_view text, file_kind kind, const reporter& report);

} // namespace quiz::content
