// SPDX-License-Identifier: MIT
#include "bot/http/message.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <array>
#include <ctime>

namespace quiz::bot::http {

namespace {

constexpr std::array<std::pair<verb, std::string_view>, 7> verb_names{{
    {verb::get, "GET"},
    {verb::head, "HEAD"},
    {verb::post, "POST"},
    {verb::put, "PUT"},
    {verb::patch, "PATCH"},
    {verb::delete_, "DELETE"},
    {verb::options, "OPTIONS"},
}};

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

} // namespace

std::string_view to_string(verb v) noexcept
{
    for (const auto& [known, name] : verb_names) {
        if (known == v) {
            return name;
        }
    }
    return "OTHER";
}

verb parse_verb(std::string_view text) noexcept
{
    for (const auto& [known, name] : verb_names) {
        if (name == text) {
            return known;
        }
    }
    return verb::other;
}

bool iequals(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

void headers::add(std::string name, std::string value) { fields_.emplace_back(std::move(name), std::move(value)); }

void headers::set(std::string name, std::string value)
{
    erase(name);
    add(std::move(name), std::move(value));
}

void headers::erase(std::string_view name)
{
    std::erase_if(fields_, [name](const field& f) { return iequals(f.first, name); });
}

std::optional<std::string_view> headers::find(std::string_view name) const
{
    const auto it =
        std::find_if(fields_.begin(), fields_.end(), [name](const field& f) { return iequals(f.first, name); });
    if (it == fields_.end()) {
        return std::nullopt;
    }
    return std::string_view(it->second);
}

std::string_view request::param(std::string_view name) const
{
    const auto it = params.find(name);
    return it == params.end() ? std::string_view{} : std::string_view(it->second);
}

response response::text(unsigned status, std::string body)
{
    response r{status, {}, std::move(body)};
    r.fields.set("Content-Type", "text/plain; charset=utf-8");
    return r;
}

response response::json(unsigned status, std::string body)
{
    response r{status, {}, std::move(body)};
    r.fields.set("Content-Type", "application/json");
    return r;
}

response response::empty(unsigned status) { return response{status, {}, {}}; }

std::string_view reason_phrase(unsigned status) noexcept
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 202:
        return "Accepted";
    case 204:
        return "No Content";
    case 301:
        return "Moved Permanently";
    case 302:
        return "Found";
    case 303:
        return "See Other";
    case 304:
        return "Not Modified";
    case 307:
        return "Temporary Redirect";
    case 308:
        return "Permanent Redirect";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 411:
        return "Length Required";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 415:
        return "Unsupported Media Type";
    case 417:
        return "Expectation Failed";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 504:
        return "Gateway Timeout";
    default:
        return "";
    }
}

response uncached_json(unsigned status, std::string body)
{
    auto r = response::json(status, std::move(body));
    r.fields.set("Cache-Control", "no-store");
    return r;
}

response uncached_json(unsigned status, const boost::json::object& body)
{
    return uncached_json(status, boost::json::serialize(body));
}

response error_response(unsigned status, std::string_view reason, std::string_view request_id)
{
    boost::json::object body;
    body["error"] = reason;
    if (!request_id.empty()) {
        body["request_id"] = request_id;
    }
    return uncached_json(status, body);
}

response error_response(const refusal& why, std::string_view request_id)
{
    return error_response(why.status, why.reason, request_id);
}

std::string http_date(std::chrono::system_clock::time_point when)
{
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[64];
    // strftime's %a and %b follow the C locale, which is what HTTP wants; the program never changes it.
    const std::size_t n = std::strftime(buffer, sizeof buffer, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    return std::string(buffer, n);
}

std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view text)
{
    const std::string copy(text);
    std::tm tm{};
    const char* end = strptime(copy.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    if (end == nullptr || *end != '\0') {
        return std::nullopt;
    }
    const std::time_t t = timegm(&tm);
    if (t == static_cast<std::time_t>(-1)) {
        return std::nullopt;
    }
    return std::chrono::system_clock::from_time_t(t);
}

} // namespace quiz::bot::http
