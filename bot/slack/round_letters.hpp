// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/delivery.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

class web_api;

/// The outbox's kind for an edit of a round's message.
inline constexpr std::string_view round_edit_kind = "slack.round";

/// Keeps each round's Slack message up to date through the outbox (docs/reliability.md, "The outbox") once the bot
/// can edit it itself: with a bot token, and the message's channel and ts stored with the round. Every change then
/// becomes, in the unit that made it, a letter keyed by the round (a newer state replaces one still waiting), sent
/// as chat.update; when Slack refuses that (a message the bot did not post, in a channel it is not in), through the
/// freshest response_url the round stores, while it is young enough. Until the message's place is known (the
/// moments between its post and the post's record), and without a bot token, round_board edits it from memory.
class round_letters {
public:
    using render_fn = std::function<boost::json::object(const tutoring::round_screen&, engine::instant now)>;

    /// `api` and `log` must outlive every send's completion.
    round_letters(web_api& api, spdlog::logger& log, render_fn render);

    /// Whether a change of `shown` goes by letter (then round_board leaves it alone).
    [[nodiscard]] bool takes(const tutoring::round_screen& shown) const;
    /// The letter for a change of a round (the rounds' letter writer for "slack"); nullopt when it does not take it.
    [[nodiscard]] std::optional<tutoring::letter> write(const tutoring::round_screen& shown, engine::instant now) const;
    /// Sends one letter (the outbox's sender of round_edit_kind): sent, refused when Slack will not take it either
    /// way, failed when it may go through later.
    void send(const std::string& payload, std::function<void(tutoring::delivery)> done) const;

private:
    web_api& api_;
    spdlog::logger& log_;
    render_fn render_;
};

} // namespace quiz::bot::slack
