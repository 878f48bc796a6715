// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"
#include "bot/http/parsed.hpp"
#include "engine/core/language.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::web {

// Reading the playground API's requests: every reader gives its value or the refusal a client can act on
// (http::parsed), answered `{"error":"...","request_id":"..."}` with its status. Nothing is thrown.

/// The members of a request's JSON body, read one after another. The first refusal is kept (the body's own, or a
/// member's) and every read after it gives an empty value: a handler reads what it needs, checks refused() once,
/// and acts only when nothing was refused.
class body_fields {
public:
    explicit body_fields(const http::request& req);

    /// A string member, nullopt when absent or null.
    [[nodiscard]] std::optional<std::string> text(std::string_view name);
    /// An integer member in [min, max].
    [[nodiscard]] std::int64_t integer(std::string_view name, std::int64_t min, std::int64_t max);
    /// A boolean member, nullopt when absent or null.
    [[nodiscard]] std::optional<bool> flag(std::string_view name);
    /// "lang": "en" or "fr", when given.
    [[nodiscard]] std::optional<engine::language> lang();
    [[nodiscard]] bool has(std::string_view name) const { return body_.contains(name); }

    /// Refuses the request for a reason of the handler's own, unless something was refused before.
    void refuse(http::refusal why);
    [[nodiscard]] const std::optional<http::refusal>& refused() const noexcept { return refused_; }

private:
    boost::json::object body_;
    std::optional<http::refusal> refused_;
};

/// The token of `Authorization: Bearer <token>`, when sent.
[[nodiscard]] std::optional<std::string> bearer_token(const http::request& req);
/// "en" or "fr", when given.
[[nodiscard]] http::parsed<std::optional<engine::language>> language_from(const std::optional<std::string>& text);
/// A query parameter, nullopt when absent.
[[nodiscard]] http::parsed<std::optional<std::string>> query_value(const http::request& req, std::string_view name);
/// The query's "lang", when given.
[[nodiscard]] http::parsed<std::optional<engine::language>> query_language(const http::request& req);

} // namespace quiz::bot::web
