// SPDX-License-Identifier: MIT
// The checks a request's header passes before any handler sees it, apart from the connection loop so that they can
// be fuzzed alone (connection.cpp uses them; tests/fuzz/fuzz_http_request.cpp feeds them arbitrary bytes).
#pragma once

#include "bot/http/parsed.hpp"

#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/message.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

namespace quiz::bot::http {

/// A request header's place in the bytes read so far: from `start` (past the empty lines RFC 9112 §2.2 lets a client
/// send before the request line) to `end`, just past the blank line that ends it; `end` is npos until it arrives.
struct header_span {
    std::size_t start = 0;
    std::size_t end = std::string_view::npos;
};

[[nodiscard]] header_span find_header(std::string_view data);

// A header refused before any handler sees it: the status and its reason (parsed.hpp).

/// The whole header, checked on its bytes: its size against the limit, exactly, and obsolete line folding (RFC 9112
/// §5.2), which a server must refuse or unfold, refused.
[[nodiscard]] std::optional<refusal> refuse_header(std::string_view header, std::size_t limit);

/// RFC 9112's framing rules the parser leaves to the server. §6.3: a Transfer-Encoding whose last coding is not
/// chunked (or that names none) leaves the body's length unknown, so 400 and close; §6.1: a coding the server does not decode, 501.
/// §3.2: HTTP/1.1 needs exactly one Host field, and no version may send two.
[[nodiscard]] std::optional<refusal> refuse_framing(const boost::beast::http::request_header<>& header);

} // namespace quiz::bot::http
