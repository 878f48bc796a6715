// SPDX-License-Identifier: MIT
#include "bot/slack/payload.hpp"

#include "bot/http/url_encoding.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

/// Bodies are at most the server's body limit; a payload nested deeper than this is not Slack's.
constexpr std::size_t max_depth = 64;

const std::string& empty_string()
{
    static const std::string empty;
    return empty;
}

std::string string_at(const json::object& o, std::string_view name)
{
    const auto* v = o.if_contains(name);
    return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string{};
}

const json::object* object_at(const json::object& o, std::string_view name)
{
    const auto* v = o.if_contains(name);
    return v != nullptr && v->is_object() ? &v->as_object() : nullptr;
}

http::refusal bad(std::string reason) { return {400, std::move(reason)}; }

http::parsed<json::object> parse_object(std::string_view text)
{
    boost::system::error_code ec;
    json::parse_options options;
    options.max_depth = max_depth;
    auto value = json::parse(text, ec, {}, options);
    if (ec) {
        return bad("malformed JSON: " + ec.message());
    }
    if (!value.is_object()) {
        return bad("the JSON body must be an object");
    }
    return std::move(value.as_object());
}

} // namespace

http::parsed<form_fields> form_fields::parse(std::string_view body)
{
    auto pairs = http::parse_form(body);
    if (!pairs) {
        return bad("malformed form encoding");
    }
    form_fields out;
    for (auto& [name, value] : *pairs) {
        if (name.empty()) {
            continue;
        }
        if (out.contains(name)) {
            return bad("repeated form field \"" + name.substr(0, 64) + "\"");
        }
        out.fields_.emplace_back(std::move(name), std::move(value));
    }
    return out;
}

const std::string& form_fields::get(std::string_view name) const
{
    const auto it = std::find_if(fields_.begin(), fields_.end(), [name](const auto& f) { return f.first == name; });
    return it == fields_.end() ? empty_string() : it->second;
}

bool form_fields::contains(std::string_view name) const
{
    return std::any_of(fields_.begin(), fields_.end(), [name](const auto& f) { return f.first == name; });
}

http::parsed<slash_command> parse_slash_command(std::string_view body)
{
    const auto form = form_fields::parse(body);
    if (!form) {
        return form.error();
    }
    slash_command c;
    c.team_id = form->get("team_id");
    c.team_domain = form->get("team_domain");
    c.user_id = form->get("user_id");
    c.user_name = form->get("user_name");
    c.channel_id = form->get("channel_id");
    c.channel_name = form->get("channel_name");
    c.command = form->get("command");
    c.text = form->get("text");
    c.response_url = form->get("response_url");
    if (c.team_id.empty() || c.user_id.empty() || c.command.empty()) {
        return bad("a slash command needs team_id, user_id and command");
    }
    return c;
}

http::parsed<interaction> parse_interaction(std::string_view body)
{
    const auto form = form_fields::parse(body);
    if (!form) {
        return form.error();
    }
    if (!form->contains("payload")) {
        return bad("no payload field");
    }
    const auto root = parse_object(form->get("payload"));
    if (!root) {
        return root.error();
    }
    interaction out;
    out.type = string_at(*root, "type");
    out.response_url = string_at(*root, "response_url");
    if (const auto* team = object_at(*root, "team")) {
        out.team_id = string_at(*team, "id");
    }
    if (const auto* user = object_at(*root, "user")) {
        out.user_id = string_at(*user, "id");
        out.user_name = string_at(*user, "username");
        if (out.team_id.empty()) {
            out.team_id = string_at(*user, "team_id");
        }
    }
    if (const auto* channel = object_at(*root, "channel")) {
        out.channel_id = string_at(*channel, "id");
    }
    if (const auto* container = object_at(*root, "container")) {
        out.container_type = string_at(*container, "type");
        out.message_ts = string_at(*container, "message_ts");
        const auto* ephemeral = container->if_contains("is_ephemeral");
        out.is_ephemeral = ephemeral != nullptr && ephemeral->is_bool() && ephemeral->as_bool();
        if (out.channel_id.empty()) {
            out.channel_id = string_at(*container, "channel_id");
        }
    }
    if (const auto* actions = root->if_contains("actions"); actions != nullptr && actions->is_array()) {
        for (const auto& a : actions->as_array()) {
            if (!a.is_object()) {
                continue;
            }
            const auto& item = a.as_object();
            out.actions.push_back(
                {string_at(item, "action_id"), string_at(item, "block_id"), string_at(item, "value")});
        }
    }
    if (out.type.empty() || out.team_id.empty() || out.user_id.empty()) {
        return bad("an interaction needs type, team.id and user.id");
    }
    return out;
}

http::parsed<event_envelope> parse_event(std::string_view body)
{
    const auto root = parse_object(body);
    if (!root) {
        return root.error();
    }
    event_envelope out;
    out.type = string_at(*root, "type");
    if (out.type.empty()) {
        return bad("no type");
    }
    if (out.type == "url_verification") {
        out.challenge = string_at(*root, "challenge");
        return out;
    }
    out.team_id = string_at(*root, "team_id");
    out.event_id = string_at(*root, "event_id");
    if (out.type != "event_callback") {
        return out;
    }
    const auto* inner = object_at(*root, "event");
    if (inner == nullptr || out.event_id.empty() || out.team_id.empty()) {
        return bad("an event_callback needs team_id, event_id and event");
    }
    event e;
    e.type = string_at(*inner, "type");
    e.subtype = string_at(*inner, "subtype");
    e.user = string_at(*inner, "user");
    e.bot_id = string_at(*inner, "bot_id");
    e.channel = string_at(*inner, "channel");
    e.channel_type = string_at(*inner, "channel_type");
    e.text = string_at(*inner, "text");
    e.tab = string_at(*inner, "tab");
    out.inner = std::move(e);
    return out;
}

bool is_ssl_check(std::string_view body)
{
    const auto pairs = http::parse_form(body);
    return pairs && std::any_of(pairs->begin(), pairs->end(),
                                [](const auto& f) { return f.first == "ssl_check" && f.second == "1"; });
}

} // namespace quiz::bot::slack
