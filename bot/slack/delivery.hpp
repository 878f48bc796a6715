// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/flows.hpp"
#include "bot/slack/web_api.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/outbox_sender.hpp"

#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

/// Where the answer to an action goes: its response_url, else a message to `channel` (a user id is their DM).
struct destination {
    std::string response_url;
    std::string channel;
    bool ephemeral = false; ///< in a channel: shown to the user only
};

/// The outbox's kind for a response_url update.
inline constexpr std::string_view response_kind = "slack.response";

/// `reply` to `to.response_url` as a letter for the outbox: valid 30 minutes, as Slack takes a response_url
/// (platforms.md); its key is the URL, used by one click only.
[[nodiscard]] tutoring::letter response_letter(const destination& to, slack_reply reply);

/// The outbox's kind for a message the bot posts (chat.postMessage): a reply to a direct message.
inline constexpr std::string_view message_kind = "slack.message";

/// `reply` posted to `channel` as a letter for the outbox, keyed by the event it answers (`delivery_id`); valid 30
/// minutes, as a response_url's update: an answer later than that is no longer the learner's conversation.
[[nodiscard]] tutoring::letter message_letter(const std::string& channel, const std::string& delivery_id,
                                              slack_reply reply);

/// Sends message letters: delivered when Slack posted it; failed when Slack may take it later (transient); refused
/// otherwise (a channel the bot cannot post in), not tried again. `api` and `log` must outlive it.
[[nodiscard]] tutoring::payload_sender message_sender(web_api& api, spdlog::logger& log);

/// What a response_url's answer means for a letter: delivered on a 2xx; refused on any other 4xx but 408 and 429 (a
/// response_url past its 30 minutes or 5 uses answers 404); failed otherwise, tried again.
[[nodiscard]] tutoring::delivery delivery_of(const web_api::outcome& o);

/// Whether a Web API call's failure is Slack's own (transport, 408, 429, 5xx, or `ratelimited`, `internal_error`,
/// `fatal_error`, `service_unavailable`, `request_timeout`), worth another try; any other error is Slack's answer about
/// the message itself.
[[nodiscard]] bool transient(const web_api::outcome& o);

/// A letter's string field; "" when absent or not a string.
[[nodiscard]] std::string text_field(const boost::json::object& o, std::string_view name);

/// Sends response letters: delivered on a 2xx; refused on any other 4xx but 429 (a response_url past its 30
/// minutes or 5 uses answers 404); failed otherwise, tried again. `api` and `log` must outlive it.
[[nodiscard]] tutoring::payload_sender response_sender(web_api& api, spdlog::logger& log);

/// Sends replies and Home views through the Web API, logging what fails (Slack's error code, never a URL or token).
class delivery {
public:
    /// `api` and `log` must outlive every send's completion.
    delivery(web_api& api, spdlog::logger& log) : api_(api), log_(log) {}

    void deliver(const destination& to, slack_reply reply) const;
    void publish_home(const std::string& user, boost::json::object view) const;

private:
    web_api& api_;
    spdlog::logger& log_;
};

} // namespace quiz::bot::slack
