// SPDX-License-Identifier: MIT
#include "content/assemble.hpp"

#include "content/content_hash.hpp"

#include <algorithm>
#include <map>

namespace quiz::content {

namespace {

template <class Item>
const Item* find_id(const std::vector<Item>& items, const std::string& id)
{
    const auto it = std::find_if(items.begin(), items.end(), [&](const Item& item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}

template <class Key>
std::vector<engine::tag<Key>> tags(std::span<const language_files> languages,
                                   std::vector<declared_tag> questions_file::*list)
{
    std::vector<engine::tag<Key>> result;
    for (const auto& declared : languages.front().questions.*list) {
        engine::tag<Key> tag{Key(declared.id), {}};
        for (const auto& files : languages) {
            if (const auto* match = find_id(files.questions.*list, declared.id)) {
                tag.label.set(files.lang, match->label);
            }
        }
        result.push_back(std::move(tag));
    }
    return result;
}

engine::question make_question(const parsed_question& structure, std::span<const language_files> languages)
{
    engine::question q;
    q.key = engine::question_key(structure.id);
    q.section = engine::section_key(structure.section.value);
    for (const auto& concept_id : structure.concepts) {
        q.concepts.emplace_back(concept_id);
    }
    q.difficulty = structure.difficulty;
    for (std::size_t i = 0; i < structure.choices.size(); ++i) {
        const auto& choice = structure.choices[i];
        if (choice.correct) {
            q.correct = i;
        }
        q.misconceptions.push_back(choice.misconception.present()
                                       ? std::optional(engine::misconception_key(choice.misconception.value))
                                       : std::nullopt);
    }
    for (const auto& files : languages) {
        const auto* written = find_id(files.questions.questions, structure.id);
        if (written == nullptr) {
            continue;
        }
        engine::question_text text{written->stem, {}};
        for (const auto& choice : written->choices) {
            text.choices.push_back({choice.text, choice.explanation});
        }
        q.text.set(files.lang, std::move(text));
    }
    q.content_hash = content_hash(q);
    return q;
}

} // namespace

engine::pack assemble_pack(const std::string& key, std::span<const language_files> languages)
{
    engine::pack pack;
    pack.key = engine::pack_key(key);
    if (languages.empty()) {
        return pack;
    }
    for (const auto& files : languages) {
        const auto& meta = files.questions.meta;
        pack.languages.push_back(files.lang);
        pack.title.set(files.lang, meta.title.value);
        pack.guide_title.set(files.lang, files.guide.meta.title.value);
        if (!meta.description.value.empty()) {
            pack.description.set(files.lang, meta.description.value);
        }
        if (!meta.level.value.empty()) {
            pack.level.set(files.lang, meta.level.value);
        }
    }
    const auto& reference = languages.front();
    std::map<std::string, std::size_t, std::less<>> section_position;
    for (const auto& written : reference.guide.sections) {
        section_position.emplace(written.id, pack.sections.size());
        engine::guide_section section{engine::section_key(written.id), {}, {}};
        for (const auto& files : languages) {
            if (const auto* match = find_id(files.guide.sections, written.id)) {
                section.title.set(files.lang, match->title);
                section.body_markdown.set(files.lang, match->body_markdown);
            }
        }
        pack.sections.push_back(std::move(section));
    }
    pack.concepts = tags<engine::concept_key>(languages, &questions_file::concepts);
    pack.misconceptions = tags<engine::misconception_key>(languages, &questions_file::misconceptions);
    for (const auto& structure : reference.questions.questions) {
        pack.questions.push_back(make_question(structure, languages));
    }
    const auto position = [&](const engine::question& q) {
        const auto it = section_position.find(q.section.value());
        return it == section_position.end() ? section_position.size() : it->second;
    };
    std::stable_sort(pack.questions.begin(), pack.questions.end(),
                     [&](const engine::question& a, const engine::question& b) { return position(a) < position(b); });
    return pack;
}

} // namespace quiz::content
