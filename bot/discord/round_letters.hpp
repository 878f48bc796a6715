// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/delivery.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/round_screens.hpp"
#include "bot/tutoring/rounds.hpp"

#include "engine/core/tutor_ids.hpp"

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::discord {

/// The outbox's kind for an edit of a round's message.
inline constexpr std::string_view round_edit_kind = "discord.round";

struct round_letter_settings {
    std::string api_base;
    std::string application_id; ///< DISCORD_APPLICATION_ID; "" until an interaction tells it
    const std::string* public_url = nullptr;
    /// Discord: "Interaction tokens are valid for 15 minutes" (docs/discord.md, "Study-group rounds").
    std::chrono::seconds token_lifetime{std::chrono::minutes{15}};
};

/// Keeps each round's message on Discord up to date through the outbox (docs/reliability.md, "The outbox"): every
/// change of a round becomes, in the unit that made it, a letter keyed by the round, so that a newer state replaces
/// one still waiting and only the newest is sent; it is sent as `PATCH .../webhooks/{application}/{token}/messages/
/// @original` with the freshest token the round's stored message has, and is valid as long as that token. A token
/// past its lifetime writes no letter: the message stays as it was until a click brings a new token (behind()).
/// Thread-safe.
class round_letters {
public:
    /// The least time between two edits of one round's message this node starts (outbox_sender::add_sender).
    static constexpr std::chrono::milliseconds edit_spacing{250};

    round_letters(outbound::client& client, spdlog::logger& log, round_letter_settings settings);

    /// The letter for a change of a round (the rounds' letter writer for "discord"); nullopt without a token, an
    /// application id or time left on the token.
    [[nodiscard]] std::optional<tutoring::letter> write(const tutoring::round_screen& shown, engine::instant now);
    /// The letter of a member's note (the rounds' note writer for "discord"): an ephemeral follow-up through their
    /// click's token, sent by the deferred replies' sender (deferred_reply_kind); valid until a minute before the
    /// token expires. nullopt when there is nothing to say, no application id or too little time left.
    [[nodiscard]] std::optional<tutoring::letter> write_note(const tutoring::round_note& note, engine::instant now);
    /// Sends one letter's edit (the outbox's sender of round_edit_kind): refused when Discord refuses it (an expired
    /// or unknown token, a deleted message), failed when it may go through later.
    void send(const std::string& payload, std::function<void(tutoring::delivery)> done);

    /// Whether the round's message shows less than the round's last change because its edit could not be written
    /// (an expired token) or was refused: a click's fresh token can bring it up to date. In memory: after a restart
    /// a message that fell behind waits for the round's next change.
    [[nodiscard]] bool behind(engine::round_id round) const;

    /// The application's id, as every interaction carries it: used when DISCORD_APPLICATION_ID is not set.
    void learn_application(std::string_view id);

private:
    [[nodiscard]] std::string application_id() const;
    void fell_behind(engine::round_id round, bool behind);

    outbound::client& client_;
    spdlog::logger& log_;
    round_letter_settings settings_;
    mutable std::mutex mutex_;
    std::set<engine::round_id> behind_;
};

} // namespace quiz::bot::discord
