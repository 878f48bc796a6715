// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/render.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::discord {

// The pieces every Discord message of quizbot is made of (a session's, a round's): buttons, rows, the message body
// with mentions off, links. Discord's limits: content 2000 characters, button labels 80, 5 buttons per row,
// 5 rows.

inline constexpr std::size_t max_content = 2000;
inline constexpr std::size_t max_label = 80;
inline constexpr std::size_t buttons_per_row = 5;
inline constexpr std::size_t max_rows = 5;
inline constexpr std::int64_t ephemeral_flag = 1 << 6;

enum button_style : std::int64_t { primary = 1, secondary = 2, success = 3, danger = 4 };

/// Unicode characters in UTF-8 text (Discord's limits count characters).
[[nodiscard]] std::size_t utf8_chars(std::string_view text);

[[nodiscard]] boost::json::object make_button(std::string label, std::string id, button_style style,
                                              bool disabled = false);
[[nodiscard]] boost::json::object row(boost::json::array buttons);
/// Rows of up to five buttons, at most `rows` of them.
[[nodiscard]] boost::json::array rows_of(const std::vector<boost::json::object>& buttons, std::size_t rows);
/// `first`, then a line break and `after`, in one message's content: `first` shortened when both do not fit, since
/// `after` matters more (a round's reveal, a report's note).
[[nodiscard]] std::string fitted(const std::string& first, const std::string& after);
/// The message: content (clipped to 2000 characters), components, and no mention allowed to notify anyone.
[[nodiscard]] boost::json::object message(std::string content, boost::json::array components);

/// `[title](<url>)`: a link that shows no preview (guide links: the guide line, tutoring::guide_url).
[[nodiscard]] std::string masked_link(std::string_view title, const std::string& url);
/// "A. <choice>".
[[nodiscard]] std::string choice_label(std::size_t position, std::string_view text);

} // namespace quiz::bot::discord
