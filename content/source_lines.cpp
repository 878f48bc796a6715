// SPDX-License-Identifier: MIT
#include "content/source_lines.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace quiz::content {

namespace {

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

std::string hex_byte(unsigned char byte)
{
    constexpr std::array digits{'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
    return {'0', 'x', digits[byte >> 4U], digits[byte & 0xFU]};
}

std::string code_point(unsigned char byte)
{
    std::string hex = hex_byte(byte);
    return "U+00" + hex.substr(2);
}

/// Length of the well-formed UTF-8 sequence at `pos` (RFC 3629: no overlongs, no surrogates, <= U+10FFFF), or 0.
std::size_t utf8_sequence_length(std::string_view text, std::size_t pos) noexcept
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(pos);
    std::size_t length = 0;
    unsigned char min_second = 0x80;
    unsigned char max_second = 0xBF;
    if (lead < 0x80) {
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) {
            min_second = 0xA0; // overlong
        } else if (lead == 0xED) {
            max_second = 0x9F; // surrogates
        }
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) {
            min_second = 0x90; // overlong
        } else if (lead == 0xF4) {
            max_second = 0x8F; // above U+10FFFF
        }
    } else {
        return 0;
    }
    if (pos + length > text.size()) {
        return 0;
    }
    if (byte(pos + 1) < min_second || byte(pos + 1) > max_second) {
        return 0;
    }
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(pos + i) < 0x80 || byte(pos + i) > 0xBF) {
            return 0;
        }
    }
    return length;
}

/// The first encoding problem of a line, as a message; empty when the line is clean.
std::string encoding_problem(std::string_view line)
{
    for (std::size_t pos = 0; pos < line.size();) {
        const auto byte = static_cast<unsigned char>(line[pos]);
        const std::string column = std::to_string(pos + 1);
        if (byte == '\r') {
            return "carriage return without a line feed at column " + column +
                   ": save the file with LF or CRLF line endings";
        }
        if ((byte < 0x20 && byte != '\t') || byte == 0x7F) {
            return "control character " + code_point(byte) + " at column " + column;
        }
        const std::size_t length = utf8_sequence_length(line, pos);
        if (length == 0) {
            return "invalid UTF-8 at column " + column + " (byte " + hex_byte(byte) + "): save the file as UTF-8";
        }
        pos += length;
    }
    return {};
}

std::string_view trim_right(std::string_view text) noexcept
{
    const auto end = text.find_last_not_of(" \t");
    return end == std::string_view::npos ? std::string_view{} : text.substr(0, end + 1);
}

} // namespace

std::vector<source_line> split_lines(std::string_view text, const reporter& report)
{
    if (text.substr(0, utf8_bom.size()) == utf8_bom) {
        text.remove_prefix(utf8_bom.size());
    }
    std::vector<source_line> lines;
    std::size_t number = 0;
    while (!text.empty()) {
        ++number;
        const auto newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        line = trim_right(line);
        if (auto problem = encoding_problem(line); !problem.empty()) {
            report.error(number, std::move(problem));
        }
        lines.push_back({number, line});
    }
    return lines;
}

std::size_t indent_width(std::string_view line) noexcept
{
    std::size_t width = 0;
    for (const char c : line) {
        if (c == ' ') {
            width += 1;
        } else if (c == '\t') {
            width += 4;
        } else {
            break;
        }
    }
    return width;
}

std::string_view trim(std::string_view text) noexcept
{
    const auto begin = text.find_first_not_of(" \t");
    if (begin == std::string_view::npos) {
        return {};
    }
    return trim_right(text.substr(begin));
}

bool is_blank(std::string_view text) noexcept { return trim(text).empty(); }

bool is_valid_id(std::string_view id) noexcept
{
    return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

std::optional<code_fence> opens_fence(const source_line& line) noexcept
{
    if (indent_width(line.text) > 3) {
        return std::nullopt;
    }
    const auto text = trim(line.text);
    if (text.empty() || (text.front() != '`' && text.front() != '~')) {
        return std::nullopt;
    }
    const char marker = text.front();
    const std::size_t length = std::min(text.find_first_not_of(marker), text.size());
    if (length < 3 || (marker == '`' && text.find('`', length) != std::string_view::npos)) {
        return std::nullopt;
    }
    return code_fence{marker, length, line.number};
}

bool closes_fence(const code_fence& fence, std::string_view line) noexcept
{
    if (indent_width(line) > 3) {
        return false;
    }
    const auto text = trim(line);
    return text.size() >= fence.length && text.find_first_not_of(fence.marker) == std::string_view::npos;
}

bool starts_comment(std::string_view line) noexcept { return trim(line).starts_with("<!--"); }

bool ends_comment(std::string_view line) noexcept { return trim(line).ends_with("-->"); }

std::string backticked(std::string_view text)
{
    constexpr std::size_t max_bytes = 60;
    constexpr std::string_view replacement = "\xEF\xBF\xBD"; // U+FFFD
    std::string result = "`";
    // Messages stay valid UTF-8 and free of control characters whatever the input holds.
    std::size_t pos = 0;
    while (pos < text.size() && pos < max_bytes) {
        const auto byte = static_cast<unsigned char>(text[pos]);
        const std::size_t length = utf8_sequence_length(text, pos);
        if (length == 0 || (byte < 0x20 && byte != '\t') || byte == 0x7F) {
            result += replacement;
            ++pos;
        } else {
            result += text.substr(pos, length);
            pos += length;
        }
    }
    if (pos < text.size()) {
        result += "...";
    }
    result += '`';
    return result;
}

std::optional<std::string_view> heading_text(std::string_view line, std::size_t level) noexcept
{
    if (line.size() < level || line.substr(0, level).find_first_not_of('#') != std::string_view::npos) {
        return std::nullopt;
    }
    if (line.size() == level) {
        return std::string_view{};
    }
    if (line[level] != ' ' && line[level] != '\t') {
        return std::nullopt;
    }
    return trim(line.substr(level));
}

markdown_blocks::line_kind markdown_blocks::classify(const source_line& line) noexcept
{
    if (comment_line_ != 0) {
        if (ends_comment(line.text)) {
            comment_line_ = 0;
        }
        return line_kind::comment;
    }
    if (fence_) {
        if (closes_fence(*fence_, line.text)) {
            fence_.reset();
        }
        return line_kind::code;
    }
    if (starts_comment(line.text)) {
        if (!ends_comment(line.text)) {
            comment_line_ = line.number;
        }
        return line_kind::comment;
    }
    return line_kind::other;
}

void markdown_blocks::close_code_block(const reporter& report)
{
    if (fence_) {
        report.error(fence_->line, "code block is never closed: end it with a line of " +
                                       std::string(fence_->length, fence_->marker));
        fence_.reset();
    }
}

void markdown_blocks::close_comment(const reporter& report) const
{
    if (comment_line_ != 0) {
        report.error(comment_line_, "comment is never closed: end it with `-->`");
    }
}

} // namespace quiz::content
