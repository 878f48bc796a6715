// SPDX-License-Identifier: MIT
#include "engine/core/pack_index.hpp"

#include <algorithm>
#include <map>

namespace quiz::engine {

namespace {

std::size_t count_words(std::string_view text) noexcept
{
    std::size_t words = 0;
    bool in_word = false;
    for (const char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) {
            ++words;
        }
        in_word = !space;
    }
    return words;
}

std::uint32_t to_index(std::size_t i) noexcept { return static_cast<std::uint32_t>(i); }

} // namespace

pack_index::pack_index(pack content) : content_(std::move(content))
{
    for (std::size_t c = 0; c < content_.concepts.size(); ++c) {
        concepts_.emplace(content_.concepts[c].key.value(), to_index(c));
    }
    for (std::size_t m = 0; m < content_.misconceptions.size(); ++m) {
        misconceptions_.emplace(content_.misconceptions[m].key.value(), to_index(m));
    }
    questions_of_.resize(content_.concepts.size());
    probing_.resize(content_.misconceptions.size());
    std::map<std::vector<std::uint32_t>, std::uint32_t> group_numbers;
    for (std::size_t q = 0; q < content_.questions.size(); ++q) {
        const question& item = content_.questions[q];
        questions_.emplace(item.key.value(), to_index(q));

        std::vector<std::uint32_t> concepts;
        for (const auto& key : item.concepts) {
            if (const auto c = find(key); c && std::find(concepts.begin(), concepts.end(), *c) == concepts.end()) {
                concepts.push_back(*c);
                questions_of_[*c].push_back(to_index(q));
            }
        }
        std::vector<std::uint32_t> sorted = concepts;
        std::sort(sorted.begin(), sorted.end());
        const auto [group, added] = group_numbers.emplace(sorted, to_index(groups_.size()));
        if (added) {
            groups_.push_back(sorted);
            group_questions_.emplace_back();
        }
        group_of_.push_back(group->second);
        group_questions_[group->second].push_back(to_index(q));
        concepts_of_.push_back(std::move(concepts));

        std::vector<std::uint32_t> probed;
        for (const auto& tag : item.misconceptions) {
            if (!tag) {
                continue;
            }
            if (const auto m = find(*tag); m && std::find(probed.begin(), probed.end(), *m) == probed.end()) {
                probed.push_back(*m);
                probing_[*m].push_back(to_index(q));
            }
        }
        misconceptions_of_.push_back(std::move(probed));

        std::array<std::size_t, all_languages.size()> words{};
        for (const auto lang : all_languages) {
            if (const question_text* text = item.text.best(lang)) {
                std::size_t n = count_words(text->stem);
                for (const auto& choice : text->choices) {
                    n += count_words(choice.text);
                }
                words[static_cast<std::size_t>(lang)] = n;
            }
        }
        words_.push_back(words);
    }
}

std::uint32_t pack_index::question_count() const noexcept { return to_index(content_.questions.size()); }
std::uint32_t pack_index::concept_count() const noexcept { return to_index(content_.concepts.size()); }
std::uint32_t pack_index::misconception_count() const noexcept { return to_index(content_.misconceptions.size()); }
std::uint32_t pack_index::group_count() const noexcept { return to_index(groups_.size()); }

std::optional<std::uint32_t> pack_index::find(const question_key& key) const
{
    const auto it = questions_.find(key.value());
    return it == questions_.end() ? std::nullopt : std::optional(it->second);
}

std::optional<std::uint32_t> pack_index::find(const concept_key& key) const
{
    const auto it = concepts_.find(key.value());
    return it == concepts_.end() ? std::nullopt : std::optional(it->second);
}

std::optional<std::uint32_t> pack_index::find(const misconception_key& key) const
{
    const auto it = misconceptions_.find(key.value());
    return it == misconceptions_.end() ? std::nullopt : std::optional(it->second);
}

std::span<const std::uint32_t> pack_index::concepts_of(std::uint32_t q) const noexcept { return concepts_of_[q]; }
std::span<const std::uint32_t> pack_index::group_concepts(std::uint32_t g) const noexcept { return groups_[g]; }
std::span<const std::uint32_t> pack_index::questions_of(std::uint32_t c) const noexcept { return questions_of_[c]; }

std::span<const std::uint32_t> pack_index::group_questions(std::uint32_t g) const noexcept
{
    return group_questions_[g];
}
std::span<const std::uint32_t> pack_index::misconceptions_of(std::uint32_t q) const noexcept
{
    return misconceptions_of_[q];
}
std::span<const std::uint32_t> pack_index::probing(std::uint32_t m) const noexcept { return probing_[m]; }

std::optional<std::uint32_t> pack_index::misconception_of_choice(std::uint32_t q, std::uint32_t choice) const
{
    const auto& tags = content_.questions[q].misconceptions;
    if (choice >= tags.size() || !tags[choice]) {
        return std::nullopt;
    }
    return find(*tags[choice]);
}

std::size_t pack_index::word_count(std::uint32_t q, language lang) const noexcept
{
    const auto& words = words_[q];
    if (words[static_cast<std::size_t>(lang)] != 0) {
        return words[static_cast<std::size_t>(lang)];
    }
    return *std::max_element(words.begin(), words.end());
}

const pack_index& pack_library::add(pack content)
{
    auto index = std::make_unique<pack_index>(std::move(content));
    const auto it = std::find_if(packs_.begin(), packs_.end(),
                                 [&](const auto& p) { return p->content().key == index->content().key; });
    if (it != packs_.end()) {
        *it = std::move(index);
        return **it;
    }
    packs_.push_back(std::move(index));
    return *packs_.back();
}

const pack_index* pack_library::find(const pack_key& key) const noexcept
{
    for (const auto& p : packs_) {
        if (p->content().key == key) {
            return p.get();
        }
    }
    return nullptr;
}

} // namespace quiz::engine
