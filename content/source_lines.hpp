// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::content {

/// One line of a pack file, ready for the parsers.
struct source_line {
    std::size_t number = 0; ///< 1-based
    std::string_view text;  ///< without the line ending and trailing spaces or tabs; views the caller's text
};

/// Splits `text` into lines. A leading UTF-8 BOM is dropped, LF and CRLF endings are both accepted, trailing spaces
/// and tabs are removed. Invalid UTF-8, control characters and lone carriage returns are reported (one per line);
/// the line is still returned so the rest of the file gets checked too.
[[nodiscard]] std::vector<source_line> split_lines(std::string_view text, const reporter& report);

/// Leading whitespace width: a space counts 1, a tab 4.
[[nodiscard]] std::size_t indent_width(std::string_view line) noexcept;

[[nodiscard]] std::string_view trim(std::string_view text) noexcept;
[[nodiscard]] bool is_blank(std::string_view text) noexcept;

/// Ids written by instructors: lowercase ASCII letters, digits and '-', not empty.
[[nodiscard]] bool is_valid_id(std::string_view id) noexcept;

/// A Markdown fenced code block's opening line (``` or ~~~, three or more); inside one, nothing is structure.
struct code_fence {
    char marker = '`';
    std::size_t length = 0;
    std::size_t line = 0;
};

/// The fence `line` opens, if it opens one.
[[nodiscard]] std::optional<code_fence> opens_fence(const source_line& line) noexcept;
[[nodiscard]] bool closes_fence(const code_fence& fence, std::string_view line) noexcept;

/// A whole-line HTML comment (`<!-- ... -->`), or the first line of one spanning several lines.
[[nodiscard]] bool starts_comment(std::string_view line) noexcept;
[[nodiscard]] bool ends_comment(std::string_view line) noexcept;

/// "`text`", shortened to a readable length for messages.
[[nodiscard]] std::string backticked(std::string_view text);

/// Same as backticked. Pitfall: with a std::string argument and <iomanip> visible (as <filesystem> makes it), ADL
/// picks std::quoted instead; prefer backticked.
[[nodiscard]] inline std::string quoted(std::string_view text) { return backticked(text); }

} // namespace quiz::content
