// SPDX-License-Identifier: MIT
#include "bot/slack/signature.hpp"

#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <optional>
#include <string>

namespace quiz::bot::slack {

namespace {

constexpr std::string_view version_prefix = "v0=";
constexpr std::size_t digest_size = 32; // SHA-256

std::optional<std::int64_t> parse_seconds(std::string_view text)
{
    // Canonical decimal only, as Slack sends it: no sign, space, fraction or leading zero (the signed text is the
    // header as sent, so two spellings of one time must not both pass); at most 12 digits keeps the arithmetic safe.
    if (text.empty() || text.size() > 12 || (text.size() > 1 && text.front() == '0')) {
        return std::nullopt;
    }
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || text.front() == '-' || text.front() == '+') {
        return std::nullopt;
    }
    return value;
}

int hex_digit(char c) noexcept
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1; // uppercase is refused: Slack sends lowercase and its SDKs compare the text as it is
}

} // namespace

std::string_view to_string(signature_check c) noexcept
{
    switch (c) {
    case signature_check::ok:
        return "ok";
    case signature_check::missing:
        return "missing";
    case signature_check::bad_timestamp:
        return "bad_timestamp";
    case signature_check::stale:
        return "stale";
    case signature_check::future:
        return "future";
    case signature_check::unknown_version:
        return "unknown_version";
    case signature_check::mismatch:
        return "mismatch";
    }
    return "unknown";
}

signature_check verify_signature(std::string_view signing_secret, std::string_view timestamp,
                                 std::string_view signature, std::string_view body,
                                 std::chrono::system_clock::time_point now)
{
    if (timestamp.empty() || signature.empty()) {
        return signature_check::missing;
    }
    const auto seconds = parse_seconds(timestamp);
    if (!seconds) {
        return signature_check::bad_timestamp;
    }
    const auto now_seconds = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    if (*seconds < now_seconds - signature_window.count()) {
        return signature_check::stale;
    }
    if (*seconds > now_seconds + signature_window.count()) {
        return signature_check::future;
    }
    if (!signature.starts_with(version_prefix) || signature.size() != version_prefix.size() + 2 * digest_size) {
        return signature_check::unknown_version;
    }
    std::array<unsigned char, digest_size> sent{};
    for (std::size_t i = 0; i < digest_size; ++i) {
        const int hi = hex_digit(signature[version_prefix.size() + 2 * i]);
        const int lo = hex_digit(signature[version_prefix.size() + 2 * i + 1]);
        if (hi < 0 || lo < 0) {
            return signature_check::unknown_version;
        }
        sent[i] = static_cast<unsigned char>(hi * 16 + lo);
    }

    std::string base;
    base.reserve(3 + timestamp.size() + 1 + body.size());
    base.append("v0:").append(timestamp).append(":").append(body);
    std::array<unsigned char, EVP_MAX_MD_SIZE> expected{};
    unsigned int expected_size = 0;
    if (signing_secret.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        HMAC(EVP_sha256(), signing_secret.data(), static_cast<int>(signing_secret.size()),
             reinterpret_cast<const unsigned char*>(base.data()), base.size(), expected.data(),
             &expected_size) == nullptr ||
        expected_size != digest_size) {
        return signature_check::mismatch;
    }
    return CRYPTO_memcmp(sent.data(), expected.data(), digest_size) == 0 ? signature_check::ok
                                                                         : signature_check::mismatch;
}

} // namespace quiz::bot::slack
