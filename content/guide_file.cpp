// SPDX-License-Identifier: MIT
#include "content/guide_file.hpp"

#include "content/source_lines.hpp"

#include <map>
#include <optional>
#include <span>

namespace quiz::content {

namespace {

class guide_parser {
public:
    guide_parser(const reporter& report, guide_file& out) : report_(report), out_(out) {}

    void run(std::span<const source_line> lines)
    {
        for (const auto& line : lines) {
            take(line);
        }
        blocks_.close_code_block(report_);
        blocks_.close_comment(report_);
        finish_section();
        if (out_.sections.empty() && !heading_seen_) {
            report_.error(out_.meta.line == 0 ? 1 : out_.meta.line,
                          "the guide has no section: start one with `## Title {#section-id}`");
        }
    }

private:
    void take(const source_line& line)
    {
        switch (blocks_.classify(line)) {
        case markdown_blocks::line_kind::comment:
            return;
        case markdown_blocks::line_kind::code:
            body_.push_back(line.text);
            return;
        case markdown_blocks::line_kind::other:
            break;
        }
        if (const auto heading = heading_text(line.text, 2)) {
            start_section(line, *heading);
            return;
        }
        if (!in_section_) {
            if (!is_blank(line.text) && !stray_reported_) {
                stray_reported_ = true;
                report_.error(line.number, "text before the first section: every part of the guide belongs to a "
                                           "`## Title {#section-id}` section");
            }
            return;
        }
        blocks_.keep(line);
        body_.push_back(line.text);
    }

    void start_section(const source_line& line, std::string_view heading)
    {
        finish_section();
        heading_seen_ = true;
        in_section_ = true;
        const auto open = heading.rfind("{#");
        if (open == std::string_view::npos || !heading.ends_with("}")) {
            report_.error(line.number, "section heading needs an id: write `## Title {#section-id}`");
            section_.reset(); // its body is read and dropped
            return;
        }
        const auto id = heading.substr(open + 2, heading.size() - open - 3);
        const auto title = trim(heading.substr(0, open));
        if (!is_valid_id(id)) {
            report_.error(line.number, "section id " + backticked(id) + " must use lowercase letters, digits and `-`");
        }
        if (title.empty()) {
            report_.error(line.number,
                          "section " + backticked(id) + " has no title before `{#" + std::string(id) + "}`");
        }
        if (const auto [it, inserted] = ids_.emplace(std::string(id), line.number); !inserted) {
            report_.error(line.number, "duplicate section id " + backticked(id) + " (first at line " +
                                           std::to_string(it->second) + ")");
        }
        section_.emplace();
        section_->id = std::string(id);
        section_->title = std::string(title);
        section_->line = line.number;
    }

    void finish_section()
    {
        if (section_) {
            while (!body_.empty() && is_blank(body_.back())) {
                body_.pop_back();
            }
            std::size_t first = 0;
            while (first < body_.size() && is_blank(body_[first])) {
                ++first;
            }
            for (std::size_t i = first; i < body_.size(); ++i) {
                section_->body_markdown += body_[i];
                if (i + 1 < body_.size()) {
                    section_->body_markdown += '\n';
                }
            }
            if (section_->body_markdown.empty()) {
                report_.error(section_->line, "section " + backticked(section_->id) + " is empty");
            }
            out_.sections.push_back(std::move(*section_));
            section_.reset();
        }
        body_.clear();
    }

    const reporter& report_;
    guide_file& out_;
    std::optional<parsed_section> section_;
    std::vector<std::string_view> body_;
    markdown_blocks blocks_;
    std::map<std::string, std::size_t, std::less<>> ids_;
    bool in_section_ = false;
    bool heading_seen_ = false;
    bool stray_reported_ = false;
};

} // namespace

parsed<guide_file> parse_guide(std::string_view text, const std::string& file)
{
    parsed<guide_file> result;
    const reporter report(file, result.diagnostics);
    const auto lines = split_lines(text, report);
    const std::size_t body = parse_front_matter(lines, file_kind::guide, result.value.meta, report);
    if (body == lines.size() && result.value.meta.line == 0) {
        return result;
    }
    guide_parser parser(report, result.value);
    parser.run(std::span(lines).subspan(body));
    return result;
}

} // namespace quiz::content
