// SPDX-License-Identifier: MIT
#pragma once

#include <string_view>

namespace quiz::engine {

/// Johannes Baagøe's Alea PRNG seeded by a string, as ts-fsrs ships it (src/alea.ts): the same seed text gives the
/// same sequence as in JavaScript, bit for bit, so that fuzzed intervals can be checked against ts-fsrs.
class alea {
public:
    explicit alea(std::string_view seed) noexcept;

    /// The next value in [0, 1).
    double next() noexcept;

private:
    double c_ = 1.0;
    double s0_ = 0.0;
    double s1_ = 0.0;
    double s2_ = 0.0;
};

} // namespace quiz::engine
