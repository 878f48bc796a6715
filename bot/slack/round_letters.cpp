// SPDX-License-Identifier: MIT
#include "bot/slack/round_letters.hpp"

#include "bot/logging.hpp"
#include "bot/slack/delivery.hpp"
#include "bot/slack/round_board.hpp"
#include "bot/slack/web_api.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

/// How long a change is worth sending: a round's message changes at least this often while it is played, and a
/// newer change replaces a waiting one.
constexpr std::chrono::minutes valid_for{30};
std::optional<std::pair<std::string, std::string>> place_of(const tutoring::round_screen& shown)
{
    if (!shown.message) {
        return std::nullopt;
    }
    const auto& reference = shown.message->reference;
    const auto colon = reference.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == reference.size()) {
        return std::nullopt;
    }
    return std::pair{reference.substr(0, colon), reference.substr(colon + 1)};
}

} // namespace

round_letters::round_letters(web_api& api, spdlog::logger& log, render_fn render)
    : api_(api), log_(log), render_(std::move(render))
{
}

bool round_letters::takes(const tutoring::round_screen& shown) const
{
    return shown.platform == "slack" && api_.has_token() && place_of(shown).has_value();
}

std::optional<tutoring::letter> round_letters::write(const tutoring::round_screen& shown, engine::instant now) const
{
    if (!takes(shown)) {
        return std::nullopt;
    }
    const auto [channel, ts] = *place_of(shown);
    json::object payload{
        {"round", shown.round.value()}, {"revision", shown.revision}, {"channel", channel}, {"ts", ts},
        {"body", render_(shown, now)},
    };
    // The fallback: the freshest response_url, while it has time left (Slack counts its 5 uses and answers 404).
    const auto& url = shown.message->edit_token;
    const auto url_left = shown.message->token_at + response_url_lifetime - response_url_margin - now;
    if (!url.empty() && url_left > std::chrono::milliseconds::zero()) {
        payload["url"] = url;
    }
    return tutoring::letter{std::string(round_edit_kind), "slack:round:" + std::to_string(shown.round.value()),
                            json::serialize(payload), valid_for};
}

void round_letters::send(const std::string& payload, std::function<void(tutoring::delivery)> done) const
{
    boost::system::error_code ec;
    auto value = json::parse(payload, ec);
    const auto* o = value.if_object();
    const auto* round = o != nullptr ? o->if_contains("round") : nullptr;
    const auto* body = o != nullptr ? o->if_contains("body") : nullptr;
    const auto channel = o != nullptr ? text_field(*o, "channel") : std::string{};
    const auto ts = o != nullptr ? text_field(*o, "ts") : std::string{};
    if (ec || round == nullptr || !round->is_int64() || body == nullptr || !body->is_object() || channel.empty() ||
        ts.empty()) {
        log_.error("slack round letter unreadable: dropped");
        done(tutoring::delivery::refused);
        return;
    }
    const auto id = round->as_int64();
    auto message = body->as_object();
    auto url = text_field(*o, "url");
    api_.update_message(
        channel, ts, message,
        [this, id, message, url = std::move(url), done = std::move(done)](web_api::outcome r) mutable {
            if (r.ok) {
                done(tutoring::delivery::sent);
                return;
            }
            if (transient(r)) {
                log_.warn("slack round edit failed round={} error={}", id, log_quote(r.error));
                done(tutoring::delivery::failed);
                return;
            }
            if (url.empty()) {
                log_.warn("slack round edit refused round={} error={} (not tried again)", id, log_quote(r.error));
                done(tutoring::delivery::refused);
                return;
            }
            // A message the bot cannot edit itself (posted through a response_url where it is not a member).
            message["replace_original"] = true;
            api_.respond(url, std::move(message), [this, id, done = std::move(done)](web_api::outcome u) {
                const auto d = delivery_of(u);
                if (d != tutoring::delivery::sent) {
                    log_.warn("slack round edit through a response_url not delivered round={} error={}{}", id,
                              log_quote(u.error), d == tutoring::delivery::refused ? " (not tried again)" : "");
                }
                done(d);
            });
        });
}

} // namespace quiz::bot::slack
