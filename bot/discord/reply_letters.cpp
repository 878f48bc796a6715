// SPDX-License-Identifier: MIT
#include "bot/discord/reply_letters.hpp"

#include "bot/discord/webhook.hpp"
#include "bot/outbound/client.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <chrono>

namespace quiz::bot::discord {

namespace json = boost::json;

webhook_reply deferred_reply(const interaction& in, const reply& r)
{
    webhook_reply out;
    out.edit = in.type == interaction_type::application_command || r.kind == reply_kind::update_message;
    out.body = r.data;
    if (!out.edit && r.ephemeral) {
        out.body["flags"] = 64;
    }
    return out;
}

tutoring::letter deferred_reply_letter(const interaction& in, const reply& r)
{
    auto call = deferred_reply(in, r);
    const json::object payload{
        {"application", in.application_id},
        {"token", in.token},
        {"edit", call.edit},
        {"body", std::move(call.body)},
    };
    return {std::string(deferred_reply_kind), "discord:interaction:" + in.id, json::serialize(payload),
            std::chrono::minutes{14}};
}

tutoring::payload_sender deferred_reply_sender(outbound::client& client, spdlog::logger& log, std::string api_base,
                                               const std::string* public_url)
{
    return [&client, &log, api_base = std::move(api_base), public_url](const std::string& payload,
                                                                       std::function<void(tutoring::delivery)> done) {
        boost::system::error_code ec;
        auto value = json::parse(payload, ec);
        const auto* o = value.if_object();
        const auto* application = o != nullptr ? o->if_contains("application") : nullptr;
        const auto* token = o != nullptr ? o->if_contains("token") : nullptr;
        const auto* edit = o != nullptr ? o->if_contains("edit") : nullptr;
        const auto* body = o != nullptr ? o->if_contains("body") : nullptr;
        if (ec || application == nullptr || !application->is_string() || token == nullptr || !token->is_string() ||
            edit == nullptr || !edit->is_bool() || body == nullptr || !body->is_object()) {
            log.error("discord reply letter unreadable: dropped");
            done(tutoring::delivery::refused);
            return;
        }
        const webhook_base base{api_base, std::string(application->as_string()),
                                public_url != nullptr ? *public_url : std::string{}};
        auto request = edit->as_bool() ? edit_original(base, token->as_string(), body->as_object())
                                       : follow_up(base, token->as_string(), body->as_object());
        client.send(std::move(request), [&log, done = std::move(done)](outbound::result r) {
            const auto d = delivery_of(r);
            if (d != tutoring::delivery::sent) {
                log.warn("discord reply not delivered status={} error={}{}", r.resp.status,
                         r.ok() ? std::string("none") : r.message,
                         d == tutoring::delivery::refused ? " (not tried again)" : "");
            }
            done(d);
        });
    };
}

} // namespace quiz::bot::discord
