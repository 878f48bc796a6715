// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"
#include "engine/core/language.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::web {

// Reading the playground API's requests: each reader throws bad_request with the reason a client can act on.

/// A client mistake, said plainly: answered `{"error":"...","request_id":"..."}` with `status`.
struct bad_request {
    unsigned status = 400;
    std::string reason;
};

/// The body as a JSON object.
[[nodiscard]] boost::json::object parse_object(const http::request& req);
/// A string member, nullopt when absent or null.
[[nodiscard]] std::optional<std::string> optional_string(const boost::json::object& body, std::string_view name);
/// An integer member in [min, max].
[[nodiscard]] std::int64_t required_integer(const boost::json::object& body, std::string_view name, std::int64_t min,
                                            std::int64_t max);
/// The token of `Authorization: Bearer <token>`, when sent.
[[nodiscard]] std::optional<std::string> bearer_token(const http::request& req);
/// "en" or "fr", when given.
[[nodiscard]] std::optional<engine::language> language_from(const std::optional<std::string>& text);
/// A query parameter, nullopt when absent.
[[nodiscard]] std::optional<std::string> query_value(const http::request& req, std::string_view name);

} // namespace quiz::bot::web
