// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/action_ids.hpp"
#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/screens.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace quiz::bot::slack {

// The Block Kit pieces every renderer builds with, each cut to its limit (block_limits.hpp). Texts given as mrkdwn
// must already be escaped where they hold the pack's or people's words.

[[nodiscard]] std::string letter(std::uint32_t position);
[[nodiscard]] boost::json::object mrkdwn(std::string_view text, std::size_t limit);
[[nodiscard]] boost::json::object plain(std::string_view text, std::size_t limit);
[[nodiscard]] boost::json::object section(std::string_view text);
[[nodiscard]] boost::json::object context(std::string_view text);
/// A button; `style` "primary", "danger" or empty.
[[nodiscard]] boost::json::object button(std::string_view label, const button_ids& ids, std::string_view style = {});
/// An actions block of at most 25 elements.
[[nodiscard]] boost::json::object actions(boost::json::array elements);
/// A mrkdwn link; the label is escaped, and '|' and '>' cannot end the URL early once escaped.
[[nodiscard]] std::string link(std::string_view url, std::string_view label);
/// A link to the guide's section, its line ("Read more: <section>") as the label.
[[nodiscard]] std::string guide_link(const tutoring::link_base& links, const tutoring::guide_section& guide);
/// A message: fallback text for notifications and clients without blocks, at most 50 blocks. `heads_up`, when not
/// empty, comes first in both (tutoring::screen::heads_up).
[[nodiscard]] boost::json::object message_of(std::string_view fallback, boost::json::array blocks,
                                             std::string_view heads_up = {});

} // namespace quiz::bot::slack
