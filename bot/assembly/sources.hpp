// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <cstdint>
#include <functional>
#include <optional>

namespace quiz::bot::assembly {

// Time and randomness, the two inputs the engine never reads itself: made here, at the composition root, and handed
// to every part that needs them. All are thread-safe.

using clock_fn = std::function<engine::instant()>;
using seeds_fn = std::function<std::uint64_t()>;

/// The system clock, to the millisecond.
[[nodiscard]] clock_fn system_clock();

/// `fixed` at every call when given (a command's --now or --at), else the system clock.
[[nodiscard]] clock_fn clock_at(std::optional<engine::instant> fixed);

/// Draws from a generator seeded by std::random_device, one per thread. Not secret: they shuffle choices and name
/// rooms.
[[nodiscard]] seeds_fn random_seeds();

/// The clock's instant, in milliseconds, at each call: a fixed clock gives the same choice order on every run.
[[nodiscard]] seeds_fn seeds_from(clock_fn clock);

/// base × 1,000,003 + n at the n-th call: varied, and the same sequence for the same base (a generated class's --seed).
[[nodiscard]] seeds_fn counted_seeds(std::uint64_t base);

} // namespace quiz::bot::assembly
