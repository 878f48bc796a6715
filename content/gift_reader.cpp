// SPDX-License-Identifier: MIT
#include "content/gift_reader.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <vector>

namespace quiz::content {

namespace {

constexpr auto npos = std::string_view::npos;

/// A question block with its escapes resolved. Every byte remembers whether it came from a `\` escape (then it is
/// text, never syntax) and its source line, so that messages can point at the choice they are about.
struct decoded_block {
    std::string chars;
    std::vector<bool> escaped;
    std::vector<std::size_t> lines;

    void push(char c, bool was_escaped, std::size_t line)
    {
        chars.push_back(c);
        escaped.push_back(was_escaped);
        lines.push_back(line);
    }
};

decoded_block decode(const std::vector<source_line>& lines)
{
    decoded_block block;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::string_view text = trim(lines[index].text);
        const std::size_t number = lines[index].number;
        if (index != 0) {
            block.push('\n', false, lines[index - 1].number);
        }
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c != '\\' || i + 1 == text.size()) {
                block.push(c, false, number);
                continue;
            }
            const char next = text[i + 1];
            if (next == '\\' || std::string_view{":#={}~"}.find(next) != npos) {
                block.push(next, true, number);
                ++i;
            } else if (next == 'n') {
                block.push('\n', true, number);
                ++i;
            } else {
                block.push(c, false, number); // not an escape: the backslash stays, as in Moodle (LaTeX `\(`)
            }
        }
    }
    return block;
}

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// A range [begin, end) of a decoded block. Searches see only unescaped bytes.
class marked {
public:
    marked(const decoded_block& block, std::size_t begin, std::size_t end) : block_(&block), begin_(begin), end_(end) {}
    explicit marked(const decoded_block& block) : marked(block, 0, block.chars.size()) {}

    [[nodiscard]] std::size_t size() const noexcept { return end_ - begin_; }
    [[nodiscard]] bool empty() const noexcept { return begin_ == end_; }

    [[nodiscard]] bool syntax_at(std::size_t i, char c) const noexcept
    {
        return i < size() && block_->chars[begin_ + i] == c && !block_->escaped[begin_ + i];
    }

    [[nodiscard]] bool syntax_at(std::size_t i, std::string_view s) const noexcept
    {
        for (std::size_t k = 0; k < s.size(); ++k) {
            if (!syntax_at(i + k, s[k])) {
                return false;
            }
        }
        return true;
    }

    [[nodiscard]] bool starts_with(std::string_view s) const noexcept { return syntax_at(0, s); }

    [[nodiscard]] std::size_t find(std::string_view s, std::size_t from = 0) const noexcept
    {
        for (std::size_t i = from; i + s.size() <= size(); ++i) {
            if (syntax_at(i, s)) {
                return i;
            }
        }
        return npos;
    }

    [[nodiscard]] std::size_t rfind(std::string_view s) const noexcept
    {
        for (std::size_t i = size(); i >= s.size(); --i) {
            if (syntax_at(i - s.size(), s)) {
                return i - s.size();
            }
        }
        return npos;
    }

    [[nodiscard]] marked sub(std::size_t from, std::size_t to = npos) const noexcept
    {
        from = std::min(from, size());
        to = std::clamp(to, from, size());
        return {*block_, begin_ + from, begin_ + to};
    }

    [[nodiscard]] marked trimmed() const noexcept
    {
        std::size_t b = begin_;
        std::size_t e = end_;
        while (b < e && is_space(block_->chars[b])) {
            ++b;
        }
        while (e > b && is_space(block_->chars[e - 1])) {
            --e;
        }
        return {*block_, b, e};
    }

    [[nodiscard]] std::string text() const { return block_->chars.substr(begin_, size()); }

    /// The source line of the first byte (of the byte just before, for an empty range).
    [[nodiscard]] std::size_t line() const noexcept
    {
        if (block_->lines.empty()) {
            return 0;
        }
        const std::size_t at = begin_ < block_->lines.size() ? begin_ : block_->lines.size() - 1;
        return block_->lines[at];
    }

private:
    const decoded_block* block_;
    std::size_t begin_;
    std::size_t end_;
};

enum class text_format { moodle, html, plain, markdown };

std::string trim_space(std::string_view text)
{
    const auto begin = std::find_if_not(text.begin(), text.end(), is_space);
    const auto end = std::find_if_not(text.rbegin(), text.rend(), is_space).base();
    return begin < end ? std::string(begin, end) : std::string{};
}

