// SPDX-License-Identifier: MIT
#include "tests/bot/discord/support/signer.hpp"

#include <openssl/evp.h>
#include <stdexcept>
#include <vector>

namespace quiz::test {

namespace {

std::string hex(const unsigned char* data, std::size_t size)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < size; ++i) {
        out += digits[data[i] >> 4];
        out += digits[data[i] & 15];
    }
    return out;
}

} // namespace

struct ed25519_signer::key {
    EVP_PKEY* pkey = nullptr;
    ~key() { EVP_PKEY_free(pkey); }
};

ed25519_signer::ed25519_signer() : key_(std::make_unique<key>())
{
    EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nullptr);
    if (ctx == nullptr || EVP_PKEY_keygen_init(ctx) != 1 || EVP_PKEY_keygen(ctx, &key_->pkey) != 1) {
        EVP_PKEY_CTX_free(ctx);
        throw std::runtime_error("Ed25519 key generation failed");
    }
    EVP_PKEY_CTX_free(ctx);
}

ed25519_signer::~ed25519_signer() = default;

std::string ed25519_signer::public_key_hex() const
{
    unsigned char raw[32];
    std::size_t size = sizeof raw;
    if (EVP_PKEY_get_raw_public_key(key_->pkey, raw, &size) != 1) {
        throw std::runtime_error("cannot read the public key");
    }
    return hex(raw, size);
}

std::string ed25519_signer::sign_hex(std::string_view timestamp, std::string_view body) const
{
    const std::string message = std::string(timestamp) + std::string(body);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    unsigned char signature[64];
    std::size_t size = sizeof signature;
    const bool ok = ctx != nullptr && EVP_DigestSignInit(ctx, nullptr, nullptr, nullptr, key_->pkey) == 1 &&
                    EVP_DigestSign(ctx, signature, &size, reinterpret_cast<const unsigned char*>(message.data()),
                                   message.size()) == 1;
    EVP_MD_CTX_free(ctx);
    if (!ok) {
        throw std::runtime_error("Ed25519 signing failed");
    }
    return hex(signature, size);
}

} // namespace quiz::test
