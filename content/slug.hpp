// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace quiz::content {

/// An id made from free text: lowercase ASCII letters and digits separated by single '-', at most `max_length`
/// bytes and cut at a word boundary. Accented Latin letters lose their accents ("Mémoire" -> "memoire", "œ" -> "oe");
/// anything else separates words. Empty when `text` has no letter or digit.
[[nodiscard]] std::string slugify(std::string_view text, std::size_t max_length = 48);

} // namespace quiz::content