/// Removes a leading `[moodle]`, `[html]`, `[plain]` or `[markdown]` tag. Any other bracketed text is content.
text_format take_format(std::string& text, text_format fallback)
{
    static constexpr std::array<std::pair<std::string_view, text_format>, 4> tags{{
        {"[moodle]", text_format::moodle},
        {"[html]", text_format::html},
        {"[plain]", text_format::plain},
        {"[markdown]", text_format::markdown},
    }};
    for (const auto& [tag, format] : tags) {
        if (text.starts_with(tag)) {
            text = trim_space(std::string_view(text).substr(tag.size()));
            return format;
        }
    }
    return fallback;
}

/// The first HTML tag in `text` (`<b>`, `</p>`, `<br/>`...), or empty. Only known tag names count, so that
/// `std::vector<int>` or `a < b` are not taken for markup.
std::string_view html_tag(std::string_view text)
{
    static constexpr std::array<std::string_view, 30> names{
        "a", "b",   "blockquote", "br", "code", "div", "em", "font", "h1",     "h2",  "h3",  "h4",    "h5", "h6", "hr",
        "i", "img", "li",         "ol", "p",    "pre", "s",  "span", "strong", "sub", "sup", "table", "td", "tr", "u"};
    constexpr std::size_t longest_name = 10;
    std::size_t close = 0;
    for (std::size_t pos = text.find('<'); pos != npos; pos = text.find('<', pos + 1)) {
        if (close <= pos && (close = text.find('>', pos)) == npos) {
            return {};
        }
        std::size_t name_begin = pos + 1;
        if (name_begin < close && text[name_begin] == '/') {
            ++name_begin;
        }
        std::string name;
        std::size_t end = name_begin;
        while (end < close && name.size() <= longest_name && std::isalnum(static_cast<unsigned char>(text[end]))) {
            name += static_cast<char>(std::tolower(static_cast<unsigned char>(text[end])));
            ++end;
        }
        const bool name_ends = end == close || text[end] == ' ' || text[end] == '\t' || text[end] == '/';
        if (name_ends && std::find(names.begin(), names.end(), name) != names.end()) {
            return text.substr(pos, close - pos + 1);
        }
    }
    return {};
}

/// `%50%`, `%-33.3%` at the start of a choice: Moodle's answer weight, in percent.
std::optional<double> take_weight(marked& body)
{
    if (!body.starts_with("%")) {
        return std::nullopt;
    }
    const std::size_t close = body.find("%", 1);
    if (close == npos) {
        return std::nullopt;
    }
    const std::string number = body.sub(1, close).text();
    double value = 0;
    const char* first = number.data();
    const char* last = number.data() + number.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc{} || end != last || number.empty()) {
        return std::nullopt;
    }
    body = body.sub(close + 1).trimmed();
    return value;
}

std::string percent(double weight)
{
    std::string text = std::to_string(weight);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.ends_with('.')) {
        text.pop_back();
    }
    return '%' + text + '%';
}

struct gift_choice {
    imported_choice choice;
    char marker = '~';
    std::optional<double> weight;
    text_format format = text_format::moodle;
};

class gift_reader {
public:
    gift_reader(const std::string& file, import_result& out) : report_(file, out.diagnostics), out_(out) {}

    void read(std::string_view text)
    {
        const std::vector<source_line> lines = split_lines(text, report_);
        std::vector<source_line> block;
        for (const source_line& line : lines) {
            const std::string_view content = trim(line.text);
            if (content.empty()) {
                read_block(block);
                block.clear();
            } else if (!content.starts_with("//")) {
                block.push_back(line);
            }
        }
        read_block(block);
    }

private:
    void read_block(std::vector<source_line> block)
    {
        if (block.empty()) {
            return;
        }
        if (const std::string_view first = trim(block.front().text); first.starts_with("$CATEGORY:")) {
            category_ = marked(decode({{block.front().number, first.substr(10)}})).trimmed().text();
            category_line_ = block.front().number;
            block.erase(block.begin());
            if (block.empty()) {
                return;
            }
        }
        const decoded_block decoded = decode(block);
        read_question(marked(decoded).trimmed());
    }

