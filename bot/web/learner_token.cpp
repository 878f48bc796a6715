// SPDX-License-Identifier: MIT
#include "bot/web/learner_token.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace quiz::bot::web {

namespace {

constexpr std::size_t hex_size = 32; // 128 bits, for the id and for the tag
constexpr std::string_view tag_label = "quizbot-learner-token-v1\n";

std::string to_hex(const unsigned char* bytes, std::size_t n)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[bytes[i] >> 4U];
        out += digits[bytes[i] & 0x0FU];
    }
    return out;
}

bool lowercase_hex(std::string_view text) noexcept
{
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
    }
    return true;
}

} // namespace

learner_tokens::learner_tokens(std::string key) : key_(std::move(key))
{
    if (key_.size() < 32) {
        throw std::invalid_argument("a learner token key needs at least 32 bytes");
    }
}

std::string learner_tokens::tag(std::string_view id) const
{
    std::string message(tag_label); // a version tag, so that no other signed text can pass for a token
    message += id;
    std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
    unsigned int out_size = 0;
    if (HMAC(EVP_sha256(), key_.data(), static_cast<int>(key_.size()),
             reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(),
             &out_size) == nullptr ||
        out_size < hex_size / 2) {
        throw std::runtime_error("HMAC-SHA256 failed");
    }
    return to_hex(out.data(), hex_size / 2);
}

std::string learner_tokens::issue() const
{
    std::array<unsigned char, hex_size / 2> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
        throw std::runtime_error("the system random generator failed");
    }
    const auto id = to_hex(bytes.data(), bytes.size());
    return id + '.' + tag(id);
}

std::optional<std::string> learner_tokens::learner_of(std::string_view token) const
{
    if (token.size() != 2 * hex_size + 1 || token[hex_size] != '.' || !lowercase_hex(token.substr(0, hex_size)) ||
        !lowercase_hex(token.substr(hex_size + 1))) {
        return std::nullopt;
    }
    const auto id = token.substr(0, hex_size);
    const auto expected = tag(id);
    if (CRYPTO_memcmp(expected.data(), token.data() + hex_size + 1, hex_size) != 0) {
        return std::nullopt;
    }
    return std::string(id);
}

} // namespace quiz::bot::web
