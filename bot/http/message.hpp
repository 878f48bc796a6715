// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/parsed.hpp"

#include <boost/json/fwd.hpp>

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quiz::bot::http {

/// The request methods routes are registered for; any other method arrives as `other`.
enum class verb { get, head, post, put, patch, delete_, options, other };

[[nodiscard]] std::string_view to_string(verb v) noexcept;
/// Exact, case-sensitive match ("GET"); anything unknown is verb::other.
[[nodiscard]] verb parse_verb(std::string_view text) noexcept;

/// Header fields in arrival order. Names compare case-insensitively; a name may repeat.
class headers {
public:
    using field = std::pair<std::string, std::string>;

    void add(std::string name, std::string value);
    /// Replaces every field of that name by one.
    void set(std::string name, std::string value);
    void erase(std::string_view name);
    /// The first field of that name.
    [[nodiscard]] std::optional<std::string_view> find(std::string_view name) const;
    [[nodiscard]] bool contains(std::string_view name) const { return find(name).has_value(); }

    [[nodiscard]] auto begin() const noexcept { return fields_.begin(); }
    [[nodiscard]] auto end() const noexcept { return fields_.end(); }
    [[nodiscard]] std::size_t size() const noexcept { return fields_.size(); }

private:
    std::vector<field> fields_;
};

[[nodiscard]] bool iequals(std::string_view a, std::string_view b) noexcept;

/// A complete request as handlers see it: no socket, no Beast type.
struct request {
    verb method = verb::get;
    std::string method_name; ///< as sent, e.g. "GET"
    std::string target;      ///< as sent: path and query
    std::string path;        ///< target up to '?', still percent-encoded
    std::string query;       ///< after '?', still percent-encoded ("" when absent)
    headers fields;
    std::string body; ///< raw bytes as received (signature checks need them untouched)
    bool keep_alive = true;

    // Filled by the server and the router.
    std::map<std::string, std::string, std::less<>> params; ///< `{name}` path segments, percent-decoded
    std::string route;                                      ///< the matched pattern, e.g. "/guide/{pack}/{section}"
    std::string request_id;                                 ///< also sent back as X-Request-Id
    std::string remote_address;                             ///< peer "address:port" (the proxy's when behind one)

    /// A path parameter, or "" when the route has none of that name.
    [[nodiscard]] std::string_view param(std::string_view name) const;
};

struct response {
    unsigned status = 200;
    headers fields;
    std::string body;

    /// `text/plain; charset=utf-8`.
    [[nodiscard]] static response text(unsigned status, std::string body);
    /// `application/json`; `body` must already be JSON.
    [[nodiscard]] static response json(unsigned status, std::string body);
    [[nodiscard]] static response empty(unsigned status);
};

/// JSON no cache may keep: what one person's request is answered with (a screen, a room's state, an error).
[[nodiscard]] response uncached_json(unsigned status, std::string body);
[[nodiscard]] response uncached_json(unsigned status, const boost::json::object& body);

/// "Not Found" for 404; "" for codes without a standard phrase.
[[nodiscard]] std::string_view reason_phrase(unsigned status) noexcept;

/// A JSON error body `{"error":"...","request_id":"..."}` that says what went wrong in general terms only.
[[nodiscard]] response error_response(unsigned status, std::string_view reason, std::string_view request_id);
/// The same, for a request a parser refused.
[[nodiscard]] response error_response(const refusal& why, std::string_view request_id);

/// IMF-fixdate, the HTTP date format: "Sun, 06 Nov 1994 08:49:37 GMT".
[[nodiscard]] std::string http_date(std::chrono::system_clock::time_point when);
/// Reads an IMF-fixdate; nullopt for anything else.
[[nodiscard]] std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view text);

} // namespace quiz::bot::http
