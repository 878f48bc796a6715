// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/strong_id.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

/// Stable ids written by instructors in pack files ("zero-stage1-state"); history is keyed by them.
using pack_key = strong_id<struct pack_key_tag, std::string>;
using question_key = strong_id<struct question_key_tag, std::string>;
using concept_key = strong_id<struct concept_key_tag, std::string>;
using misconception_key = strong_id<struct misconception_key_tag, std::string>;
using section_key = strong_id<struct section_key_tag, std::string>;

/// A choice as a learner reads it, in one language.
struct choice_text {
    std::string text;
    std::string explanation; ///< why it is right, or which misconception makes it wrong
};

/// A question's words in one language; `choices` are in pack order (the tutor shuffles for display).
struct question_text {
    std::string stem;
    std::vector<choice_text> choices;
};

/// A multiple-choice question: the language-neutral structure plus its texts per language.
struct question {
    question_key key;
    section_key section;
    std::vector<concept_key> concepts;
    int difficulty = 3;      ///< 1 (easy) to 5 (very hard), as written by the instructor
    std::size_t correct = 0; ///< index of the correct choice, in pack order
    std::vector<std::optional<misconception_key>> misconceptions; ///< per choice, in pack order
    localized<question_text> text;
    std::string content_hash; ///< hex digest of every language's text: a new value is a new version

    [[nodiscard]] std::size_t choice_count() const noexcept { return misconceptions.size(); }
};

/// A labelled tag (a concept or a misconception) with its words per language.
template <class Key>
struct tag {
    Key key;
    localized<std::string> label;
};

/// One section of a pack's guide, its body in Markdown.
struct guide_section {
    section_key key;
    localized<std::string> title;
    localized<std::string> body_markdown;
};

struct pack {
    pack_key key;
    localized<std::string> title;
    localized<std::string> description;
    localized<std::string> guide_title;
    localized<std::string> level;        ///< free text such as "hard" / "difficile"; may be absent
    std::vector<language> languages;     ///< the languages the pack ships, in `all_languages` order
    std::vector<guide_section> sections; ///< guide order
    std::vector<tag<concept_key>> concepts;
    std::vector<tag<misconception_key>> misconceptions;
    std::vector<question> questions; ///< guide order: by section, then as written

    [[nodiscard]] const question* find(const question_key& key) const noexcept;
    [[nodiscard]] const guide_section* find(const section_key& key) const noexcept;
    [[nodiscard]] const tag<concept_key>* find(const concept_key& key) const noexcept;
    [[nodiscard]] const tag<misconception_key>* find(const misconception_key& key) const noexcept;
};

} // namespace quiz::engine
