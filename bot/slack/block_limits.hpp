// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace quiz::bot::slack {

// Block Kit limits (platforms.md S11), in characters. Renderers cut texts to them rather than have Slack refuse
// the whole message.
inline constexpr std::size_t max_message_blocks = 50;
inline constexpr std::size_t max_view_blocks = 100;
inline constexpr std::size_t max_section_text = 3000;
inline constexpr std::size_t max_context_text = 2000;
inline constexpr std::size_t max_header_text = 150;
inline constexpr std::size_t max_button_text = 75;
inline constexpr std::size_t max_button_value = 2000;
inline constexpr std::size_t max_action_id = 255;
inline constexpr std::size_t max_actions_elements = 25;
inline constexpr std::size_t max_fallback_text = 4000;

/// Characters (Unicode code points) in UTF-8 text; stray bytes count one each.
[[nodiscard]] std::size_t character_count(std::string_view text) noexcept;

/// `text` cut to at most `limit` characters, ending with "…" when cut; never splits a character.
[[nodiscard]] std::string truncate_text(std::string_view text, std::size_t limit);

/// truncate_text for escaped mrkdwn: a cut never leaves half of an entity such as "&amp;".
[[nodiscard]] std::string truncate_mrkdwn(std::string_view text, std::size_t limit);

/// Escapes the three characters Slack's text formats reserve: & < >.
[[nodiscard]] std::string escape_mrkdwn(std::string_view text);

} // namespace quiz::bot::slack
