// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/render.hpp"
#include "bot/discord/webhook.hpp"
#include "bot/outbound/latest_edits.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace quiz::bot::discord {

/// Sends one request to Discord and calls back with the result (the server: outbound::client::send).
using discord_transport = std::function<void(outbound::request, std::function<void(outbound::result)>)>;

struct round_edit_settings {
    std::string api_base;
    std::string application_id; ///< DISCORD_APPLICATION_ID; "" until an interaction tells it
    const std::string* public_url = nullptr;
    /// Discord: "Interaction tokens are valid for 15 minutes" (docs/discord.md, "Study-group rounds").
    std::chrono::milliseconds token_lifetime{std::chrono::minutes{15}};
    /// Edits of one message start at least `edit_spacing` apart (a burst of answers becomes a few edits, within the
    /// per-webhook rate limits Discord applies without documenting a number); `later` runs the delayed ones.
    outbound::latest_edits::later_fn later;
    std::chrono::milliseconds edit_spacing{std::chrono::milliseconds{250}};
};

/// Keeps each round's message on Discord up to date: every change of a round (from the rounds' publish hook and from
/// the replies to clicks) becomes `PATCH .../webhooks/{application}/{token}/messages/@original` with the freshest
/// token the round's stored message has, through outbound::latest_edits keyed by round, so that a burst of answers
/// becomes few edits and an older version is never sent after a newer one. A token older than its lifetime cannot
/// edit: the change is logged and skipped, and the message stays as it was until a click brings a new token.
/// Thread-safe.
class round_edits : public std::enable_shared_from_this<round_edits> {
public:
    round_edits(discord_transport send, std::function<engine::instant()> clock, spdlog::logger& log,
                round_edit_settings settings);

    /// A change of a round; screens of other platforms, older than one already shown, or without a token are ignored.
    void publish(const tutoring::round_screen& shown);

    /// The command holding `token` is about to answer with the round's message itself (type 4): nothing is edited
    /// through that token until responded(), as the message may not exist yet.
    void expect_response(const std::string& token);
    /// The command's answer is going out; `shown` is the round's message it carries (null for a notice).
    void responded(const std::string& token, const tutoring::round_screen* shown);

    /// Whether the round's message shows less than the round's last change because its edit was skipped (an expired
    /// token) or refused: a click's fresh token can bring it up to date.
    [[nodiscard]] bool behind(engine::round_id round) const;

    /// The application's id, as every interaction carries it: used when DISCORD_APPLICATION_ID is not set.
    void learn_application(std::string_view id);

    /// Edits started, and versions dropped for a newer one (outbound::latest_edits).
    [[nodiscard]] std::uint64_t edits_sent() const { return edits_.sent(); }
    [[nodiscard]] std::uint64_t edits_superseded() const { return edits_.superseded(); }

private:
    struct slot {
        std::uint64_t newest = 0;    ///< the newest revision seen
        std::uint64_t delivered = 0; ///< the newest revision Discord shows
        std::string sent_with;       ///< the token the newest revision was sent (or skipped) with
        bool stuck = false;          ///< the newest revision could not be sent or was refused
    };

    void finished(engine::round_id round, std::uint64_t revision, const outbound::result& r);

    discord_transport send_;
    std::function<engine::instant()> clock_;
    spdlog::logger& log_;
    round_edit_settings settings_;
    outbound::latest_edits edits_;
    mutable std::mutex mutex_;
    std::map<engine::round_id, slot> slots_;
    std::set<std::string, std::less<>> awaiting_response_;
    std::uint64_t version_ = 0; ///< what latest_edits orders by: grows with every version handed to it
};

} // namespace quiz::bot::discord
