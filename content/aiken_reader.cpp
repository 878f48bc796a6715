// SPDX-License-Identifier: MIT
#include "content/aiken_reader.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace quiz::content {

namespace {

struct option_line {
    char letter = 'A';
    std::string text;
    std::size_t line = 0;
};

struct open_question {
    std::vector<std::string> stem;
    std::vector<option_line> options;
    std::size_t line = 0;
};

/// `A) text`, `B. text` (the space is optional, as in Moodle): the letter and the text.
std::optional<option_line> parse_option(std::string_view line)
{
    if (line.size() < 2 || line[0] < 'A' || line[0] > 'Z' || (line[1] != ')' && line[1] != '.')) {
        return std::nullopt;
    }
    return option_line{line[0], std::string(trim(line.substr(2))), 0};
}

/// `ANSWER: B` (any case, spaces allowed before the colon): what follows the colon.
std::optional<std::string_view> parse_answer(std::string_view line)
{
    constexpr std::string_view keyword = "answer";
    if (line.size() < keyword.size()) {
        return std::nullopt;
    }
    for (std::size_t i = 0; i < keyword.size(); ++i) {
        if ((line[i] | 0x20) != keyword[i]) {
            return std::nullopt;
        }
    }
    std::string_view rest = trim(line.substr(keyword.size()));
    if (!rest.starts_with(':')) {
        return std::nullopt;
    }
    return trim(rest.substr(1));
}

std::string letters(const std::vector<option_line>& options)
{
    std::string text;
    for (const option_line& option : options) {
        if (!text.empty()) {
            text += ", ";
        }
        text += option.letter;
    }
    return text;
}

class aiken_reader {
public:
    aiken_reader(const std::string& file, import_result& out) : report_(file, out.diagnostics), out_(out) {}

    void read(std::string_view text)
    {
        for (const source_line& line : split_lines(text, report_)) {
            read_line(trim(line.text), line.number);
        }
        if (question_) {
            report_.error(question_->line, question_->options.empty()
                                               ? "question text without options or `ANSWER:` line at the end of the "
                                                 "file; question not imported"
                                               : "no `ANSWER:` line after the options; question not imported");
        }
    }

private:
    void read_line(std::string_view text, std::size_t number)
    {
        if (text.empty()) {
            return;
        }
        if (auto option = parse_option(text)) {
            if (!question_) {
                report_.error(number, "option " + backticked(text) + " without a question before it: ignored");
                return;
            }
            option->line = number;
            question_->options.push_back(std::move(*option));
            return;
        }
        if (const auto answer = parse_answer(text)) {
            if (!question_) {
                report_.error(number, "`ANSWER:` line without a question before it: ignored");
                return;
            }
            finish(*answer, number);
            question_.reset();
            return;
        }
        if (question_ && !question_->options.empty()) {
            report_.error(question_->line, "no `ANSWER:` line after the options; question not imported");
            question_.reset();
        }
        if (!question_) {
            ++out_.blocks;
            question_ = open_question{{}, {}, number};
        }
        question_->stem.emplace_back(text);
    }

    void finish(std::string_view answer, std::size_t number)
    {
        const open_question& open = *question_;
        std::vector<std::pair<std::size_t, std::string>> problems;
        const std::size_t n = open.options.size();
        if (n < 2 || n > 6) {
            problems.emplace_back(open.line,
                                  std::to_string(n) + (n == 1 ? " option" : " options") + ": a question has 2 to 6");
        }
        // Past six options the question is out anyway; comparing every pair of thousands would only cost time.
        for (std::size_t k = 0; k < n && k < 6; ++k) {
            const option_line& option = open.options[k];
            if (option.text.empty()) {
                problems.emplace_back(option.line, "option " + std::string(1, option.letter) + " has no text");
            }
            for (std::size_t earlier = 0; earlier < k; ++earlier) {
                if (open.options[earlier].letter == option.letter) {
                    problems.emplace_back(option.line,
                                          "option letter " + std::string(1, option.letter) + " is used twice");
                    break;
                }
                if (!option.text.empty() && open.options[earlier].text == option.text) {
                    problems.emplace_back(option.line, "option " + backticked(option.text) + " is written twice");
                    break;
                }
            }
        }
        // One letter, maybe written like the options: `B`, `B)` or `B.`.
        const bool one_letter = answer.size() == 1 || (answer.size() == 2 && (answer[1] == ')' || answer[1] == '.'));
        const auto correct = std::find_if(open.options.begin(), open.options.end(), [&](const option_line& option) {
            return one_letter && option.letter == answer[0];
        });
        if (answer.empty()) {
            problems.emplace_back(number, "`ANSWER:` without a letter");
        } else if (!one_letter) {
            problems.emplace_back(number,
                                  "answer " + backticked(answer) + ": write the letter of the one correct option");
        } else if (correct == open.options.end()) {
            problems.emplace_back(number, "answer " + backticked(answer.substr(0, 1)) + " is not one of the options (" +
                                              letters(open.options) + ")");
        }
        for (auto& [line, message] : problems) {
            report_.error(line, std::move(message) + "; question not imported");
        }
        if (!problems.empty()) {
            return;
        }

        imported_question question;
        question.line = open.line;
        for (const std::string& part : open.stem) {
            question.stem += (question.stem.empty() ? "" : "\n") + part;
        }
        for (auto it = open.options.begin(); it != open.options.end(); ++it) {
            question.choices.push_back({it->text, {}, it == correct, it->line});
        }
        out_.questions.push_back(std::move(question));
    }

    reporter report_;
    import_result& out_;
    std::optional<open_question> question_;
};

} // namespace

import_result read_aiken(std::string_view text, const std::string& file)
{
    import_result result;
    aiken_reader(file, result).read(text);
    sort_by_line(result.diagnostics);
    return result;
}

} // namespace quiz::content
