// SPDX-License-Identifier: MIT
// The only place where Beast messages and the handlers' plain values meet.
#pragma once

#include "bot/http/message.hpp"

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace quiz::bot::http {

namespace beast_http = boost::beast::http;

/// Moves the message's target, fields and body into a request; method_name keeps the method as sent.
[[nodiscard]] request from_beast(beast_http::request<beast_http::string_body>&& message);

/// Builds the wire response. The server owns framing: Content-Length, Transfer-Encoding and Connection from the
/// handler are replaced; fields whose name or value could split the response (CR, LF, NUL) are dropped and
/// counted in `dropped_fields`. For HEAD the body is left out and Content-Length kept.
[[nodiscard]] beast_http::response<beast_http::string_body> to_beast(response&& r, unsigned version, bool keep_alive,
                                                                     bool head, int& dropped_fields);

} // namespace quiz::bot::http
