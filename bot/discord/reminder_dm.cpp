// SPDX-License-Identifier: MIT
#include "bot/discord/reminder_dm.hpp"

#include "bot/discord/component_ids.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/discord/user_agent.hpp"
#include "bot/outbound/client.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <memory>

namespace quiz::bot::discord {

namespace json = boost::json;

namespace {

// Discord's JSON error code for a user who does not accept DMs from the bot (topics/opcodes-and-status-codes).
constexpr std::int64_t cannot_message_user = 50007;

std::optional<json::object> json_body(const std::string& body)
{
    boost::system::error_code ec;
    auto parsed = json::parse(body, ec);
    if (ec || !parsed.is_object()) {
        return std::nullopt;
    }
    return std::move(parsed.as_object());
}

bool refused(const outbound::result& r)
{
    if (!r.ok() || r.resp.status != 403) {
        return false;
    }
    const auto body = json_body(r.resp.body);
    const auto* code = body ? body->if_contains("code") : nullptr;
    return code != nullptr && code->is_int64() && code->as_int64() == cannot_message_user;
}

tutoring::delivery outcome_of(const outbound::result& r)
{
    if (refused(r)) {
        return tutoring::delivery::refused;
    }
    return r.ok() && r.resp.status / 100 == 2 ? tutoring::delivery::sent : tutoring::delivery::failed;
}

struct dm_call {
    reminder_dm_settings settings;
    outbound::client& client;
    spdlog::logger& log;

    [[nodiscard]] outbound::request post(std::string path, const json::object& body, std::string label,
                                         std::string key) const
    {
        outbound::request req;
        req.method = http::verb::post;
        req.url = settings.api_base + path;
        req.fields.set("Authorization", "Bot " + std::string(settings.bot_token.reveal()));
        req.fields.set("Content-Type", "application/json");
        req.fields.set("User-Agent", user_agent(settings.public_url));
        req.body = json::serialize(body);
        req.label = std::move(label);
        req.rate_limit_key = std::move(key);
        return req;
    }
};

} // namespace

json::object reminder_dm_body(const tutoring::reminder_message& message)
{
    json::array buttons{make_button(message.start_label, custom_id(reminder_button{false}), primary),
                        make_button(message.unsubscribe_label, custom_id(reminder_button{true}), secondary)};
    return discord::message(message.text, json::array{row(std::move(buttons))});
}

tutoring::reminder_sender reminder_dm_sender(outbound::client& client, reminder_dm_settings settings,
                                             spdlog::logger& log)
{
    auto call = std::make_shared<dm_call>(dm_call{std::move(settings), client, log});
    return [call](const tutoring::reminder_message& message, std::function<void(tutoring::delivery)> done) {
        // Opening the DM is idempotent (the existing channel comes back), so the client may repeat it.
        auto open = call->post("/users/@me/channels", json::object{{"recipient_id", message.who.external_id}},
                               "discord.open_dm", "POST /users/@me/channels");
        open.idempotent = true;
        call->client.send(std::move(open), [call, body = reminder_dm_body(message),
                                            done = std::move(done)](outbound::result opened) mutable {
            const auto channel = opened.ok() && opened.resp.status == 200 ? json_body(opened.resp.body) : std::nullopt;
            const auto* id = channel ? channel->if_contains("id") : nullptr;
            if (id == nullptr || !id->is_string()) {
                const auto outcome = outcome_of(opened);
                call->log.warn("discord DM not opened status={} reason={}", opened.resp.status,
                               opened.ok() ? "unexpected answer" : opened.message);
                done(outcome == tutoring::delivery::sent ? tutoring::delivery::failed : outcome);
                return;
            }
            auto post = call->post("/channels/" + std::string(id->as_string()) + "/messages", body, "discord.reminder",
                                   "POST /channels/{channel}/messages");
            call->client.send(std::move(post), [call, done = std::move(done)](outbound::result posted) {
                const auto outcome = outcome_of(posted);
                if (outcome != tutoring::delivery::sent) {
                    call->log.warn("discord reminder not delivered status={} reason={}", posted.resp.status,
                                   posted.ok() ? "refused" : posted.message);
                }
                done(outcome);
            });
        });
    };
}

} // namespace quiz::bot::discord