    void read_question(marked rest)
    {
        const std::size_t line = rest.line();
        std::string title;
        if (rest.starts_with("::")) {
            const std::size_t end = rest.find("::", 2);
            if (end == npos) {
                report_.warning(line, "the title opened with `::` is not closed: it is read as question text");
                rest = rest.sub(2).trimmed();
            } else {
                title = rest.sub(2, end).trimmed().text();
                rest = rest.sub(end + 2).trimmed();
            }
        }

        const std::size_t open = rest.find("{");
        const std::size_t close = rest.find("}");
        if (open == npos && close == npos) {
            read_description(rest, line);
            return;
        }
        ++out_.blocks;
        if (open == npos || close < open) {
            report_.error(rest.sub(close).line(), "`}` without an opening `{`: question not imported");
            return;
        }
        if (close == npos) {
            report_.error(rest.sub(open).line(),
                          "the answers opened with `{` have no closing `}` (a blank line ends a question): "
                          "question not imported");
            return;
        }
        const marked before = rest.sub(0, open);
        const marked after = rest.sub(close + 1);
        if (after.find("{") != npos) {
            report_.error(after.sub(after.find("{")).line(),
                          "a second answer block `{...}` (embedded answers) cannot be converted: "
                          "question not imported");
            return;
        }
        // As in Moodle: answers in the middle of the text leave a blank to fill.
        std::string stem = trim_space(after.trimmed().empty() ? before.text() : before.text() + "_____" + after.text());
        const text_format format = take_format(stem, text_format::moodle);

        marked answers = rest.sub(open + 1, close).trimmed();
        std::string general_feedback;
        if (const std::size_t separator = answers.rfind("####"); separator != npos) {
            general_feedback = answers.sub(separator + 4).trimmed().text();
            take_format(general_feedback, format);
            answers = answers.sub(0, separator).trimmed();
        }

        if (const std::string kind = other_kind(answers); !kind.empty()) {
            report_.error(line, kind);
            return;
        }

        imported_question question{title, category_, category_line_, std::move(stem), {}, std::move(general_feedback),
                                   line};
        std::vector<gift_choice> choices;
        if (!split_choices(answers, format, choices) || !check(question, choices, line)) {
            return;
        }
        bool html = format == text_format::html;
        for (const gift_choice& parsed : choices) {
            html = html || parsed.format == text_format::html;
            question.choices.push_back(parsed.choice);
        }
        warn_about_html(question, html);
        out_.questions.push_back(std::move(question));
    }

    void read_description(marked text, std::size_t line)
    {
        std::string body = text.text();
        take_format(body, text_format::moodle);
        if (body.empty()) {
            report_.warning(line, "nothing but a title or a format tag: ignored");
            return;
        }
        report_.warning(line, "text without answers (a description) is not a question: added to the guide section "
                              "instead");
        out_.notes.push_back({category_, category_line_, std::move(body), line});
    }

    /// Why a question that is not multiple choice is left out (its type decided as Moodle decides it); empty for
    /// multiple choice.
    static std::string other_kind(const marked& answers)
    {
        constexpr std::string_view left_out = " question not imported: only multiple-choice questions convert";
        if (answers.empty()) {
            return "essay (`{}`)" + std::string(left_out);
        }
        if (answers.starts_with("#")) {
            return "numerical (`{#...}`)" + std::string(left_out);
        }
        if (answers.find("~") != npos) {
            return {};
        }
        if (answers.find("=") != npos && answers.find("->") != npos) {
            return "matching (`->`)" + std::string(left_out);
        }
        const std::size_t hash = answers.find("#");
        const std::string verdict = answers.sub(0, hash == npos ? answers.size() : hash).trimmed().text();
        if (verdict == "T" || verdict == "TRUE" || verdict == "F" || verdict == "FALSE") {
            return "true/false" + std::string(left_out) + " (write it as `{=True ~False}` to keep it)";
        }
        return "short-answer (only `=` answers)" + std::string(left_out) + " (add wrong choices with `~` to keep it)";
    }

    bool split_choices(const marked& answers, text_format format, std::vector<gift_choice>& choices)
    {
        std::vector<std::size_t> starts;
        for (std::size_t i = 0; i < answers.size(); ++i) {
            if (answers.syntax_at(i, '=') || answers.syntax_at(i, '~')) {
                starts.push_back(i);
            }
        }
        if (starts.empty()) {
            return false; // other_kind() already sent anything without `~` elsewhere
        }
        if (const marked lead = answers.sub(0, starts.front()).trimmed(); !lead.empty()) {
            report_.error(lead.line(), "text " + backticked(lead.text()) +
                                           " before the first `=` or `~` of the answers: question not imported");
            return false;
        }
        for (std::size_t k = 0; k < starts.size(); ++k) {
            const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : answers.size();
            gift_choice parsed;
            parsed.marker = answers.syntax_at(starts[k], '=') ? '=' : '~';
            parsed.choice.line = answers.sub(starts[k]).line();
            marked body = answers.sub(starts[k] + 1, end).trimmed();
            parsed.weight = take_weight(body);
            const std::size_t hash = body.find("#");
            parsed.choice.text = body.sub(0, hash).trimmed().text();
            parsed.format = take_format(parsed.choice.text, format);
            if (hash != npos) {
                parsed.choice.feedback = body.sub(hash + 1).trimmed().text();
                take_format(parsed.choice.feedback, format);
            }
            choices.push_back(std::move(parsed));
        }
        return true;
    }

