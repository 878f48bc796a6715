// SPDX-License-Identifier: MIT
#include "bot/slack/delivery.hpp"

#include "bot/logging.hpp"
#include "bot/slack/web_api.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <spdlog/logger.h>

#include <algorithm>
#include <array>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

/// The message as a response_url takes it: whether it replaces the clicked one, and who sees a new one.
json::object response_message(const destination& to, slack_reply reply)
{
    reply.message["replace_original"] = reply.replace_original;
    if (!reply.replace_original) {
        reply.message["response_type"] = to.ephemeral ? "ephemeral" : "in_channel";
    }
    return std::move(reply.message);
}

} // namespace

tutoring::delivery delivery_of(const web_api::outcome& o)
{
    if (o.ok) {
        return tutoring::delivery::sent;
    }
    const bool refused = o.status >= 400 && o.status < 500 && o.status != 429 && o.status != 408;
    return refused ? tutoring::delivery::refused : tutoring::delivery::failed;
}

tutoring::letter response_letter(const destination& to, slack_reply reply)
{
    json::object payload{{"url", to.response_url}, {"message", response_message(to, std::move(reply))}};
    return {std::string(response_kind), "slack.response:" + to.response_url, json::serialize(payload),
            std::chrono::minutes{30}};
}

std::string text_field(const json::object& o, std::string_view name)
{
    const auto* v = o.if_contains(name);
    return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string{};
}

bool transient(const web_api::outcome& o)
{
    static constexpr std::array<std::string_view, 5> codes{"ratelimited", "internal_error", "fatal_error",
                                                           "service_unavailable", "request_timeout"};
    if (o.status != 200) {
        return o.status == 0 || o.status == 408 || o.status == 429 || o.status >= 500;
    }
    return std::find(codes.begin(), codes.end(), o.error) != codes.end();
}

tutoring::letter message_letter(const std::string& channel, const std::string& delivery_id, slack_reply reply)
{
    json::object payload{{"channel", channel}, {"message", std::move(reply.message)}};
    return {std::string(message_kind), "slack.message:" + delivery_id, json::serialize(payload),
            std::chrono::minutes{30}};
}

tutoring::payload_sender message_sender(web_api& api, spdlog::logger& log)
{
    return [&api, &log](const std::string& payload, std::function<void(tutoring::delivery)> done) {
        boost::system::error_code ec;
        auto value = json::parse(payload, ec);
        const auto* object = value.if_object();
        const auto* message = object != nullptr ? object->if_contains("message") : nullptr;
        const auto channel = object != nullptr ? text_field(*object, "channel") : std::string{};
        if (ec || channel.empty() || message == nullptr || !message->is_object()) {
            log.error("slack message letter unreadable: dropped");
            done(tutoring::delivery::refused);
            return;
        }
        api.post_message(channel, message->as_object(), [&log, done = std::move(done)](web_api::outcome o) {
            if (o.ok) {
                done(tutoring::delivery::sent);
                return;
            }
            const bool again = transient(o);
            log.warn("slack message not delivered error={}{}", log_quote(o.error), again ? "" : " (not tried again)");
            done(again ? tutoring::delivery::failed : tutoring::delivery::refused);
        });
    };
}

tutoring::payload_sender response_sender(web_api& api, spdlog::logger& log)
{
    return [&api, &log](const std::string& payload, std::function<void(tutoring::delivery)> done) {
        boost::system::error_code ec;
        auto value = json::parse(payload, ec);
        const auto* object = value.if_object();
        const auto* url = object != nullptr ? object->if_contains("url") : nullptr;
        const auto* message = object != nullptr ? object->if_contains("message") : nullptr;
        if (ec || url == nullptr || !url->is_string() || message == nullptr || !message->is_object()) {
            log.error("slack response letter unreadable: dropped");
            done(tutoring::delivery::refused);
            return;
        }
        api.respond(std::string(url->as_string()), message->as_object(),
                    [&log, done = std::move(done)](web_api::outcome o) {
                        const auto d = delivery_of(o);
                        if (d != tutoring::delivery::sent) {
                            log.warn("slack update not delivered error={}{}", log_quote(o.error),
                                     d == tutoring::delivery::refused ? " (not tried again)" : "");
                        }
                        done(d);
                    });
    };
}

void delivery::deliver(const destination& to, slack_reply reply) const
{
    auto done = [&log = log_](web_api::outcome o) {
        if (!o.ok) {
            log.warn("slack delivery failed error={}", log_quote(o.error));
        }
    };
    if (!to.response_url.empty()) {
        api_.respond(to.response_url, response_message(to, std::move(reply)), std::move(done));
    } else if (!to.channel.empty()) {
        api_.post_message(to.channel, std::move(reply.message), std::move(done));
    }
}

void delivery::publish_home(const std::string& user, boost::json::object view) const
{
    api_.publish_home(user, std::move(view), [&log = log_](web_api::outcome o) {
        if (!o.ok) {
            log.warn("slack views.publish failed error={}", log_quote(o.error));
        }
    });
}

} // namespace quiz::bot::slack
