// SPDX-License-Identifier: MIT
#include "bot/http/request_id.hpp"

#include <algorithm>
#include <random>

namespace quiz::bot::http {

std::string new_request_id()
{
    // Ids only need to be unique enough to find a request in the logs; they grant nothing.
    thread_local std::mt19937_64 generator{std::random_device{}()};
    static constexpr char digits[] = "0123456789abcdef";
    std::uint64_t bits = generator();
    std::string id(16, '0');
    for (char& c : id) {
        c = digits[bits & 0x0FU];
        bits >>= 4U;
    }
    return id;
}

bool acceptable_request_id(std::string_view id) noexcept
{
    return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
               c == '-';
    });
}

} // namespace quiz::bot::http
