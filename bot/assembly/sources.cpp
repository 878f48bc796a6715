// SPDX-License-Identifier: MIT
#include "bot/assembly/sources.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <random>

namespace quiz::bot::assembly {

clock_fn system_clock()
{
    return [] { return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()); };
}

clock_fn clock_at(std::optional<engine::instant> fixed)
{
    if (fixed) {
        return [at = *fixed] { return at; };
    }
    return system_clock();
}

seeds_fn random_seeds()
{
    return [] {
        static thread_local std::mt19937_64 random{std::random_device{}()};
        return random();
    };
}

seeds_fn seeds_from(clock_fn clock)
{
    return [clock = std::move(clock)] { return static_cast<std::uint64_t>(clock().time_since_epoch().count()); };
}

seeds_fn counted_seeds(std::uint64_t base)
{
    // Shared by the copies the parts keep, so that the sequence is one.
    auto drawn = std::make_shared<std::atomic<std::uint64_t>>(0);
    return [base, drawn] { return base * 1'000'003U + ++*drawn; };
}

} // namespace quiz::bot::assembly
