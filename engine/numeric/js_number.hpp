// SPDX-License-Identifier: MIT
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

namespace quiz::engine::fsrs {

// JavaScript number semantics that ts-fsrs's results depend on, bit for bit.

/// Math.round: the nearest integer, halves toward +infinity (-2.5 -> -2, -0.3 -> -0). Exact for every double,
/// unlike floor(x + 0.5), which rounds 0.49999999999999994 up. Inline: the scheduler calls it on every intermediate.
[[nodiscard]] inline double js_round(double x) noexcept
{
    if (!(std::fabs(x) < 4503599627370496.0)) { // 2^52: already an integer (or NaN, infinite)
        return x;
    }
    // V8's Float64Round: the ceiling, minus one when it is more than half away; every step is exact here.
    double up = static_cast<double>(static_cast<long long>(x));
    if (up < x) {
        up += 1.0;
    }
    const double result = up - 0.5 > x ? up - 1.0 : up;
    return result == 0.0 ? std::copysign(0.0, x) : result;
}

/// ts-fsrs roundTo(x, 8) = Math.round(x * 1e8) / 1e8.
[[nodiscard]] inline double round_to_8(double x) noexcept { return js_round(x * 1e8) / 1e8; }

/// +x.toFixed(8): the exact binary value rounded to 8 decimals, halves away from zero.
[[nodiscard]] double to_fixed_8(double x);

/// String(x) for a finite x: the shortest digits that read back as x, in plain notation for 1e-6 <= |x| < 1e21
/// and as "1.5e-7" / "1e+21" outside.
[[nodiscard]] std::string js_number_text(double x);

} // namespace quiz::engine::fsrs
