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

/// An ATX heading of exactly `level` `#`s at column 0 (`## Title`): its text, trimmed and maybe empty, or nullopt
/// for any other line.
[[nodiscard]] std::optional<std::string_view> heading_text(std::string_view line, std::size_t level) noexcept;

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

/// What line-based readers of Markdown share: HTML comments are skipped and fenced code blocks are kept whole, so
/// nothing inside either is read as structure.
class markdown_blocks {
public:
    enum class line_kind {
        comment, ///< part of an HTML comment: ignore it
        code,    ///< inside a code block opened earlier (its closing line included): body text, not structure
        other,   ///< structure or text: the reader's to interpret
    };

    [[nodiscard]] line_kind classify(const source_line& line) noexcept;

    /// For a body line the reader keeps: starts a code block when the line opens one.
    void keep(const source_line& line) noexcept { fence_ = opens_fence(line); }

    /// At the end of a part that cannot continue a code block: reports one still open, and closes it.
    void close_code_block(const reporter& report);
    /// At the end of the file: reports a comment still open.
    void close_comment(const reporter& report) const;

private:
    std::optional<code_fence> fence_;
    std::size_t comment_line_ = 0;
};

/// "`text`", shortened to a readable length for messages.
[[nodiscard]] std::string backticked(std::string_view text);

} // namespace quiz::content
