// SPDX-License-Identifier: MIT
#include "engine/fsrs/alea.hpp"

#include <cmath>

namespace quiz::engine {

namespace {

constexpr double two_pow_32 = 4294967296.0;
constexpr double two_pow_minus_32 = 2.3283064365386963e-10;

// JavaScript's `x >>> 0` for the non-negative finite values Mash produces.
double to_uint32(double x) noexcept { return std::fmod(std::floor(x), two_pow_32); }

// Mash keeps its state `n` across calls: the generator's three seeds come from successive calls.
class mash {
public:
    double operator()(std::string_view data) noexcept
    {
        for (const char c : data) {
            n_ += static_cast<double>(static_cast<unsigned char>(c));
            double h = 0.02519603282416938 * n_;
            n_ = to_uint32(h);
            h -= n_;
            h *= n_;
            n_ = to_uint32(h);
            h -= n_;
            n_ += h * two_pow_32;
        }
        return to_uint32(n_) * two_pow_minus_32;
    }

private:
    double n_ = 4022871197.0; // 0xefc8249d
};

} // namespace

alea::alea(std::string_view seed) noexcept
{
    mash m;
    s0_ = m(" ");
    s1_ = m(" ");
    s2_ = m(" ");
    s0_ -= m(seed);
    if (s0_ < 0) {
        s0_ += 1;
    }
    s1_ -= m(seed);
    if (s1_ < 0) {
        s1_ += 1;
    }
    s2_ -= m(seed);
    if (s2_ < 0) {
        s2_ += 1;
    }
}

double alea::next() noexcept
{
    const double t = 2091639 * s0_ + c_ * two_pow_minus_32;
    s0_ = s1_;
    s1_ = s2_;
    c_ = std::floor(t); // `t | 0`: t is in [0, 2^31)
    s2_ = t - c_;
    return s2_;
}

} // namespace quiz::engine
