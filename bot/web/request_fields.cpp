// SPDX-License-Identifier: MIT
#include "bot/web/request_fields.hpp"

#include "bot/http/url_encoding.hpp"

#include <boost/json/parse.hpp>

namespace quiz::bot::web {

boost::json::object parse_object(const http::request& req)
{
    boost::system::error_code ec;
    auto value = boost::json::parse(req.body, ec);
    if (ec) {
        throw bad_request{400, "malformed JSON body: " + ec.message()};
    }
    if (!value.is_object()) {
        throw bad_request{400, "the JSON body must be an object"};
    }
    return std::move(value.as_object());
}

std::optional<std::string> optional_string(const boost::json::object& body, std::string_view name)
{
    const auto* v = body.if_contains(name);
    if (v == nullptr || v->is_null()) {
        return std::nullopt;
    }
    if (!v->is_string()) {
        throw bad_request{400, "\"" + std::string(name) + "\" must be a string"};
    }
    return std::string(v->as_string());
}

std::int64_t required_integer(const boost::json::object& body, std::string_view name, std::int64_t min,
                              std::int64_t max)
{
    const auto* v = body.if_contains(name);
    if (v == nullptr || !(v->is_int64() || v->is_uint64())) {
        throw bad_request{400, "\"" + std::string(name) + "\" must be an integer"};
    }
    const auto n =
        v->is_int64()
            ? v->as_int64()
            : (v->as_uint64() > static_cast<std::uint64_t>(max) ? max + 1 : static_cast<std::int64_t>(v->as_uint64()));
    if (n < min || n > max) {
        throw bad_request{400, "\"" + std::string(name) + "\" is out of range"};
    }
    return n;
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

std::optional<engine::language> language_from(const std::optional<std::string>& text)
{
    if (!text) {
        return std::nullopt;
    }
    auto lang = engine::parse_language(*text);
    if (!lang) {
        throw bad_request{400, "\"lang\" must be \"en\" or \"fr\""};
    }
    return lang;
}

std::optional<std::string> query_value(const http::request& req, std::string_view name)
{
    const auto fields = http::parse_form(req.query);
    if (!fields) {
        throw bad_request{400, "malformed query string"};
    }
    for (const auto& [key, value] : *fields) {
        if (key == name) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace quiz::bot::web
