// SPDX-License-Identifier: MIT
#include "tests/support/test_pack.hpp"

namespace quiz::test {

using namespace quiz::engine;

pack_builder::pack_builder(std::string key)
{
    pack_.key = pack_key{std::move(key)};
    pack_.title.set(language::en, "Test pack");
    pack_.title.set(language::fr, "Paquet de test");
    pack_.languages = {language::en, language::fr};
}

pack_builder& pack_builder::concept_tag(const std::string& key, const std::string& en, const std::string& fr)
{
    tag<concept_key> item{concept_key{key}, {}};
    item.label.set(language::en, en);
    item.label.set(language::fr, fr);
    pack_.concepts.push_back(std::move(item));
    return *this;
}

pack_builder& pack_builder::misconception(const std::string& key, const std::string& en, const std::string& fr)
{
    tag<misconception_key> item{misconception_key{key}, {}};
    item.label.set(language::en, en);
    item.label.set(language::fr, fr);
    pack_.misconceptions.push_back(std::move(item));
    return *this;
}

pack_builder& pack_builder::section(const std::string& key, const std::string& en, const std::string& fr)
{
    guide_section item;
    item.key = section_key{key};
    item.title.set(language::en, en);
    item.title.set(language::fr, fr);
    item.body_markdown.set(language::en, "Body of " + en);
    item.body_markdown.set(language::fr, "Texte de " + fr);
    pack_.sections.push_back(std::move(item));
    return *this;
}

pack_builder& pack_builder::question(const std::string& key, const std::string& section,
                                     std::vector<std::string> concepts, std::size_t choices, std::size_t correct,
                                     std::vector<std::string> misconceptions, int difficulty, const std::string& stem)
{
    engine::question q;
    q.key = question_key{key};
    q.section = section_key{section};
    for (auto& c : concepts) {
        q.concepts.emplace_back(std::move(c));
    }
    q.difficulty = difficulty;
    q.correct = correct;
    q.misconceptions.resize(choices);
    for (std::size_t i = 0; i < misconceptions.size() && i < choices; ++i) {
        if (!misconceptions[i].empty()) {
            q.misconceptions[i] = misconception_key{misconceptions[i]};
        }
    }
    question_text en;
    question_text fr;
    en.stem = stem.empty() ? "Stem " + key : stem;
    fr.stem = stem.empty() ? "Énoncé " + key : stem;
    for (std::size_t i = 0; i < choices; ++i) {
        const std::string n = std::to_string(i);
        en.choices.push_back({key + " choice " + n, "Why " + key + " choice " + n});
        fr.choices.push_back({key + " choix " + n, "Pourquoi " + key + " choix " + n});
    }
    q.text.set(language::en, std::move(en));
    q.text.set(language::fr, std::move(fr));
    q.content_hash = "hash-" + key;
    pack_.questions.push_back(std::move(q));
    return *this;
}

} // namespace quiz::test
