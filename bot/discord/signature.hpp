// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace quiz::bot::discord {

/// Decodes hex digits (either case); nullopt for an odd length or any other character.
[[nodiscard]] std::optional<std::vector<std::uint8_t>> decode_hex(std::string_view text);

/// Checks Discord's request signatures: Ed25519 over the `X-Signature-Timestamp` header's bytes followed by the raw
/// body, with the application's public key. Thread-safe once built.
class signature_verifier {
public:
    /// `public_key_hex`: the portal's Public Key, 64 hex digits. Throws std::invalid_argument otherwise.
    explicit signature_verifier(std::string_view public_key_hex);
    ~signature_verifier();
    signature_verifier(const signature_verifier&) = delete;
    signature_verifier& operator=(const signature_verifier&) = delete;

    /// True only for a well-formed signature (128 hex digits) over timestamp + body by this key.
    [[nodiscard]] bool verify(std::string_view signature_hex, std::string_view timestamp, std::string_view body) const;

private:
    struct key;
    std::unique_ptr<key> key_;
};

} // namespace quiz::bot::discord
