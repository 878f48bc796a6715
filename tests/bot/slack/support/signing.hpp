// SPDX-License-Identifier: MIT
// Slack request signatures made the way Slack's documentation describes them, with OpenSSL's one-shot HMAC (not the
// code under test), and the headers that carry them.
#pragma once

#include <chrono>
#include <cstdio>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <string>
#include <string_view>

namespace quiz::test {

inline std::string slack_signature(std::string_view secret, std::string_view timestamp, std::string_view body)
{
    const std::string base = "v0:" + std::string(timestamp) + ":" + std::string(body);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
         reinterpret_cast<const unsigned char*>(base.data()), base.size(), digest, &size);
    std::string hex = "v0=";
    char byte[3];
    for (unsigned int i = 0; i < size; ++i) {
        std::snprintf(byte, sizeof byte, "%02x", digest[i]);
        hex += byte;
    }
    return hex;
}

inline std::string unix_seconds(std::chrono::system_clock::time_point when)
{
    return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(when.time_since_epoch()).count());
}

/// Header lines (each ending in CRLF) for a request signed now.
inline std::string slack_headers(std::string_view secret, std::string_view body, std::string_view content_type,
                                 std::chrono::system_clock::time_point when = std::chrono::system_clock::now())
{
    const auto ts = unix_seconds(when);
    return "Content-Type: " + std::string(content_type) + "\r\nX-Slack-Request-Timestamp: " + ts +
           "\r\nX-Slack-Signature: " + slack_signature(secret, ts, body) + "\r\n";
}

} // namespace quiz::test
