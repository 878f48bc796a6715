// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::outbound {

/// An absolute http:// or https:// URL split for a request.
struct url {
    bool tls = true;
    std::string host; ///< a name or an IP literal (IPv6 without brackets), lowercase
    std::uint16_t port = 443;
    std::string target = "/"; ///< path and query, never empty

    /// The Host header: the port only when it is not the scheme's default; IPv6 in brackets.
    [[nodiscard]] std::string host_header() const;
    /// "https://host:port": connections are pooled per origin.
    [[nodiscard]] std::string origin() const;
    /// The path without the query.
    [[nodiscard]] std::string_view path() const;
};

/// nullopt for anything but http(s)://host[:port][/path][?query]: user info, spaces, control characters and a
/// missing host are refused; a fragment is dropped.
[[nodiscard]] std::optional<url> parse_url(std::string_view text);

} // namespace quiz::bot::outbound
