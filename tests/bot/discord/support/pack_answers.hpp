// SPDX-License-Identifier: MIT
// The right answer of a question a Discord message shows, read from the shipped pack itself.
#pragma once

#include "content/pack_loader.hpp"
#include "tests/bot/discord/support/discord_server.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace quiz::test {

/// The index of the right choice's button for the question in `content`, read from the shipped pack itself: the
/// question whose stem the message shows, its correct choice's text, the button labelled with it.
inline std::size_t right_button(const std::string& content, const std::vector<seen_button>& buttons)
{
    static const auto packs = [] {
        const std::vector<std::filesystem::path> paths{std::string(QUIZ_SOURCE_DIR) + "/content/packs"};
        return quiz::content::load_packs(paths).packs;
    }();
    for (const auto& p : packs) {
        for (const auto& q : p.questions) {
            for (const auto lang : {quiz::engine::language::en, quiz::engine::language::fr}) {
                const auto& text = q.text.get(lang);
                if (!text || content.find("\n" + text->stem + "\n") == std::string::npos) {
                    continue;
                }
                const std::string& right = text->choices[q.correct].text;
                for (std::size_t i = 0; i < buttons.size(); ++i) {
                    std::string label = buttons[i].label.substr(3); // after "A. "
                    const bool clipped = label.ends_with("\u2026");
                    if (clipped ? right.starts_with(label.substr(0, label.size() - 3)) : right == label) {
                        return i;
                    }
                }
            }
        }
    }
    FAIL("no question of the pack matches the message");
    return 0;
}

} // namespace quiz::test
