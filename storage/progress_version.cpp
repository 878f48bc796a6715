// SPDX-License-Identifier: MIT
#include "storage/progress_version.hpp"

#include <random>

namespace quiz::storage {

std::int64_t fresh_progress_version()
{
    thread_local std::mt19937_64 draw{[] {
        std::random_device seed;
        return (static_cast<std::uint64_t>(seed()) << 32U) ^ seed();
    }()};
    std::uniform_int_distribution<std::int64_t> version(1, std::int64_t{1} << 62);
    return version(draw);
}

} // namespace quiz::storage
