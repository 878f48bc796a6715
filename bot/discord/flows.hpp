// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/tutoring/actions.hpp"
#include "bot/tutoring/screens.hpp"

#include <optional>

namespace quiz::bot::discord {

// The learner's side of quizbot on Discord, translated: an application command or a message component in, the
// tutoring layer's action out; its screen in, the interaction's reply out.

/// The person acting: ("discord", user id), their name, their client's language, the server they act in.
[[nodiscard]] tutoring::actor actor_of(const interaction& in);

/// The action an application command or a message component asks for; nullopt for a button this version does not
/// know (answered with stale_button_reply) or a round's.
[[nodiscard]] std::optional<tutoring::request> request_of(const interaction& in);

/// The screen as the reply to `in`: clicks on the tutor's own buttons edit their message (the feedback replaces the
/// question, the next question the feedback), everything else is a new message, private outside the bot's DM.
[[nodiscard]] reply reply_to(const interaction& in, const tutoring::screen& shown, const tutoring::link_base& links);

/// For a button of another version.
[[nodiscard]] reply stale_button_reply(const interaction& in);
/// Told at once, privately, instead of an acknowledgement whose follow-up this node could not deliver in time.
[[nodiscard]] reply busy_reply(const interaction& in);

/// Whether replies to this interaction are shown to its user only: everywhere but in the bot's DM.
[[nodiscard]] bool private_reply(const interaction& in) noexcept;

} // namespace quiz::bot::discord
