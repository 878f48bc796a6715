// SPDX-License-Identifier: MIT
#include "bot/tutoring/session_seed.hpp"

#include <random>

namespace quiz::bot::tutoring {

std::uint64_t new_session_seed()
{
    static thread_local std::mt19937_64 random{std::random_device{}()};
    return random();
}

} // namespace quiz::bot::tutoring
