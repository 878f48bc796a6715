// SPDX-License-Identifier: MIT
#include "bot/discord/webhook.hpp"

#include "bot/discord/user_agent.hpp"

#include <boost/json/serialize.hpp>

namespace quiz::bot::discord {

namespace {

outbound::request call(const webhook_base& base, std::string_view token, const boost::json::object& body)
{
    outbound::request req;
    req.url = base.api_base + "/webhooks/" + base.application_id + "/" + std::string(token);
    req.fields.set("Content-Type", "application/json");
    req.fields.set("User-Agent", user_agent(base.public_url));
    req.body = boost::json::serialize(body);
    return req;
}

} // namespace

outbound::request edit_original(const webhook_base& base, std::string_view token, const boost::json::object& body)
{
    auto req = call(base, token, body);
    req.method = http::verb::patch;
    req.url += "/messages/@original";
    req.idempotent = true; // the whole message again: sending it twice shows the same
    req.label = "discord.edit_original";
    req.rate_limit_key = "PATCH /webhooks/{application}/{token}/messages/@original";
    return req;
}

outbound::request follow_up(const webhook_base& base, std::string_view token, const boost::json::object& body)
{
    auto req = call(base, token, body);
    req.method = http::verb::post;
    req.label = "discord.follow_up";
    req.rate_limit_key = "POST /webhooks/{application}/{token}";
    return req;
}

tutoring::delivery delivery_of(const outbound::result& r)
{
    if (r.ok() && r.resp.status / 100 == 2) {
        return tutoring::delivery::sent;
    }
    const auto status = r.resp.status;
    const bool refused = r.ok() && status >= 400 && status < 500 && status != 408 && status != 429;
    return refused ? tutoring::delivery::refused : tutoring::delivery::failed;
}

} // namespace quiz::bot::discord
