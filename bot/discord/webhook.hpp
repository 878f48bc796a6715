// SPDX-License-Identifier: MIT
#pragma once

#include "bot/outbound/client.hpp"
#include "bot/tutoring/delivery.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>

namespace quiz::bot::discord {

// The interaction webhook calls quizbot makes (docs/discord.md): they need the interaction's token, not the bot
// token, and share the webhooks' rate limits.

struct webhook_base {
    std::string api_base;       ///< DISCORD_API_BASE, no trailing '/'
    std::string application_id; ///< the application whose interaction tokens these are
    std::string public_url;     ///< for the User-Agent
};

/// `PATCH {api_base}/webhooks/{application}/{token}/messages/@original`: edits the interaction's original message
/// (after a deferred update, the message whose button was clicked).
[[nodiscard]] outbound::request edit_original(const webhook_base& base, std::string_view token,
                                              const boost::json::object& body);

/// `POST {api_base}/webhooks/{application}/{token}`: a follow-up message (ephemeral with `flags: 64` in the body).
[[nodiscard]] outbound::request follow_up(const webhook_base& base, std::string_view token,
                                          const boost::json::object& body);

/// What Discord's answer to a webhook call means for a letter of the outbox: sent (2xx); refused (4xx other than 408
/// and 429: an expired or unknown token, a deleted message), not tried again; failed (5xx, 408, 429 after the client
/// waited out its `retry_after`, no answer), tried again later.
[[nodiscard]] tutoring::delivery delivery_of(const outbound::result& r);

} // namespace quiz::bot::discord
