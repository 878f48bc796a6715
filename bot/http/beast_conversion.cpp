// SPDX-License-Identifier: MIT
#include "bot/http/beast_conversion.hpp"

#include <algorithm>

namespace quiz::bot::http {

namespace {

bool token_char(char c)
{
    // RFC 9110 tchar
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool safe_field(std::string_view name, std::string_view value)
{
    return !name.empty() && std::all_of(name.begin(), name.end(), token_char) &&
           std::none_of(value.begin(), value.end(), [](char c) { return c == '\r' || c == '\n' || c == '\0'; });
}

bool framing_field(std::string_view name)
{
    return iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding") || iequals(name, "Connection");
}

} // namespace

request from_beast(beast_http::request<beast_http::string_body>&& message)
{
    request r;
    r.method_name = std::string(message.method_string());
    r.method = parse_verb(r.method_name);
    r.target = std::string(message.target());
    const auto question = r.target.find('?');
    r.path = r.target.substr(0, question);
    r.query = question == std::string::npos ? std::string{} : r.target.substr(question + 1);
    for (const auto& field : message) {
        r.fields.add(std::string(field.name_string()), std::string(field.value()));
    }
    r.keep_alive = message.keep_alive();
    r.body = std::move(message.body());
    return r;
}

beast_http::response<beast_http::string_body> to_beast(response&& r, unsigned version, bool keep_alive, bool head,
                                                       int& dropped_fields)
{
    beast_http::response<beast_http::string_body> out;
    out.version(version);
    out.result(r.status);
    for (auto& [name, value] : r.fields) {
        if (framing_field(name)) {
            continue;
        }
        if (!safe_field(name, value)) {
            ++dropped_fields;
            continue;
        }
        out.insert(name, value);
    }
    const bool bodiless = r.status < 200 || r.status == 204 || r.status == 304;
    if (!bodiless) {
        out.body() = std::move(r.body);
    }
    out.prepare_payload();
    out.keep_alive(keep_alive);
    if (head) {
        out.body().clear(); // Content-Length stays: it tells what GET would send
    }
    return out;
}

} // namespace quiz::bot::http
