// SPDX-License-Identifier: MIT
#include "content/questions_file.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <span>

namespace quiz::content {

namespace {

constexpr std::size_t min_choices = 2;
constexpr std::size_t max_choices = 6;
constexpr int min_difficulty = 1;
constexpr int max_difficulty = 5;

enum class part { none, concepts, misconceptions, questions, unknown };
enum class phase { attributes, stem, choices };

std::string line_ref(std::size_t line) { return "line " + std::to_string(line); }

bool is_attribute_key(std::string_view key) noexcept
{
    if (key.empty() || key.front() < 'a' || key.front() > 'z') {
        return false;
    }
    for (const char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
            return false;
        }
    }
    return true;
}

class questions_parser {
public:
    questions_parser(const reporter& report, questions_file& out) : report_(report), out_(out) {}

    void run(std::span<const source_line> lines)
    {
        for (const auto& line : lines) {
            take(line);
        }
        finish_question();
        blocks_.close_comment(report_);
        check_file();
    }

private:
    void take(const source_line& line)
    {
        switch (blocks_.classify(line)) {
        case markdown_blocks::line_kind::comment:
            return;
        case markdown_blocks::line_kind::code:
            stem_.push_back(line.text);
            return;
        case markdown_blocks::line_kind::other:
            break;
        }
        if (const auto name = heading_text(line.text, 1)) {
            heading(line, *name);
            return;
        }
        switch (part_) {
        case part::none:
            if (!is_blank(line.text) && !stray_reported_) {
                stray_reported_ = true;
                report_.error(line.number, "text outside any section: the body of a questions file is made of "
                                           "`# Concepts`, `# Misconceptions` and `# Questions`");
            }
            return;
        case part::unknown:
            return;
        case part::concepts:
            tag_line(line, out_.concepts, "concept", "# Concepts");
            return;
        case part::misconceptions:
            tag_line(line, out_.misconceptions, "misconception", "# Misconceptions");
            return;
        case part::questions:
            question_line(line);
            return;
        }
    }

    void heading(const source_line& line, std::string_view name)
    {
        finish_question();
        stray_reported_ = false;
        part next = part::unknown;
        if (name == "Concepts") {
            next = part::concepts;
        } else if (name == "Misconceptions") {
            next = part::misconceptions;
        } else if (name == "Questions") {
            next = part::questions;
        } else {
            report_.error(line.number, "unknown heading " + backticked(line.text) +
                                           ": expected `# Concepts`, `# Misconceptions` or `# Questions`");
        }
        if (next != part::unknown) {
            const auto [it, inserted] = headings_.emplace(std::string(name), line.number);
            if (!inserted) {
                report_.error(line.number,
                              "`# " + std::string(name) + "` appears twice (first at " + line_ref(it->second) + ")");
            }
        }
        part_ = next;
    }

    void tag_line(const source_line& line, std::vector<declared_tag>& tags, std::string_view what,
                  std::string_view section)
    {
        if (is_blank(line.text)) {
            return;
        }
        const std::string_view text = line.text;
        const auto close = text.starts_with("- `") ? text.find('`', 3) : std::string_view::npos;
        if (close == std::string_view::npos || text.substr(close + 1, 1) != ":") {
            report_.error(line.number,
                          "expected ``- `id`: label`` under `" + std::string(section) + "`, got " + backticked(text));
            return;
        }
        const auto id = text.substr(3, close - 3);
        const auto label = trim(text.substr(close + 2));
        const std::string kind(what);
        if (!is_valid_id(id)) {
            report_.error(line.number, kind + " id " + backticked(id) + " must use lowercase letters, digits and `-`");
        }
        if (label.empty()) {
            report_.error(line.number, kind + " " + backticked(id) + " has no label");
        }
        for (const auto& tag : tags) {
            if (tag.id == id) {
                report_.error(line.number,
                              kind + " " + backticked(id) + " is declared twice (first at " + line_ref(tag.line) + ")");
                return;
            }
        }
        tags.push_back({std::string(id), std::string(label), line.number});
    }

