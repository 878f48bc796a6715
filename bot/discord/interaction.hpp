// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/component_ids.hpp"
#include "bot/http/parsed.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quiz::bot::discord {

// What quizbot reads from an interaction body (docs: Interaction Object), as plain values. No Asio, no Beast: the
// parser is fuzzed on its own with component_ids (tests/fuzz/fuzz_discord_interaction.cpp).

enum class interaction_type : std::uint8_t {
    ping = 1,
    application_command = 2,
    message_component = 3,
    autocomplete = 4,
    modal_submit = 5,
};

/// Where it was used: `context` 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
enum class interaction_context : std::uint8_t { guild = 0, bot_dm = 1, private_channel = 2 };

struct command_input {
    std::string name;       ///< "quiz"
    std::string subcommand; ///< "start", "" when none
    /// The subcommand's options (or the command's when it has none), values as text: strings as they are, numbers
    /// and booleans written out.
    std::vector<std::pair<std::string, std::string>> options;

    [[nodiscard]] std::optional<std::string> option(std::string_view name) const;
};

struct component_input {
    std::string custom_id;
    int component_type = 0;
    /// The custom_id read, once, here: nullopt for a button quizbot did not write.
    std::optional<clicked_button> clicked;
};

/// A button of the message a component was clicked on.
struct shown_button {
    std::string label;
    std::string custom_id;
};

/// The message a component was clicked on (what quizbot had sent).
struct source_message {
    std::string id;
    std::string content;
    std::vector<shown_button> buttons; ///< in display order, link buttons left out
};

struct interaction {
    interaction_type type = interaction_type::ping;
    std::string id;
    std::string application_id;
    std::string token;
    std::string locale; ///< the user's client language, "" when absent
    std::string guild_id;
    std::string channel_id;
    std::optional<interaction_context> context;
    std::string user_id;                      ///< member.user.id in servers, user.id in DMs
    std::string user_name;                    ///< global_name, else username
    std::uint64_t member_permissions = 0;     ///< member.permissions in servers (their low 64 bits); 0 in DMs
    std::vector<std::string> member_roles;    ///< member.roles: role ids
    std::optional<command_input> command;     ///< application commands and autocomplete
    std::optional<component_input> component; ///< message components
    std::optional<source_message> message;    ///< message components

    /// In a server channel (rather than a DM): what the learner does there is shown to them only.
    [[nodiscard]] bool in_guild() const noexcept { return !guild_id.empty(); }

    /// The key recorded when the interaction is handled, in the same transaction: a signed interaction captured and
    /// sent again (its token lives 15 minutes; the key is kept a day) is then answered without effect.
    [[nodiscard]] std::optional<std::string> delivery_key() const
    {
        return id.empty() ? std::nullopt : std::optional<std::string>("interaction:" + id);
    }
};

/// Reads an interaction body, a clicked button's custom_id included. Refuses anything not shaped like one (wrong
/// JSON types, missing ids, unknown type) with 400 and the reason; never throws for bad input.
[[nodiscard]] http::parsed<interaction> parse_interaction(std::string_view body);

/// Discord's ids: 1 to 20 decimal digits.
[[nodiscard]] bool is_snowflake(std::string_view text) noexcept;

} // namespace quiz::bot::discord
