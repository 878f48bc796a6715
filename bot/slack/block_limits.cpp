// SPDX-License-Identifier: MIT
#include "bot/slack/block_limits.hpp"

namespace quiz::bot::slack {

namespace {

bool continuation(char c) noexcept { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

} // namespace

std::size_t character_count(std::string_view text) noexcept
{
    std::size_t count = 0;
    for (const char c : text) {
        count += continuation(c) ? 0U : 1U;
    }
    return count;
}

std::string truncate_text(std::string_view text, std::size_t limit)
{
    if (character_count(text) <= limit) {
        return std::string(text);
    }
    if (limit == 0) {
        return {};
    }
    // Keep limit - 1 characters and add the ellipsis (one character).
    std::size_t kept = 0;
    std::size_t end = 0;
    while (end < text.size()) {
        if (!continuation(text[end])) {
            if (kept == limit - 1) {
                break;
            }
            ++kept;
        }
        ++end;
    }
    return std::string(text.substr(0, end)) + "\u2026";
}

std::string truncate_mrkdwn(std::string_view text, std::size_t limit)
{
    std::string out = truncate_text(text, limit);
    if (out.size() == text.size()) {
        return out;
    }
    // The kept part ends before the ellipsis (3 bytes); an '&' among its last 5 bytes with no ';' after it is an
    // entity cut in half.
    const std::size_t kept = out.size() - 3;
    const std::size_t from = kept > 5 ? kept - 5 : 0;
    const auto amp = out.rfind('&', kept == 0 ? 0 : kept - 1);
    if (amp != std::string::npos && amp >= from && out.find(';', amp) >= kept) {
        out.erase(amp, kept - amp);
    }
    return out;
}

std::string escape_mrkdwn(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        default:
            out.push_back(c);
        }
    }
    return out;
}

} // namespace quiz::bot::slack
