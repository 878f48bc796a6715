// SPDX-License-Identifier: MIT
#pragma once

// Slack's requests as plain values. Parsers only: no Asio, no Beast, no IO (the fuzz target links this file alone).

#include "bot/http/parsed.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::slack {

/// A slash command (form fields, platforms.md S8). Only the fields the bot uses.
struct slash_command {
    std::string team_id;
    std::string team_domain;
    std::string user_id;
    std::string user_name;
    std::string channel_id;
    std::string channel_name;
    std::string command; ///< "/quiz"
    std::string text;    ///< what follows the command, as typed
    std::string response_url;
};

/// A button press inside a `block_actions` payload.
struct block_action {
    std::string action_id;
    std::string block_id;
    std::string value;
};

/// An interaction payload (platforms.md S9). `type` other than "block_actions" is parsed too, and ignored by the bot.
struct interaction {
    std::string type;
    std::string team_id;
    std::string user_id;
    std::string user_name;
    std::string channel_id;     ///< "" for a Home tab view
    std::string response_url;   ///< "" for a Home tab view (no message to update)
    std::string container_type; ///< "message", "view", ...
    std::string message_ts;     ///< the clicked message's ts (container.message_ts)
    bool is_ephemeral = false;  ///< the clicked message is seen by the clicker only (container.is_ephemeral)
    std::vector<block_action> actions;
};

/// An Events API event, flattened: the fields of `message` and `app_home_opened` the bot uses.
struct event {
    std::string type;    ///< "message", "app_home_opened", ...
    std::string subtype; ///< set on edits, deletions, bot posts: the bot ignores those
    std::string user;
    std::string bot_id; ///< set on bots' posts
    std::string channel;
    std::string channel_type; ///< "im" for a direct message
    std::string text;
    std::string tab; ///< app_home_opened: "home" or "messages"
};

/// The body of a POST to the events URL (platforms.md S10).
struct event_envelope {
    std::string type;      ///< "url_verification", "event_callback", ...
    std::string challenge; ///< url_verification only
    std::string team_id;
    std::string event_id;
    std::optional<event> inner; ///< event_callback only
};

// Each parser refuses a body not shaped like Slack's with 400 and the reason.

/// A form body where every field of interest appears at most once: a repeated field is refused, since two values
/// for one name would make what was verified ambiguous. Unknown and empty names are ignored.
class form_fields {
public:
    /// Refused when the body is not valid form encoding or a name repeats.
    [[nodiscard]] static http::parsed<form_fields> parse(std::string_view body);

    /// The field's value, or "" when absent.
    [[nodiscard]] const std::string& get(std::string_view name) const;
    [[nodiscard]] bool contains(std::string_view name) const;

private:
    std::vector<std::pair<std::string, std::string>> fields_;
};

[[nodiscard]] http::parsed<slash_command> parse_slash_command(std::string_view body);
/// The form body `payload=<URL-encoded JSON>`.
[[nodiscard]] http::parsed<interaction> parse_interaction(std::string_view body);
/// A JSON body.
[[nodiscard]] http::parsed<event_envelope> parse_event(std::string_view body);

/// Whether the form body is Slack's unsigned `ssl_check=1` probe (answered 200 with nothing else read).
[[nodiscard]] bool is_ssl_check(std::string_view body);

} // namespace quiz::bot::slack
