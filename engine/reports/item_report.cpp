// SPDX-License-Identifier: MIT
#include "engine/reports/item_report.hpp"

#include "engine/reports/rasch.hpp"

namespace quiz::engine {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool continues_utf8(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

} // namespace

std::string stem_excerpt(std::string_view stem)
{
    std::string line;
    for (const char c : stem) {
        if (!is_space(c)) {
            line.push_back(c);
        } else if (!line.empty() && line.back() != ' ') {
            line.push_back(' ');
        }
    }
    while (!line.empty() && line.back() == ' ') {
        line.pop_back();
    }
    if (line.size() <= excerpt_bytes) {
        return line;
    }
    std::size_t cut = excerpt_bytes;
    while (cut > 0 && continues_utf8(line[cut])) {
        --cut;
    }
    if (const auto space = line.rfind(' ', cut); space != std::string::npos && space > excerpt_bytes / 2) {
        cut = space; // a whole word, unless that leaves too little
    }
    line.resize(cut);
    while (!line.empty() && line.back() == ' ') {
        line.pop_back();
    }
    return line + "…";
}

std::vector<item_row> item_report(const pack_index& index, std::span<const report_answer> answers, language lang)
{
    std::vector<item_answer> read;
    read.reserve(answers.size());
    for (const auto& a : answers) {
        if (const auto q = index.find(a.question)) {
            read.push_back({a.learner, *q, a.chosen, a.correct, a.first_attempt});
        }
    }
    std::vector<std::uint32_t> choices;
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        choices.push_back(static_cast<std::uint32_t>(index.at(q).choice_count()));
    }
    auto stats = analyse_items(read, choices);
    std::vector<item_row> rows;
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        const question& item = index.at(q);
        const question_text* text = item.text.best(lang);
        item_row row{item.key,
                     item.concepts,
                     text != nullptr ? stem_excerpt(text->stem) : std::string{},
                     std::move(stats[q]),
                     {},
                     item.misconceptions};
        for (const int count : row.stats.choice_counts) {
            row.choice_share.push_back(row.stats.n > 0 ? std::optional(static_cast<double>(count) / row.stats.n)
                                                       : std::nullopt);
        }
        rows.push_back(std::move(row));
    }
    for (const auto& fitted : fit_rasch(read, index.question_count()).items) {
        rows[fitted.question].difficulty = fitted.difficulty;
        rows[fitted.question].difficulty_se = fitted.se;
    }
    return rows;
}

} // namespace quiz::engine
