// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/tutoring/round_actions.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

#include <optional>
#include <variant>

namespace quiz::bot::discord {

// A study group's round on Discord, translated (docs/discord.md, "Study-group rounds"): `/quiz group` and the round
// message's buttons in, the tutoring layer's round actions out; its replies in, what the command answers and what
// the clicking member is told privately out.

/// `/quiz group`: a command that opens a round.
[[nodiscard]] bool is_group_command(const interaction& in) noexcept;

/// The open_round of `/quiz group` in the interaction's channel (the workspace: the server, or "dm:<channel>" in a
/// group DM), with the command's token as the round message's credential; or the private note saying why no round
/// can be played here (the bot's DM).
[[nodiscard]] std::variant<tutoring::round_request, reply> group_request(const interaction& in);

/// A click on a round's button: the button and its round action, with the click's token as the freshest
/// credential for the round's message. nullopt when the button is not a round's.
struct round_click {
    round_button button;
    tutoring::round_request request;
};
[[nodiscard]] std::optional<round_click> round_click_of(const interaction& in);

/// What `/quiz group` answers: the round's message for everyone to see, or the notice for its user alone.
[[nodiscard]] reply group_reply(const tutoring::round_reply& r, const tutoring::link_base& links);

/// What the clicking member is told privately (a follow-up's body, ephemeral): that their answer is in, a notice,
/// how their answer is judged, the first card of their review; nullopt for nothing (the round's message shows it).
[[nodiscard]] std::optional<boost::json::object> private_note(const tutoring::round_reply& r,
                                                              const tutoring::link_base& links);

/// How a member's answer to the question `revealed` shows is judged (the reply to their look_at_round), for them
/// alone, headed with the question's number; nullopt when they did not answer it.
[[nodiscard]] std::optional<boost::json::object>
judged_note(const tutoring::round_reply& r, const tutoring::round_screen& revealed, const tutoring::link_base& links);

} // namespace quiz::bot::discord
