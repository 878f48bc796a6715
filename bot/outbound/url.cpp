// SPDX-License-Identifier: MIT
#include "bot/outbound/url.hpp"

#include <algorithm>
#include <charconv>

namespace quiz::bot::outbound {

std::string url::host_header() const
{
    const bool v6 = host.find(':') != std::string::npos;
    std::string out = v6 ? "[" + host + "]" : host;
    if (port != (tls ? 443 : 80)) {
        out += ':' + std::to_string(port);
    }
    return out;
}

std::string url::origin() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return std::string(tls ? "https://" : "http://") + (v6 ? "[" + host + "]" : host) + ':' + std::to_string(port);
}

std::string_view url::path() const { return std::string_view(target).substr(0, target.find('?')); }

std::optional<url> parse_url(std::string_view text)
{
    url out;
    if (text.starts_with("https://")) {
        text.remove_prefix(8);
    } else if (text.starts_with("http://")) {
        out.tls = false;
        out.port = 80;
        text.remove_prefix(7);
    } else {
        return std::nullopt;
    }
    if (std::any_of(text.begin(), text.end(),
                    [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; })) {
        return std::nullopt;
    }
    text = text.substr(0, text.find('#'));
    const auto path_start = text.find_first_of("/?");
    const std::string_view authority = text.substr(0, path_start);
    if (authority.empty() || authority.find('@') != std::string_view::npos) {
        return std::nullopt;
    }
    std::string_view host = authority;
    std::string_view port;
    if (authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos || close == 1) {
            return std::nullopt;
        }
        host = authority.substr(1, close - 1);
        const auto rest = authority.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') {
                return std::nullopt;
            }
            port = rest.substr(1);
        }
    } else if (const auto colon = authority.find(':'); colon != std::string_view::npos) {
        host = authority.substr(0, colon);
        port = authority.substr(colon + 1);
    }
    if (host.empty()) {
        return std::nullopt;
    }
    if (!port.empty()) {
        std::uint16_t value = 0;
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (ec != std::errc{} || end != port.data() + port.size() || value == 0) {
            return std::nullopt;
        }
        out.port = value;
    }
    out.host = std::string(host);
    std::transform(out.host.begin(), out.host.end(), out.host.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
    if (path_start != std::string_view::npos) {
        out.target = std::string(text.substr(path_start));
        if (out.target.front() == '?') {
            out.target.insert(0, "/");
        }
    }
    return out;
}

} // namespace quiz::bot::outbound