    void question_line(const source_line& line)
    {
        if (const auto id = heading_text(line.text, 2)) {
            start_question(line, *id);
            return;
        }
        if (!question_) {
            if (!is_blank(line.text) && !stray_reported_) {
                stray_reported_ = true;
                report_.error(line.number, "text before the first question: a question starts with "
                                           "`## <question-id>`");
            }
            return;
        }
        if (phase_ == phase::attributes) {
            if (is_blank(line.text)) {
                if (attributes_seen_) {
                    phase_ = phase::stem;
                }
                return;
            }
            if (attribute(line)) {
                attributes_seen_ = true;
                return;
            }
            phase_ = phase::stem;
        }
        if (phase_ == phase::stem) {
            if (!line.text.starts_with("- [")) {
                blocks_.keep(line);
                stem_.push_back(line.text);
                return;
            }
            phase_ = phase::choices;
        }
        choice_line(line);
    }

    void start_question(const source_line& line, std::string_view id)
    {
        finish_question();
        if (id.empty()) {
            report_.error(line.number, "`##` needs a question id: `## <question-id>`");
        } else if (!is_valid_id(id)) {
            report_.error(line.number, "question id " + backticked(id) + " must use lowercase letters, digits and `-`");
        }
        question_.emplace();
        question_->id = std::string(id);
        question_->line = line.number;
        phase_ = phase::attributes;
        attributes_seen_ = false;
        trailing_text_reported_ = false;
        stem_.clear();
    }

    /// Reads `key: value`; false when the line is not an attribute (it then starts the stem).
    bool attribute(const source_line& line)
    {
        const auto colon = line.text.find(':');
        if (colon == std::string_view::npos || !is_attribute_key(line.text.substr(0, colon))) {
            return false;
        }
        const auto key = line.text.substr(0, colon);
        const auto value = trim(line.text.substr(colon + 1));
        auto twice = [&](std::size_t first) {
            report_.error(line.number, "`" + std::string(key) + ":` is given twice (first at " + line_ref(first) + ")");
        };
        if (key == "section") {
            if (question_->section.present()) {
                twice(question_->section.line);
            } else {
                question_->section = {std::string(value), line.number};
                if (value.empty()) {
                    report_.error(line.number, "`section:` is empty: name a section id of the guide");
                }
            }
        } else if (key == "concepts") {
            if (question_->concepts_line != 0) {
                twice(question_->concepts_line);
            } else {
                question_->concepts_line = line.number;
                read_concepts(line, value);
            }
        } else if (key == "difficulty") {
            if (question_->difficulty_line != 0) {
                twice(question_->difficulty_line);
            } else {
                question_->difficulty_line = line.number;
                read_difficulty(line, value);
            }
        } else {
            report_.error(line.number, "unknown attribute " + backticked(key) +
                                           ": a question takes `section:`, `concepts:` and `difficulty:`");
        }
        return true;
    }

    void read_concepts(const source_line& line, std::string_view value)
    {
        if (value.empty()) {
            report_.error(line.number, "`concepts:` is empty: list one or more concept ids, comma-separated");
            return;
        }
        while (true) {
            const auto comma = value.find(',');
            const auto item = trim(value.substr(0, comma));
            if (item.empty()) {
                report_.error(line.number, "`concepts:` has an empty item");
            } else if (std::find(question_->concepts.begin(), question_->concepts.end(), item) !=
                       question_->concepts.end()) {
                report_.error(line.number, "concept " + backticked(item) + " is listed twice");
            } else {
                question_->concepts.emplace_back(item);
            }
            if (comma == std::string_view::npos) {
                break;
            }
            value.remove_prefix(comma + 1);
        }
    }

    void read_difficulty(const source_line& line, std::string_view value)
    {
        int difficulty = 0;
        const auto* const end = value.data() + value.size();
        const auto [ptr, ec] = std::from_chars(value.data(), end, difficulty);
        const bool digits_only = !value.empty() && value.find_first_not_of("0123456789") == std::string_view::npos;
        if (!digits_only || ec != std::errc{} || ptr != end) {
            report_.error(line.number, "difficulty must be a whole number from 1 to 5, got " + backticked(value));
            return;
        }
        if (difficulty < min_difficulty || difficulty > max_difficulty) {
            report_.error(line.number, "difficulty " + std::to_string(difficulty) +
                                           " is out of range: use 1 (easy) to 5 (very hard)");
            return;
        }
        question_->difficulty = difficulty;
    }

