// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>

namespace quiz::engine {

/// FNV-1a 64 of a text: a hash that is the same on every platform and build (std::hash is not), so that
/// values derived from question keys stay reproducible.
[[nodiscard]] constexpr std::uint64_t stable_hash(std::string_view text) noexcept
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from any 64-bit value.
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31U);
}

/// Combines values into one seed, order-sensitive.
[[nodiscard]] constexpr std::uint64_t combine(std::uint64_t seed, std::uint64_t value) noexcept
{
    return mix64(seed ^ mix64(value));
}

/// A small seeded generator (SplitMix64). The engine never draws entropy itself: seeds come from the caller.
class seeded_random {
public:
    explicit constexpr seeded_random(std::uint64_t seed) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept
    {
        state_ += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = state_;
        z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31U);
    }

    /// Uniform in [0, 1).
    constexpr double uniform() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

    /// In [0, bound), bound > 0. The modulo bias is below bound / 2^64: nothing for the small bounds used here.
    constexpr std::uint64_t below(std::uint64_t bound) noexcept { return next() % bound; }

private:
    std::uint64_t state_;
};

} // namespace quiz::engine
