// SPDX-License-Identifier: MIT
#include "bot/slack/round_notes.hpp"

#include "bot/logging.hpp"
#include "bot/slack/delivery.hpp"
#include "bot/slack/round_board.hpp"
#include "bot/slack/web_api.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

namespace quiz::bot::slack {

namespace json = boost::json;

round_notes::round_notes(web_api& api, spdlog::logger& log, render_fn render, use_fn use)
    : api_(api), log_(log), render_(std::move(render)), use_(std::move(use))
{
}

std::optional<tutoring::letter> round_notes::write(const tutoring::round_note& note, engine::instant now) const
{
    if (note.revealed) {
        return std::nullopt; // Slack tells a judgment when the member asks for it
    }
    auto message = render_(note.said, note.looking);
    if (!message) {
        return std::nullopt;
    }
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(note.token_at + response_url_lifetime -
                                                                       response_url_margin - now);
    if (left <= std::chrono::seconds::zero()) {
        return std::nullopt;
    }
    // The member's identity is "team:user"; chat.postEphemeral names the user.
    const auto user = note.member.substr(note.member.find(':') + 1);
    const json::object payload{
        {"channel", note.channel}, {"user", user}, {"url", note.token}, {"message", std::move(*message)}};
    return tutoring::letter{std::string(round_note_kind), "slack:round-note:" + note.about, json::serialize(payload),
                            left};
}

void round_notes::send(const std::string& payload, std::function<void(tutoring::delivery)> done) const
{
    boost::system::error_code ec;
    auto value = json::parse(payload, ec);
    const auto* o = value.if_object();
    const auto* message = o != nullptr ? o->if_contains("message") : nullptr;
    if (ec || message == nullptr || !message->is_object()) {
        log_.error("slack round note unreadable: dropped");
        done(tutoring::delivery::refused);
        return;
    }
    const auto channel = text_field(*o, "channel");
    const auto user = text_field(*o, "user");
    auto url = text_field(*o, "url");
    if (!api_.has_token() || channel.empty() || user.empty()) {
        respond(url, message->as_object(), std::move(done));
        return;
    }
    api_.post_ephemeral(channel, user, message->as_object(),
                        [this, url = std::move(url), message = message->as_object(),
                         done = std::move(done)](web_api::outcome r) mutable {
                            if (r.ok) {
                                done(tutoring::delivery::sent);
                                return;
                            }
                            if (transient(r)) {
                                log_.warn("slack round note failed error={}", log_quote(r.error));
                                done(tutoring::delivery::failed);
                                return;
                            }
                            // A private channel the bot is not in: the click's response_url reaches the member.
                            log_.warn("slack chat.postEphemeral failed error={}; replying through the response_url",
                                      log_quote(r.error));
                            respond(url, std::move(message), std::move(done));
                        });
}

void round_notes::respond(const std::string& url, json::object message,
                          std::function<void(tutoring::delivery)> done) const
{
    if (url.empty() || !use_(url)) {
        log_.warn("slack round note refused: no response_url with a use left");
        done(tutoring::delivery::refused);
        return;
    }
    message["response_type"] = "ephemeral";
    message["replace_original"] = false;
    api_.respond(url, std::move(message), [this, done = std::move(done)](web_api::outcome u) {
        const auto d = delivery_of(u);
        if (d != tutoring::delivery::sent) {
            log_.warn("slack round note through a response_url not delivered error={}{}", log_quote(u.error),
                      d == tutoring::delivery::refused ? " (not tried again)" : "");
        }
        done(d);
    });
}

} // namespace quiz::bot::slack
