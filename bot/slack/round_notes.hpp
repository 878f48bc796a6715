// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/delivery.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/rounds.hpp"

#include <boost/json/object.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

class web_api;

/// The outbox's kind for a member's private note in a Slack round.
inline constexpr std::string_view round_note_kind = "slack.round-note";

/// What a member of a Slack round sees privately after their click, through the outbox (docs/reliability.md, "The
/// outbox"): written by the click's unit, keyed by the click's response_url, valid while that URL is (30 minutes, with
/// a minute's margin); sent as chat.postEphemeral with the bot token, or when Slack refuses that (a private channel the
/// bot is not in) through the click's response_url as an ephemeral message. Used with a bot token only: without one a
/// round lives on response_urls whose uses round_board counts, and notes go that way too. Thread-safe.
class round_notes {
public:
    /// The note's message; nullopt: nothing to say (a host's action shows on the round's message).
    using render_fn = std::function<std::optional<boost::json::object>(const tutoring::round_reply&, bool looking)>;
    /// Takes one of a response_url's 5 uses; false when none is left (round_board::use).
    using use_fn = std::function<bool(const std::string& response_url)>;

    /// `api` and `log` must outlive every send's completion.
    round_notes(web_api& api, spdlog::logger& log, render_fn render, use_fn use);

    /// The rounds' note writer for "slack" (clicks only: Slack members ask for their judgment with a button).
    [[nodiscard]] std::optional<tutoring::letter> write(const tutoring::round_note& note, engine::instant now) const;
    /// The outbox's sender of round_note_kind: sent, failed when Slack may take it later, refused otherwise.
    void send(const std::string& payload, std::function<void(tutoring::delivery)> done) const;

private:
    void respond(const std::string& url, boost::json::object message,
                 std::function<void(tutoring::delivery)> done) const;

    web_api& api_;
    spdlog::logger& log_;
    render_fn render_;
    use_fn use_;
};

} // namespace quiz::bot::slack
