// SPDX-License-Identifier: MIT
#include "bot/http/url_encoding.hpp"

namespace quiz::bot::http {

namespace {

bool unreserved(char c) noexcept
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_' || c == '~';
}

/// Well-formed UTF-8 (RFC 3629): no overlong form, no surrogate, nothing above U+10FFFF.
bool valid_utf8(std::string_view text) noexcept
{
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        unsigned low = 0x80; // bounds of the second byte, which rule out overlongs, surrogates and > U+10FFFF
        unsigned high = 0xBF;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            low = c == 0xE0 ? 0xA0 : 0x80;
            high = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            low = c == 0xF0 ? 0x90 : 0x80;
            high = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return false;
        }
        if (i + length > text.size()) {
            return false;
        }
        for (std::size_t k = 1; k < length; ++k) {
            const auto b = static_cast<unsigned char>(text[i + k]);
            if (b < (k == 1 ? low : 0x80U) || b > (k == 1 ? high : 0xBFU)) {
                return false;
            }
        }
        i += length;
    }
    return true;
}

} // namespace

int hex_digit_value(char c) noexcept
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' && plus_is_space) {
            out.push_back(' ');
        } else if (c == '%') {
            if (i + 2 >= text.size()) {
                return std::nullopt;
            }
            const int hi = hex_digit_value(text[i + 1]);
            const int lo = hex_digit_value(text[i + 2]);
            if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) {
                return std::nullopt;
            }
            out.push_back(static_cast<char>(static_cast<unsigned char>(hi * 16 + lo)));
            i += 2;
        } else if (c == '\0') {
            return std::nullopt;
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::optional<std::vector<std::pair<std::string, std::string>>> parse_form(std::string_view text)
{
    std::vector<std::pair<std::string, std::string>> out;
    while (!text.empty()) {
        const auto amp = text.find('&');
        const std::string_view part = text.substr(0, amp);
        text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
        if (part.empty()) {
            continue; // "a=1&&b=2" and a trailing '&' are common and harmless
        }
        const auto eq = part.find('=');
        auto name = percent_decode(part.substr(0, eq), true);
        auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : part.substr(eq + 1), true);
        if (!name || !value || !valid_utf8(*name) || !valid_utf8(*value)) {
            return std::nullopt; // forms are UTF-8 (Slack's, browsers'): other bytes would reach names and JSON
        }
        out.emplace_back(std::move(*name), std::move(*value));
    }
    return out;
}

std::string percent_encode(std::string_view text)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (unreserved(c)) {
            out.push_back(c);
        } else {
            const auto byte = static_cast<unsigned char>(c);
            out.push_back('%');
            out.push_back(digits[byte >> 4U]);
            out.push_back(digits[byte & 0x0FU]);
        }
    }
    return out;
}

} // namespace quiz::bot::http
