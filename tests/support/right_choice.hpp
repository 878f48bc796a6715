// SPDX-License-Identifier: MIT
#pragma once
// The right choice of a question on screen, read from the shipped pack itself (QUIZ_SOURCE_DIR/content/packs): the
// question whose stem the text shows, and the letter the text gives its correct choice ("\nB. <choice>\n").

#include "content/pack_loader.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace quiz::test {

/// The display position (0 = A) of the right choice in `card_text`, a card rendered as plain text; nullopt when no
/// question of the shipped packs is on it.
inline std::optional<std::size_t> right_choice(const std::string& card_text)
{
    static const auto packs = [] {
        const std::vector<std::filesystem::path> paths{std::string(QUIZ_SOURCE_DIR) + "/content/packs"};
        return content::load_packs(paths).packs;
    }();
    for (const auto& p : packs) {
        for (const auto& q : p.questions) {
            for (const auto lang : {engine::language::en, engine::language::fr}) {
                const auto& text = q.text.get(lang);
                if (!text || card_text.find("\n" + text->stem + "\n") == std::string::npos) {
                    continue;
                }
                for (std::size_t i = 0; i < text->choices.size(); ++i) {
                    const std::string line =
                        "\n" + std::string(1, static_cast<char>('A' + i)) + ". " + text->choices[q.correct].text + "\n";
                    if (card_text.find(line) != std::string::npos) {
                        return i;
                    }
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace quiz::test