    void choice_line(const source_line& line)
    {
        if (line.text.starts_with("- [")) {
            choice_marker(line);
            return;
        }
        if (is_blank(line.text)) {
            return;
        }
        if (indent_width(line.text) >= 2) {
            choice_detail(line);
            return;
        }
        if (!trailing_text_reported_) {
            trailing_text_reported_ = true;
            report_.error(line.number, "unexpected text after a choice: indent a choice's explanation by at least "
                                       "two spaces, or start a new question with `## <question-id>`");
        }
    }

    void choice_marker(const source_line& line)
    {
        const std::string_view text = line.text;
        parsed_choice choice;
        choice.line = line.number;
        const bool well_formed = text.size() >= 5 && text[4] == ']' &&
                                 (text[3] == 'x' || text[3] == 'X' || text[3] == ' ') &&
                                 (text.size() == 5 || text[5] == ' ' || text[5] == '\t');
        if (well_formed) {
            choice.correct = text[3] != ' ';
            choice.text = std::string(trim(text.substr(5)));
        } else {
            report_.error(line.number, "malformed choice " + backticked(text) +
                                           ": write `- [x] text` for the correct choice or `- [ ] text` for a "
                                           "wrong one");
            const auto close = text.find(']');
            choice.text = close == std::string_view::npos ? std::string{} : std::string(trim(text.substr(close + 1)));
        }
        question_->choices.push_back(std::move(choice));
    }

    void choice_detail(const source_line& line)
    {
        parsed_choice& choice = question_->choices.back();
        const auto text = trim(line.text);
        if (text.starts_with("misconception:")) {
            const auto id = trim(text.substr(std::string_view("misconception:").size()));
            if (choice.misconception.present()) {
                report_.error(line.number, "`misconception:` is given twice for this choice (first at " +
                                               line_ref(choice.misconception.line) + ")");
            } else if (id.empty()) {
                report_.error(line.number, "`misconception:` is empty: name a misconception id");
            } else {
                choice.misconception = {std::string(id), line.number};
            }
            return;
        }
        if (!choice.explanation.empty()) {
            choice.explanation += ' ';
        }
        choice.explanation += text;
    }

    void finish_question()
    {
        blocks_.close_code_block(report_);
        if (!question_) {
            return;
        }
        parsed_question& q = *question_;
        while (!stem_.empty() && is_blank(stem_.back())) {
            stem_.pop_back();
        }
        std::size_t first = 0;
        while (first < stem_.size() && is_blank(stem_[first])) {
            ++first;
        }
        for (std::size_t i = first; i < stem_.size(); ++i) {
            q.stem += stem_[i];
            if (i + 1 < stem_.size()) {
                q.stem += '\n';
            }
        }
        check_question(q);
        out_.questions.push_back(std::move(q));
        question_.reset();
        stem_.clear();
    }

    void check_question(const parsed_question& q)
    {
        const std::string name = "question " + backticked(q.id);
        if (!q.section.present()) {
            report_.error(q.line, name + " has no `section:` line");
        }
        if (q.concepts_line == 0) {
            report_.error(q.line, name + " has no `concepts:` line");
        }
        if (q.difficulty_line == 0) {
            report_.error(q.line, name + " has no `difficulty:` line");
        }
        if (q.stem.empty()) {
            report_.error(q.line, name + " has no stem: write the question's text before its choices");
        }
        const std::size_t n = q.choices.size();
        if (n < min_choices || n > max_choices) {
            report_.error(q.line,
                          name + " has " + std::to_string(n) + (n == 1 ? " choice" : " choices") + ": it needs 2 to 6");
        }
        std::size_t first_correct = 0;
        std::map<std::string_view, std::size_t> texts;
        for (const auto& choice : q.choices) {
            if (choice.correct) {
                if (first_correct == 0) {
                    first_correct = choice.line;
                } else {
                    report_.error(choice.line, name + " has a second correct choice (the first is at " +
                                                   line_ref(first_correct) + "): mark exactly one with `- [x]`");
                }
                if (choice.misconception.present()) {
                    report_.error(choice.misconception.line,
                                  "the correct choice cannot be tagged with a misconception");
                }
            }
            if (choice.text.empty()) {
                report_.error(choice.line, "choice has no text");
            } else if (const auto [it, inserted] = texts.emplace(choice.text, choice.line); !inserted) {
                report_.error(choice.line, "choice repeats the text of " + line_ref(it->second));
            }
            if (choice.explanation.empty()) {
                report_.error(choice.line, "choice has no explanation: add an indented line under it saying why "
                                           "it is right or wrong");
            }
        }
        if (n != 0 && first_correct == 0) {
            report_.error(q.line, name + " has no correct choice: mark one with `- [x]`");
        }
    }

