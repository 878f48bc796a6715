// SPDX-License-Identifier: MIT
#include "content/import_to_pack.hpp"

#include "content/slug.hpp"
#include "content/source_lines.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace quiz::content {

namespace {

constexpr std::size_t stem_id_length = 40;

/// The name a category shows: its last path segment, without Moodle's `$course$`-style contexts and `top`.
/// Empty for the top of the bank (`$course$/top`), which is the file's default section.
std::string category_title(std::string_view category)
{
    std::string title;
    bool first = true;
    while (!category.empty()) {
        const auto slash = category.find('/');
        const std::string_view segment = trim(category.substr(0, slash));
        category.remove_prefix(slash == std::string_view::npos ? category.size() : slash + 1);
        const bool context = segment.size() >= 2 && segment.front() == '$' && segment.back() == '$';
        if (!segment.empty() && !context && !(first && segment == "top")) {
            title = segment;
        }
        first = first && (context || segment.empty());
    }
    return title;
}

/// Ids handed out so far: `take` makes a base unique with a -2, -3... suffix.
class id_set {
public:
    std::string take(const std::string& base)
    {
        std::string candidate = base;
        int& next = next_suffix_.try_emplace(base, 2).first->second;
        while (taken_.contains(candidate)) {
            candidate = base + '-' + std::to_string(next++);
        }
        taken_.insert(candidate);
        return candidate;
    }

private:
    std::set<std::string> taken_;
    std::map<std::string, int> next_suffix_; ///< so that many equal bases cost no quadratic search
};

struct section_draft {
    std::string category; ///< as written; empty for the default section
    std::string key;
    std::string title;
    std::size_t line = 0;                                   ///< where the source first uses it
    std::vector<std::pair<std::size_t, std::string>> texts; ///< guide text with its source line
    std::vector<imported_question> questions;
};

class pack_builder {
public:
    pack_builder(const import_options& options, std::vector<diagnostic>& diagnostics)
        : options_(options), report_(options.source, diagnostics)
    {
    }

    engine::pack build(import_result imported)
    {
        for (imported_note& note : imported.notes) {
            section_for(note.category, note.category_line, note.line)
                .texts.emplace_back(note.line, std::move(note.text));
        }
        for (imported_question& question : imported.questions) {
            section_draft& section = section_for(question.category, question.category_line, question.line);
            if (!question.general_feedback.empty()) {
                section.texts.emplace_back(question.line, question.general_feedback);
            }
            section.questions.push_back(std::move(question));
        }
        std::stable_sort(sections_.begin(), sections_.end(),
                         [](const section_draft& a, const section_draft& b) { return a.line < b.line; });

        engine::pack pack;
        const engine::language lang = options_.lang;
        pack.key = options_.pack;
        pack.title.set(lang, options_.title);
        pack.guide_title.set(lang,
                             std::string(lang == engine::language::fr ? "Guide\u202F: " : "Guide: ") + options_.title);
        pack.languages = {lang};
        for (section_draft& draft : sections_) {
            add_section(pack, draft);
        }
        return pack;
    }

private:
    section_draft& section_for(const std::string& category, std::size_t category_line, std::size_t line)
    {
        std::string title = category_title(category);
        const bool is_default = title.empty();
        const std::string key_text = is_default ? std::string{} : category;
        for (section_draft& section : sections_) {
            if (section.category == key_text) {
                section.line = std::min(section.line, line);
                return section;
            }
        }
        if (is_default) {
            title = options_.default_section;
        }
        std::string base = slugify(title);
        if (base.empty()) {
            base = "section";
        }
        const std::size_t first_use = is_default || category_line == 0 ? line : category_line;
        sections_.push_back({key_text, section_keys_.take(base), std::move(title), first_use, {}, {}});
        return sections_.back();
    }

    void add_section(engine::pack& pack, section_draft& draft)
    {
        const engine::language lang = options_.lang;
        std::stable_sort(draft.texts.begin(), draft.texts.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        std::string body;
        for (const auto& [line, text] : draft.texts) {
            body += (body.empty() ? "" : "\n\n") + text;
        }
        if (body.empty()) {
            report_.error(draft.line, "guide section " + backticked(draft.title) +
                                          " has no text in the source (no general feedback `####` or description): "
                                          "write it in guide." +
                                          std::string(engine::code(lang)) + ".md");
        }
        engine::guide_section section{engine::section_key{draft.key}, {}, {}};
        section.title.set(lang, draft.title);
        section.body_markdown.set(lang, std::move(body));
        pack.sections.push_back(std::move(section));

        const engine::concept_key concept_id{draft.key};
        if (!draft.questions.empty()) {
            engine::tag<engine::concept_key> tag{concept_id, {}};
            tag.label.set(lang, draft.title);
            pack.concepts.push_back(std::move(tag));
        }
        for (imported_question& source : draft.questions) {
            pack.questions.push_back(make_question(source, draft, concept_id));
        }
    }

    engine::question make_question(imported_question& source, const section_draft& draft,
                                   const engine::concept_key& concept_id)
    {
        engine::question question;
        question.key = engine::question_key{question_id(source)};
        question.section = engine::section_key{draft.key};
        question.concepts = {concept_id};
        question.difficulty = options_.difficulty;
        engine::question_text text;
        text.stem = std::move(source.stem);
        for (std::size_t k = 0; k < source.choices.size(); ++k) {
            imported_choice& choice = source.choices[k];
            if (choice.correct) {
                question.correct = k;
            }
            if (choice.feedback.empty()) {
                report_.error(choice.line,
                              "choice " + backticked(choice.text) + " has no feedback: write its explanation");
            }
            question.misconceptions.emplace_back(std::nullopt);
            text.choices.push_back({std::move(choice.text), std::move(choice.feedback)});
        }
        question.text.set(options_.lang, std::move(text));
        return question;
    }

    std::string question_id(const imported_question& source)
    {
        std::string base = slugify(source.title);
        if (base.empty()) {
            base = slugify(source.stem, stem_id_length);
        }
        if (base.empty()) {
            base = "question";
        }
        std::string id = question_keys_.take(base);
        if (id != base) {
            report_.warning(source.line, "question id " + backticked(base) + " is already taken: this question is " +
                                             backticked(id));
        }
        return id;
    }

    const import_options& options_;
    reporter report_;
    std::vector<section_draft> sections_;
    id_set section_keys_;
    id_set question_keys_;
};

} // namespace

imported_pack to_pack(import_result imported, const import_options& options)
{
    imported_pack result;
    result.diagnostics = std::move(imported.diagnostics);
    result.pack = pack_builder(options, result.diagnostics).build(std::move(imported));
    sort_by_line(result.diagnostics);
    return result;
}

} // namespace quiz::content
