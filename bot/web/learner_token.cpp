// SPDX-License-Identifier: MIT
#include "bot/web/learner_token.hpp"

#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace quiz::bot::web {

namespace {

template <std::size_t N>
std::array<unsigned char, N> random_bytes()
{
    std::array<unsigned char, N> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
        throw std::runtime_error("the system random generator failed");
    }
    return bytes;
}

} // namespace

std::string new_learner_token()
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string token;
    for (const unsigned char b : random_bytes<16>()) {
        token += digits[b >> 4U];
        token += digits[b & 0x0FU];
    }
    return token;
}

bool valid_learner_token(std::string_view token) noexcept
{
    if (token.size() != 32) {
        return false;
    }
    for (const char c : token) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
    }
    return true;
}

} // namespace quiz::bot::web