    void check_file()
    {
        std::map<std::string_view, std::size_t> ids;
        for (const auto& q : out_.questions) {
            if (q.id.empty()) {
                continue;
            }
            if (const auto [it, inserted] = ids.emplace(q.id, q.line); !inserted) {
                report_.error(q.line,
                              "duplicate question id " + backticked(q.id) + " (first at " + line_ref(it->second) + ")");
            }
        }
        const auto questions_heading = headings_.find("Questions");
        if (questions_heading == headings_.end()) {
            report_.error(out_.meta.line == 0 ? 1 : out_.meta.line,
                          "no `# Questions` section: add one with at least one `## <question-id>`");
        } else if (out_.questions.empty()) {
            report_.error(questions_heading->second,
                          "`# Questions` has no question: start one with `## <question-id>`");
        }
        check_tags_used();
    }

    void check_tags_used()
    {
        std::set<std::string_view> concepts_used;
        std::set<std::string_view> misconceptions_used;
        auto declared = [](const std::vector<declared_tag>& tags, std::string_view id) {
            return std::any_of(tags.begin(), tags.end(), [id](const declared_tag& t) { return t.id == id; });
        };
        for (const auto& q : out_.questions) {
            for (const auto& concept_id : q.concepts) {
                concepts_used.insert(concept_id);
                if (!declared(out_.concepts, concept_id)) {
                    report_.error(q.concepts_line,
                                  "unknown concept " + backticked(concept_id) + ": declare it under `# Concepts`");
                }
            }
            for (const auto& choice : q.choices) {
                if (!choice.misconception.present()) {
                    continue;
                }
                misconceptions_used.insert(choice.misconception.value);
                if (!declared(out_.misconceptions, choice.misconception.value)) {
                    report_.error(choice.misconception.line, "unknown misconception " +
                                                                 backticked(choice.misconception.value) +
                                                                 ": declare it under `# Misconceptions`");
                }
            }
        }
        for (const auto& tag : out_.concepts) {
            if (!concepts_used.contains(tag.id)) {
                report_.warning(tag.line, "concept " + backticked(tag.id) + " is not used by any question");
            }
        }
        for (const auto& tag : out_.misconceptions) {
            if (!misconceptions_used.contains(tag.id)) {
                report_.warning(tag.line, "misconception " + backticked(tag.id) + " is not used by any choice");
            }
        }
    }

    const reporter& report_;
    questions_file& out_;
    part part_ = part::none;
    phase phase_ = phase::attributes;
    std::optional<parsed_question> question_;
    std::vector<std::string_view> stem_;
    markdown_blocks blocks_;
    std::map<std::string, std::size_t, std::less<>> headings_;
    bool attributes_seen_ = false;
    bool stray_reported_ = false;
    bool trailing_text_reported_ = false;
};

} // namespace

parsed<questions_file> parse_questions(std::string_view text, const std::string& file)
{
    parsed<questions_file> result;
    const reporter report(file, result.diagnostics);
    const auto lines = split_lines(text, report);
    const std::size_t body = parse_front_matter(lines, file_kind::questions, result.value.meta, report);
    if (body == lines.size() && result.value.meta.line == 0) {
        return result; // an empty file: one diagnostic is enough
    }
    questions_parser parser(report, result.value);
    parser.run(std::span(lines).subspan(body));
    return result;
}

} // namespace quiz::content
