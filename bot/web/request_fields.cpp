// SPDX-License-Identifier: MIT
#include "bot/web/request_fields.hpp"

#include "bot/http/url_encoding.hpp"

#include <boost/json/parse.hpp>

namespace quiz::bot::web {

namespace {

http::refusal bad(std::string reason) { return {400, std::move(reason)}; }

std::string quoted(std::string_view name) { return "\"" + std::string(name) + "\""; }

} // namespace

body_fields::body_fields(const http::request& req)
{
    boost::system::error_code ec;
    auto value = boost::json::parse(req.body, ec);
    if (ec) {
        refused_ = bad("malformed JSON body: " + ec.message());
    } else if (!value.is_object()) {
        refused_ = bad("the JSON body must be an object");
    } else {
        body_ = std::move(value.as_object());
    }
}

void body_fields::refuse(http::refusal why)
{
    if (!refused_) {
        refused_ = std::move(why);
    }
}

std::optional<std::string> body_fields::text(std::string_view name)
{
    const auto* v = refused_ ? nullptr : body_.if_contains(name);
    if (v == nullptr || v->is_null()) {
        return std::nullopt;
    }
    if (!v->is_string()) {
        refuse(bad(quoted(name) + " must be a string"));
        return std::nullopt;
    }
    return std::string(v->as_string());
}

std::int64_t body_fields::integer(std::string_view name, std::int64_t min, std::int64_t max)
{
    if (refused_) {
        return min;
    }
    const auto* v = body_.if_contains(name);
    if (v == nullptr || !(v->is_int64() || v->is_uint64())) {
        refuse(bad(quoted(name) + " must be an integer"));
        return min;
    }
    const auto n =
        v->is_int64()
            ? v->as_int64()
            : (v->as_uint64() > static_cast<std::uint64_t>(max) ? max + 1 : static_cast<std::int64_t>(v->as_uint64()));
    if (n < min || n > max) {
        refuse(bad(quoted(name) + " is out of range"));
        return min;
    }
    return n;
}

std::optional<bool> body_fields::flag(std::string_view name)
{
    const auto* v = refused_ ? nullptr : body_.if_contains(name);
    if (v == nullptr || v->is_null()) {
        return std::nullopt;
    }
    if (!v->is_bool()) {
        refuse(bad(quoted(name) + " must be true or false"));
        return std::nullopt;
    }
    return v->as_bool();
}

std::optional<engine::language> body_fields::lang()
{
    auto lang = language_from(text("lang"));
    if (!lang) {
        refuse(lang.error());
        return std::nullopt;
    }
    return *lang;
}

std::optional<std::string> bearer_token(const http::request& req)
{
    const auto value = req.fields.find("Authorization");
    constexpr std::string_view scheme = "Bearer ";
    if (!value || value->size() <= scheme.size() || !http::iequals(value->substr(0, scheme.size()), scheme)) {
        return std::nullopt;
    }
    return std::string(value->substr(scheme.size()));
}

http::parsed<std::optional<engine::language>> language_from(const std::optional<std::string>& text)
{
    if (!text) {
        return std::optional<engine::language>{};
    }
    auto lang = engine::parse_language(*text);
    if (!lang) {
        return bad("\"lang\" must be \"en\" or \"fr\"");
    }
    return lang;
}

http::parsed<std::optional<std::string>> query_value(const http::request& req, std::string_view name)
{
    const auto fields = http::parse_form(req.query);
    if (!fields) {
        return bad("malformed query string");
    }
    for (const auto& [key, value] : *fields) {
        if (key == name) {
            return std::optional<std::string>(value);
        }
    }
    return std::optional<std::string>{};
}

http::parsed<std::optional<engine::language>> query_language(const http::request& req)
{
    const auto text = query_value(req, "lang");
    if (!text) {
        return text.error();
    }
    return language_from(*text);
}

} // namespace quiz::bot::web