    /// Marks the correct choice; reports everything the pack format cannot express. False if anything was.
    bool check(const imported_question& question, std::vector<gift_choice>& choices, std::size_t line)
    {
        std::vector<std::pair<std::size_t, std::string>> problems;
        std::size_t correct = 0;
        std::size_t credited = 0;
        for (gift_choice& parsed : choices) {
            const double weight = parsed.weight.value_or(parsed.marker == '=' ? 100.0 : 0.0);
            parsed.choice.correct = weight >= 100.0;
            correct += parsed.choice.correct ? 1 : 0;
            credited += weight > 0.0 ? 1 : 0;
        }
        if (correct > 1) {
            problems.emplace_back(line, std::to_string(correct) + " correct choices: a question has exactly one");
        } else if (correct == 0 && credited > 1) {
            problems.emplace_back(line, "several choices share the credit (a multiple-answer question): a question "
                                        "has exactly one correct choice");
        } else {
            for (const gift_choice& parsed : choices) {
                const double weight = parsed.weight.value_or(0.0);
                if (weight > 0.0 && weight < 100.0) {
                    problems.emplace_back(parsed.choice.line, "partial credit " + percent(weight) + " on choice " +
                                                                  backticked(parsed.choice.text) +
                                                                  " cannot be converted: a choice is right or wrong");
                }
            }
            if (correct == 0 && credited == 0) {
                problems.emplace_back(line, "no correct choice: mark the right one with `=`");
            }
        }
        if (choices.size() < 2 || choices.size() > 6) {
            problems.emplace_back(line, std::to_string(choices.size()) +
                                            (choices.size() == 1 ? " choice" : " choices") + ": a question has 2 to 6");
        }
        if (question.stem.empty()) {
            problems.emplace_back(line, "the question has no text");
        }
        // Past six choices the question is out anyway; comparing every pair of thousands would only cost time.
        for (std::size_t k = 0; k < choices.size() && k < 6; ++k) {
            const imported_choice& choice = choices[k].choice;
            if (choice.text.empty()) {
                problems.emplace_back(choice.line, "a choice has no text");
                continue;
            }
            for (std::size_t earlier = 0; earlier < k; ++earlier) {
                if (choices[earlier].choice.text == choice.text) {
                    problems.emplace_back(choice.line, "choice " + backticked(choice.text) + " is written twice");
                    break;
                }
            }
        }
        for (auto& [at, message] : problems) {
            report_.error(at, std::move(message) + "; question not imported");
        }
        if (!problems.empty()) {
            return false;
        }
        for (const gift_choice& parsed : choices) {
            if (parsed.weight && *parsed.weight < 0.0) {
                report_.warning(parsed.choice.line, "penalty " + percent(*parsed.weight) + " on choice " +
                                                        backticked(parsed.choice.text) +
                                                        " dropped: a wrong choice is simply wrong");
            }
        }
        return true;
    }

    void warn_about_html(const imported_question& question, bool html_format)
    {
        std::string_view tag = html_tag(question.stem);
        for (const imported_choice& choice : question.choices) {
            for (const std::string* text : {&choice.text, &choice.feedback}) {
                if (tag.empty()) {
                    tag = html_tag(*text);
                }
            }
        }
        if (tag.empty()) {
            tag = html_tag(question.general_feedback);
        }
        if (html_format || !tag.empty()) {
            report_.warning(question.line, std::string("HTML") + (tag.empty() ? "" : " (" + std::string(tag) + ")") +
                                               " is kept as written: check that it reads well as Markdown");
        }
    }

    reporter report_;
    import_result& out_;
    std::string category_;
    std::size_t category_line_ = 0;
};

} // namespace

import_result read_gift(std::string_view text, const std::string& file)
{
    import_result result;
    gift_reader(file, result).read(text);
    sort_by_line(result.diagnostics);
    return result;
}

} // namespace quiz::content
