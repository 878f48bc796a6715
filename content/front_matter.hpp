// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/source_lines.hpp"

#include <cstddef>
#include <span>
#include <string>

namespace quiz::content {

/// A value read from a file, with the line it came from (0: absent).
struct located {
    std::string value;
    std::size_t line = 0;

    [[nodiscard]] bool present() const noexcept { return line != 0; }
};

/// The `key: value` block between two `---` lines at the top of every pack file.
struct front_matter {
    std::size_t line = 0; ///< the opening `---`; 0 when the file has no front matter
    located pack;
    located lang;
    located title;
    located level;       ///< questions files only
    located description; ///< questions files only
};

enum class file_kind { questions, guide };

/// Reads the front matter at the top of `lines` into `out`; returns the index of the first line after it.
[[nodiscard]] std::size_t parse_front_matter(std::span<const source_line> lines, file_kind kind, front_matter& out,
                                             const reporter& report);

} // namespace quiz::content
