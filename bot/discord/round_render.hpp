// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/render.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace quiz::bot::discord {

// A study group's round as Discord shows it: one message in the channel, edited as the round goes (docs/discord.md,
// "Study-group rounds"). The sentences are the tutoring layer's and the engine's, as every front end says them.

/// The round's shared message (content, components, no mentions): the question with one button per choice, how many
/// answered and a countdown while it is open; at the reveal the answers as text bars, the answer and its
/// explanation, the most chosen wrong answer with its confusion, the guide link; at the end the scoreboard, the
/// hardest question and a Review my misses button.
[[nodiscard]] boost::json::object round_message(const tutoring::round_screen& shown, const tutoring::link_base& links);

/// A person's name as plain text in a message: Discord's markdown characters escaped, mentions written so that they
/// mention nobody, line breaks as spaces.
[[nodiscard]] std::string plain_name(std::string_view name);

/// `count` out of `total` as ten cells, full ones first: "██████░░░░".
[[nodiscard]] std::string text_bar(int count, int total);

} // namespace quiz::bot::discord
