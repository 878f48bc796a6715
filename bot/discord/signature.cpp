// SPDX-License-Identifier: MIT
#include "bot/discord/signature.hpp"

#include "bot/http/url_encoding.hpp"

#include <openssl/evp.h>
#include <stdexcept>
#include <string>

namespace quiz::bot::discord {

namespace {

constexpr std::size_t key_bytes = 32;
constexpr std::size_t signature_bytes = 64;

} // namespace

std::optional<std::vector<std::uint8_t>> decode_hex(std::string_view text)
{
    if (text.size() % 2 != 0) {
        return std::nullopt;
    }
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 2);
    for (std::size_t i = 0; i < text.size(); i += 2) {
        const int high = http::hex_digit_value(text[i]);
        const int low = http::hex_digit_value(text[i + 1]);
        if (high < 0 || low < 0) {
            return std::nullopt;
        }
        out.push_back(static_cast<std::uint8_t>(high * 16 + low));
    }
    return out;
}

struct signature_verifier::key {
    EVP_PKEY* pkey = nullptr;
    ~key() { EVP_PKEY_free(pkey); }
};

signature_verifier::signature_verifier(std::string_view public_key_hex) : key_(std::make_unique<key>())
{
    const auto raw = decode_hex(public_key_hex);
    if (!raw || raw->size() != key_bytes) {
        throw std::invalid_argument("the Discord public key must be 64 hex digits");
    }
    key_->pkey = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, raw->data(), raw->size());
    if (key_->pkey == nullptr) {
        throw std::invalid_argument("the Discord public key is not a valid Ed25519 key");
    }
}

signature_verifier::~signature_verifier() = default;

bool signature_verifier::verify(std::string_view signature_hex, std::string_view timestamp, std::string_view body) const
{
    const auto signature = decode_hex(signature_hex);
    if (!signature || signature->size() != signature_bytes || timestamp.empty()) {
        return false;
    }
    std::string message;
    message.reserve(timestamp.size() + body.size());
    message.append(timestamp).append(body);
    // One context per call: EVP_PKEY is safe to share between threads for verification, a context is not.
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    if (ctx == nullptr) {
        throw std::bad_alloc();
    }
    bool ok = EVP_DigestVerifyInit(ctx, nullptr, nullptr, nullptr, key_->pkey) == 1 &&
              EVP_DigestVerify(ctx, signature->data(), signature->size(),
                               reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

} // namespace quiz::bot::discord
