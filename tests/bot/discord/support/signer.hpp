// SPDX-License-Identifier: MIT
// An Ed25519 key pair made with OpenSSL's signing side, to sign test interactions as Discord does
// (signature over timestamp + body). The independent check with tweetnacl is tests/bot/discord/signature_matrix.mjs.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace quiz::test {

class ed25519_signer {
public:
    ed25519_signer();
    ~ed25519_signer();
    ed25519_signer(const ed25519_signer&) = delete;
    ed25519_signer& operator=(const ed25519_signer&) = delete;

    [[nodiscard]] std::string public_key_hex() const;
    /// 128 lowercase hex digits.
    [[nodiscard]] std::string sign_hex(std::string_view timestamp, std::string_view body) const;

private:
    struct key;
    std::unique_ptr<key> key_;
};

} // namespace quiz::test
