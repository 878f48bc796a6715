// SPDX-License-Identifier: MIT
#include "bot/web/markdown.hpp"

#include "bot/web/html.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace quiz::bot::web {

namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) noexcept
{
    while (!s.empty() && is_space(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && is_space(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

bool blank(std::string_view line) noexcept { return trim(line).empty(); }

/// Only schemes that cannot run script; anything with another scheme (javascript:, data:, ...) is refused.
bool safe_url(std::string_view url) noexcept
{
    if (url.empty()) {
        return false;
    }
    const auto colon = url.find(':');
    const auto slash = url.find_first_of("/?#");
    if (colon == std::string_view::npos || (slash != std::string_view::npos && slash < colon)) {
        return true; // relative
    }
    std::string scheme;
    for (const char c : url.substr(0, colon)) {
        scheme += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return scheme == "http" || scheme == "https" || scheme == "mailto";
}

/// Inline spans (code, emphasis, links) close within this many bytes: the bound keeps rendering linear on inputs
/// full of unmatched or unusable markers, and guide spans are far shorter.
constexpr std::size_t max_span = 1024;

std::size_t find_within(std::string_view s, std::string_view needle, std::size_t from) noexcept
{
    if (from >= s.size()) {
        return std::string_view::npos;
    }
    const auto window = s.substr(from, max_span + needle.size());
    const auto at = window.find(needle);
    return at == std::string_view::npos ? at : from + at;
}

class inline_renderer {
public:
    explicit inline_renderer(std::string& out) : out_(out) {}

    void render(std::string_view s)
    {
        std::size_t i = 0;
        while (i < s.size()) {
            const char c = s[i];
            if (c == '`') {
                const auto close = find_within(s, "`", i + 1);
                if (close != std::string_view::npos) {
                    out_ += "<code>";
                    append_escaped(out_, s.substr(i + 1, close - i - 1));
                    out_ += "</code>";
                    i = close + 1;
                    continue;
                }
            } else if (c == '*' && i + 1 < s.size() && s[i + 1] == '*') {
                const auto close = find_within(s, "**", i + 2);
                if (close != std::string_view::npos && close > i + 2) {
                    out_ += "<strong>";
                    render(s.substr(i + 2, close - i - 2));
                    out_ += "</strong>";
                    i = close + 2;
                    continue;
                }
            } else if (c == '*' && i + 1 < s.size() && !is_space(s[i + 1]) && s[i + 1] != '*') {
                const auto close = find_within(s, "*", i + 1);
                if (close != std::string_view::npos && !is_space(s[close - 1])) {
                    out_ += "<em>";
                    render(s.substr(i + 1, close - i - 1));
                    out_ += "</em>";
                    i = close + 1;
                    continue;
                }
            } else if (c == '[') {
                if (link(s, i)) {
                    continue;
                }
            }
            append_escaped(out_, std::string_view(&s[i], 1));
            ++i;
        }
    }

private:
    /// [text](url): renders it and moves i past it, or returns false (the '[' is then plain text).
    bool link(std::string_view s, std::size_t& i)
    {
        const auto middle = find_within(s, "](", i + 1);
        const auto close = middle == std::string_view::npos ? middle : find_within(s, ")", middle + 2);
        if (close == std::string_view::npos) {
            return false;
        }
        const auto text = s.substr(i + 1, middle - i - 1);
        const auto url = trim(s.substr(middle + 2, close - middle - 2));
        if (text.empty() || !safe_url(url) || url.find_first_of(" \t") != std::string_view::npos) {
            return false;
        }
        out_ += "<a href=\"";
        append_escaped(out_, url);
        out_ += "\">";
        render(text); // the text cannot hold "](": no link nests
        out_ += "</a>";
        i = close + 1;
        return true;
    }

    std::string& out_;
};

/// "- x", "* x", "12. x": the item's text, or nullopt-like empty view with ok=false.
struct list_marker {
    bool ok = false;
    bool ordered = false;
    std::string_view text;
};

list_marker list_item(std::string_view line) noexcept
{
    const auto t = trim(line);
    if (t.size() >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ') {
        return {true, false, trim(t.substr(2))};
    }
    std::size_t digits = 0;
    while (digits < t.size() && digits < 9 && t[digits] >= '0' && t[digits] <= '9') {
        ++digits;
    }
    if (digits > 0 && digits + 1 < t.size() && (t[digits] == '.' || t[digits] == ')') && t[digits + 1] == ' ') {
        return {true, true, trim(t.substr(digits + 2))};
    }
    return {};
}

int heading_level(std::string_view line) noexcept
{
    int level = 0;
    while (static_cast<std::size_t>(level) < line.size() && line[static_cast<std::size_t>(level)] == '#') {
        ++level;
    }
    if (level == 0 || level > 6) {
        return 0;
    }
    const auto rest = line.substr(static_cast<std::size_t>(level));
    return rest.empty() || rest[0] == ' ' ? level : 0;
}

bool is_fence(std::string_view line) noexcept { return trim(line).substr(0, 3) == "```"; }

bool is_table_row(std::string_view line) noexcept
{
    const auto t = trim(line);
    return t.size() >= 2 && t.front() == '|';
}

bool is_table_separator(std::string_view line) noexcept
{
    const auto t = trim(line);
    if (!is_table_row(t) || t.find('-') == std::string_view::npos) {
        return false;
    }
    return std::all_of(t.begin(), t.end(), [](char c) { return c == '|' || c == '-' || c == ':' || is_space(c); });
}

std::vector<std::string_view> table_cells(std::string_view line)
{
    auto t = trim(line);
    t.remove_prefix(1);
    if (!t.empty() && t.back() == '|') {
        t.remove_suffix(1);
    }
    std::vector<std::string_view> cells;
    std::size_t start = 0;
    bool in_code = false;
    for (std::size_t i = 0; i <= t.size(); ++i) {
        if (i < t.size() && t[i] == '`') {
            in_code = !in_code;
        }
        if (i == t.size() || (t[i] == '|' && !in_code)) {
            cells.push_back(trim(t.substr(start, i - start)));
            start = i + 1;
        }
    }
    return cells;
}

std::vector<std::string_view> split_lines(std::string_view text)
{
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find('\n', start);
        if (end == std::string_view::npos) {
            if (start < text.size()) {
                lines.push_back(text.substr(start));
            }
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

/// Drops a trailing `{#anchor}` from a heading.
std::string_view heading_text(std::string_view text) noexcept
{
    text = trim(text);
    if (!text.empty() && text.back() == '}') {
        const auto open = text.rfind("{#");
        if (open != std::string_view::npos) {
            text = trim(text.substr(0, open));
        }
    }
    while (!text.empty() && text.back() == '#') { // closing hashes
        text.remove_suffix(1);
    }
    return trim(text);
}

} // namespace

std::string render_inline(std::string_view text)
{
    std::string out;
    inline_renderer(out).render(text);
    return out;
}

std::string render_markdown(std::string_view markdown, int heading_offset)
{
    const auto lines = split_lines(markdown);
    std::string out;
    inline_renderer inline_html(out);
    std::size_t i = 0;
    while (i < lines.size()) {
        const auto line = lines[i];
        if (blank(line)) {
            ++i;
            continue;
        }
        if (is_fence(line)) {
            out += "<pre><code>";
            ++i;
            while (i < lines.size() && !is_fence(lines[i])) {
                append_escaped(out, lines[i]);
                out += '\n';
                ++i;
            }
            ++i; // the closing fence (or the end)
            out += "</code></pre>\n";
            continue;
        }
        if (const int level = heading_level(trim(line)); level > 0) {
            const int shown = std::clamp(level + heading_offset, 1, 6);
            const auto tag = std::to_string(shown);
            out += "<h" + tag + ">";
            inline_html.render(heading_text(trim(line).substr(static_cast<std::size_t>(level))));
            out += "</h" + tag + ">\n";
            ++i;
            continue;
        }
        if (is_table_row(line) && i + 1 < lines.size() && is_table_separator(lines[i + 1])) {
            out += "<table>\n<thead><tr>";
            for (const auto cell : table_cells(line)) {
                out += "<th>";
                inline_html.render(cell);
                out += "</th>";
            }
            out += "</tr></thead>\n<tbody>\n";
            i += 2;
            while (i < lines.size() && is_table_row(lines[i])) {
                out += "<tr>";
                for (const auto cell : table_cells(lines[i])) {
                    out += "<td>";
                    inline_html.render(cell);
                    out += "</td>";
                }
                out += "</tr>\n";
                ++i;
            }
            out += "</tbody>\n</table>\n";
            continue;
        }
        if (const auto first = list_item(line); first.ok) {
            const char* tag = first.ordered ? "ol" : "ul";
            out += std::string("<") + tag + ">\n";
            while (i < lines.size()) {
                const auto item = list_item(lines[i]);
                if (!item.ok) {
                    break;
                }
                std::string text(item.text);
                ++i;
                // Continuation lines: indented, not blank, not a new item.
                while (i < lines.size() && !blank(lines[i]) && is_space(lines[i].front()) && !list_item(lines[i]).ok) {
                    text += ' ';
                    text += trim(lines[i]);
                    ++i;
                }
                out += "<li>";
                inline_html.render(text);
                out += "</li>\n";
            }
            out += std::string("</") + tag + ">\n";
            continue;
        }
        if (trim(line).front() == '>') {
            std::string text;
            while (i < lines.size() && !blank(lines[i]) && trim(lines[i]).front() == '>') {
                text += text.empty() ? "" : " ";
                text += trim(trim(lines[i]).substr(1));
                ++i;
            }
            out += "<blockquote><p>";
            inline_html.render(text);
            out += "</p></blockquote>\n";
            continue;
        }
        std::string text;
        while (i < lines.size() && !blank(lines[i]) && !is_fence(lines[i]) && heading_level(trim(lines[i])) == 0 &&
               !list_item(lines[i]).ok &&
               !(is_table_row(lines[i]) && i + 1 < lines.size() && is_table_separator(lines[i + 1]))) {
            text += text.empty() ? "" : " ";
            text += trim(lines[i]);
            ++i;
        }
        if (text.empty()) { // a line no block accepted (cannot happen, but never loop forever)
            text = trim(line);
            ++i;
        }
        out += "<p>";
        inline_html.render(text);
        out += "</p>\n";
    }
    return out;
}

} // namespace quiz::bot::web
