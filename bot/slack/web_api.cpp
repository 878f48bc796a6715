// SPDX-License-Identifier: MIT
#include "bot/slack/web_api.hpp"

#include "bot/http/url_encoding.hpp"
#include "bot/outbound/url.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

web_api::outcome read_answer(const outbound::result& r, bool web_api_call)
{
    web_api::outcome out;
    if (!r.ok()) {
        out.error = "transport: " + r.message;
        return out;
    }
    out.status = r.resp.status;
    if (r.resp.status < 200 || r.resp.status >= 300) {
        out.error = "status " + std::to_string(r.resp.status);
        return out;
    }
    if (!web_api_call) {
        out.ok = true; // response_urls answer "ok" as plain text
        return out;
    }
    boost::system::error_code ec;
    auto value = json::parse(r.resp.body, ec);
    if (ec || !value.is_object()) {
        out.error = "malformed answer";
        return out;
    }
    auto& body = value.as_object();
    const auto* ok = body.if_contains("ok");
    out.ok = ok != nullptr && ok->is_bool() && ok->as_bool();
    if (!out.ok) {
        const auto* error = body.if_contains("error");
        out.error = error != nullptr && error->is_string() ? std::string(error->as_string()) : "not ok";
    }
    out.body = std::move(body);
    return out;
}

} // namespace

bool response_url_allowed(std::string_view text, const std::vector<std::string>& allowed)
{
    const auto url = outbound::parse_url(text);
    if (!url) {
        return false;
    }
    const std::string with_port = (url->host.find(':') != std::string::npos ? "[" + url->host + "]" : url->host) + ":" +
                                  std::to_string(url->port);
    return std::any_of(allowed.begin(), allowed.end(), [&](const std::string& entry) {
        if (entry == with_port) {
            return true;
        }
        return url->tls && url->port == 443 && entry == url->host;
    });
}

web_api::web_api(outbound::client& client, std::string api_base, std::string token)
    : client_(client), api_base_(std::move(api_base)), token_(std::move(token))
{
}

void web_api::respond(const std::string& response_url, json::object message, callback done)
{
    outbound::request req;
    req.method = http::verb::post;
    req.url = response_url;
    req.fields.set("Content-Type", "application/json; charset=utf-8");
    req.body = json::serialize(message);
    req.label = "slack.response_url";
    // A response_url takes at most 5 posts: a repeated replace_original is harmless, a repeated new message is not.
    const auto* replace = message.if_contains("replace_original");
    req.idempotent = replace != nullptr && replace->is_bool() && replace->as_bool();
    req.rate_limit_key = "POST response_url";
    client_.send(std::move(req), [done = std::move(done)](outbound::result r) { done(read_answer(r, false)); });
}

void web_api::call(std::string_view method, json::object args, std::string rate_key, callback done, bool idempotent)
{
    if (token_.empty()) {
        done(outcome{false, "no_token", std::nullopt});
        return;
    }
    outbound::request req;
    req.method = http::verb::post;
    req.url = api_base_ + "/" + std::string(method);
    req.fields.set("Content-Type", "application/json; charset=utf-8");
    req.fields.set("Authorization", "Bearer " + token_);
    req.body = json::serialize(args);
    req.label = "slack." + std::string(method);
    req.rate_limit_key = std::move(rate_key);
    if (idempotent) {
        req.idempotent = true;
    }
    client_.send(std::move(req), [done = std::move(done)](outbound::result r) { done(read_answer(r, true)); });
}

void web_api::post_message(const std::string& channel, json::object message, callback done)
{
    message["channel"] = channel;
    // Slack's limit for chat.postMessage is about one message per second per channel: one key per channel.
    call("chat.postMessage", std::move(message), "POST chat.postMessage " + channel, std::move(done));
}

void web_api::update_message(const std::string& channel, const std::string& ts, json::object message, callback done)
{
    message["channel"] = channel;
    message["ts"] = ts;
    // The same version sent twice shows the same message: safe to repeat after a lost answer.
    call("chat.update", std::move(message), "POST chat.update", std::move(done), true);
}

void web_api::post_ephemeral(const std::string& channel, const std::string& user, json::object message, callback done)
{
    message["channel"] = channel;
    message["user"] = user;
    call("chat.postEphemeral", std::move(message), "POST chat.postEphemeral", std::move(done));
}

void web_api::publish_home(const std::string& user, json::object view, callback done)
{
    call("views.publish", json::object{{"user_id", user}, {"view", std::move(view)}}, "POST views.publish",
         std::move(done));
}

void web_api::open_dm(const std::string& user, callback done)
{
    // Opening an open DM returns it again: safe to repeat.
    call("conversations.open", json::object{{"users", user}}, "POST conversations.open", std::move(done), true);
}

void web_api::user_info(const std::string& user, callback done)
{
    // users.info documents form arguments; JSON bodies are accepted by write methods, so this one goes as a form.
    if (token_.empty()) {
        done(outcome{false, "no_token", std::nullopt});
        return;
    }
    outbound::request req;
    req.method = http::verb::post;
    req.url = api_base_ + "/users.info";
    req.fields.set("Content-Type", "application/x-www-form-urlencoded");
    req.fields.set("Authorization", "Bearer " + token_);
    req.body = "user=" + http::percent_encode(user) + "&include_locale=true";
    req.label = "slack.users.info";
    req.idempotent = true;
    req.rate_limit_key = "POST users.info";
    client_.send(std::move(req), [done = std::move(done)](outbound::result r) { done(read_answer(r, true)); });
}

} // namespace quiz::bot::slack
