// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <string_view>

namespace quiz::bot::slack {

/// Why a request's signature was refused, for logs and metrics; every refusal is answered 401.
enum class signature_check {
    ok,
    missing,         ///< no X-Slack-Signature or no X-Slack-Request-Timestamp
    bad_timestamp,   ///< not a plain decimal number of seconds
    stale,           ///< more than 5 minutes old
    future,          ///< more than 5 minutes ahead
    unknown_version, ///< not "v0=<64 lowercase hex digits>"
    mismatch,
};

[[nodiscard]] std::string_view to_string(signature_check c) noexcept;

/// How far a request's timestamp may be from the clock either way.
inline constexpr std::chrono::seconds signature_window{300};

/// Slack's v0 request signature: `v0=` + hex(HMAC-SHA256(signing secret, "v0:" + timestamp + ":" + raw body)),
/// compared in constant time, with the timestamp within `signature_window` of `now` (the clock is an input so that
/// tests can move it). `timestamp` and `signature` are the header values as received ("" when absent).
[[nodiscard]] signature_check verify_signature(std::string_view signing_secret, std::string_view timestamp,
                                               std::string_view signature, std::string_view body,
                                               std::chrono::system_clock::time_point now);

} // namespace quiz::bot::slack
