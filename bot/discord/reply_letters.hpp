// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/outbox_sender.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::discord {

/// The outbox's kind for a learner's reply that goes after a deferred response.
inline constexpr std::string_view deferred_reply_kind = "discord.reply";

/// A reply as it goes after a deferred response: after a "thinking…" (commands) it replaces it, and after a silent
/// acknowledgement (clicks) an update edits the clicked message (`edit`, PATCH @original); a new message is a
/// follow-up of its own (POST), ephemeral when the reply is.
struct webhook_reply {
    bool edit = false;
    boost::json::object body;
};
[[nodiscard]] webhook_reply deferred_reply(const interaction& in, const reply& r);

/// The letter of a deferred reply (docs/reliability.md, "The outbox"): written in the unit that decided it, keyed by
/// the interaction, valid for 14 of its token's 15 minutes (the unit runs within seconds of the interaction).
[[nodiscard]] tutoring::letter deferred_reply_letter(const interaction& in, const reply& r);

/// The outbox's sender of deferred_reply_kind: the webhook call through `client`.
[[nodiscard]] tutoring::payload_sender deferred_reply_sender(outbound::client& client, spdlog::logger& log,
                                                             std::string api_base, const std::string* public_url);

} // namespace quiz::bot::discord
