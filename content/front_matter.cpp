// SPDX-License-Identifier: MIT
#include "content/front_matter.hpp"

#include <array>

namespace quiz::content {

namespace {

struct key_slot {
    std::string_view name;
    located front_matter::*field;
    bool required;
    bool in_guide;
};

constexpr std::array keys{
    key_slot{"pack", &front_matter::pack, true, true},
    key_slot{"lang", &front_matter::lang, true, true},
    key_slot{"title", &front_matter::title, true, true},
    key_slot{"level", &front_matter::level, false, false},
    key_slot{"description", &front_matter::description, false, false},
};

bool is_key(std::string_view key) noexcept
{
    if (key.empty()) {
        return false;
    }
    for (const char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
            return false;
        }
    }
    return true;
}

bool is_comment(std::string_view line) noexcept
{
    const auto text = trim(line);
    return text.starts_with("<!--") && text.ends_with("-->");
}

void read_key_value(const source_line& line, file_kind kind, front_matter& out, const reporter& report)
{
    const auto colon = line.text.find(':');
    const auto key = colon == std::string_view::npos ? std::string_view{} : trim(line.text.substr(0, colon));
    if (!is_key(key)) {
        report.error(line.number, "expected `key: value` in the front matter, got " + backticked(trim(line.text)));
        return;
    }
    const auto value = trim(line.text.substr(colon + 1));
    for (const auto& slot : keys) {
        if (slot.name != key || (kind == file_kind::guide && !slot.in_guide)) {
            continue;
        }
        located& field = out.*slot.field;
        if (field.present()) {
            report.error(line.number, "`" + std::string(key) + ":` is given twice (first at line " +
                                          std::to_string(field.line) + ")");
            return;
        }
        field = {std::string(value), line.number};
        if (value.empty() && slot.required) {
            report.error(line.number, "`" + std::string(key) + ":` is empty");
        }
        return;
    }
    const std::string_view expected = kind == file_kind::guide ? "pack, lang, title"
                                                               : "pack, lang, title, level, description";
    report.warning(line.number, "unknown front matter key " + backticked(key) +
                                    " is ignored (expected one of: " + std::string(expected) + ")");
}

void check_required(file_kind kind, front_matter& out, const reporter& report)
{
    for (const auto& slot : keys) {
        if (slot.required && (kind == file_kind::questions || slot.in_guide) && !(out.*slot.field).present()) {
            report.error(out.line, "front matter has no `" + std::string(slot.name) + ":` line");
        }
    }
}

} // namespace

std::size_t parse_front_matter(std::span<const source_line> lines, file_kind kind, front_matter& out,
                               const reporter& report)
{
    bool blank_file = true;
    for (const auto& line : lines) {
        blank_file = blank_file && is_blank(line.text);
    }
    if (blank_file) {
        report.error(1, "empty file: a pack file starts with a front matter block (`pack:`, `lang:` and `title:` "
                        "lines between two `---` lines)");
        return lines.size();
    }
    if (lines.front().text != "---") {
        report.error(lines.front().number, "missing front matter: the file must start with a `---` line, then "
                                           "`pack:`, `lang:` and `title:` lines, then `---`");
        return 0;
    }
    out.line = lines.front().number;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto& line = lines[i];
        if (line.text == "---") {
            check_required(kind, out, report);
            return i + 1;
        }
        if (line.text.starts_with("#")) {
            // A heading: the closing `---` was forgotten. Parse the body from here.
            report.error(out.line, "front matter is not closed: add a `---` line after its last `key: value` line");
            check_required(kind, out, report);
            return i;
        }
        if (is_blank(line.text) || is_comment(line.text)) {
            continue;
        }
        read_key_value(line, kind, out, report);
    }
    report.error(out.line, "front matter is not closed: add a `---` line after its last `key: value` line");
    check_required(kind, out, report);
    return lines.size();
}

} // namespace quiz::content
