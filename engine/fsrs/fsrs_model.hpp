// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace quiz::engine::fsrs {

/// FSRS-6 has 21 trainable parameters w[0..20].
inline constexpr std::size_t parameter_count = 21;
using parameters = std::array<double, parameter_count>;

/// The FSRS-6 defaults (ts-fsrs `default_w`, fsrs-rs `DEFAULT_PARAMETERS`).
inline constexpr parameters default_parameters{0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194,
                                               0.001,  1.8722, 0.1666, 0.796,  1.4835, 0.0614, 0.2629,
                                               1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

/// Bounds of stability, in days (ts-fsrs S_MIN / S_MAX / INIT_S_MAX).
inline constexpr double stability_min = 0.001;
inline constexpr double stability_max = 36500.0;
inline constexpr double initial_stability_max = 100.0;
/// ts-fsrs floors a new card's stability at 0.1 day.
inline constexpr double initial_stability_floor = 0.1;
inline constexpr double difficulty_min = 1.0;
inline constexpr double difficulty_max = 10.0;

enum class rating : std::uint8_t { again = 1, hard = 2, good = 3, easy = 4 };

template <class T>
struct basic_memory_state {
    T stability;  ///< days until retrievability falls to 90%
    T difficulty; ///< 1 (easiest) to 10
};
using memory_state = basic_memory_state<double>;

// The FSRS-6 formulas without ts-fsrs's 8-decimal rounding (the scheduler in fsrs_scheduler.hpp rounds), templated
// on the scalar so that an optimizer can run them on dual numbers: exp/pow/log are called unqualified so that ADL
// finds a scalar type's own overloads, and only operator< is used to compare.

namespace detail {
template <class T>
T max_of(const T& a, const T& b)
{
    return a < b ? b : a;
}
template <class T>
T min_of(const T& a, const T& b)
{
    return b < a ? b : a;
}
template <class T>
T clamp_to(const T& x, double lo, double hi)
{
    return min_of(max_of(x, T(lo)), T(hi));
}
inline double grade_value(rating g) noexcept { return static_cast<double>(static_cast<int>(g)); }
} // namespace detail

/// The forgetting-curve factor 0.9^(1/decay) - 1 with decay = -w20, so that R(S, S) = 0.9.
template <class T>
T curve_factor(const std::array<T, parameter_count>& w)
{
    using std::pow;
    const T decay = -w[20];
    return pow(T(0.9), T(1.0) / decay) - T(1.0);
}

/// R(t, S) = (1 + factor t / S)^decay: the probability of recall after `elapsed_days`.
template <class T>
T retrievability(const std::array<T, parameter_count>& w, T elapsed_days, T stability)
{
    using std::pow;
    const T decay = -w[20];
    return pow(T(1.0) + curve_factor(w) * elapsed_days / stability, decay);
}

/// D0(G) = w4 - e^(w5 (G - 1)) + 1, unclamped (mean reversion targets the unclamped D0(Easy)).
template <class T>
T initial_difficulty_unclamped(const std::array<T, parameter_count>& w, rating g)
{
    using std::exp;
    return w[4] - exp(w[5] * T(detail::grade_value(g) - 1.0)) + T(1.0);
}

/// A new card's memory after its first review: S0 = max(w[G-1], 0.1), D0 clamped to [1, 10].
template <class T>
basic_memory_state<T> initial_state(const std::array<T, parameter_count>& w, rating g)
{
    const auto index = static_cast<std::size_t>(static_cast<int>(g) - 1);
    return {detail::max_of(w[index], T(initial_stability_floor)),
            detail::clamp_to(initial_difficulty_unclamped(w, g), difficulty_min, difficulty_max)};
}

/// D after a review: linear damping of -w6 (G - 3), mean reversion by w7 toward D0(Easy), clamped to [1, 10].
template <class T>
T next_difficulty(const std::array<T, parameter_count>& w, T difficulty, rating g)
{
    const T delta = -w[6] * T(detail::grade_value(g) - 3.0);
    const T damped = difficulty + delta * (T(10.0) - difficulty) / T(9.0);
    const T reverted = w[7] * initial_difficulty_unclamped(w, rating::easy) + (T(1.0) - w[7]) * damped;
    return detail::clamp_to(reverted, difficulty_min, difficulty_max);
}

/// S after a successful review (Hard, Good, Easy) at retrievability r, unclamped.
template <class T>
T recall_stability(const std::array<T, parameter_count>& w, T difficulty, T stability, T r, rating g)
{
    using std::exp;
    using std::pow;
    const T hard_penalty = g == rating::hard ? w[15] : T(1.0);
    const T easy_bonus = g == rating::easy ? w[16] : T(1.0);
    return stability * (T(1.0) + exp(w[8]) * (T(11.0) - difficulty) * pow(stability, -w[9]) *
                                     (exp((T(1.0) - r) * w[10]) - T(1.0)) * hard_penalty * easy_bonus);
}

/// S after a lapse (Again) at retrievability r, before the min bound, unclamped.
template <class T>
T forget_stability(const std::array<T, parameter_count>& w, T difficulty, T stability, T r)
{
    using std::exp;
    using std::pow;
    return w[11] * pow(difficulty, -w[12]) * (pow(stability + T(1.0), w[13]) - T(1.0)) * exp((T(1.0) - r) * w[14]);
}

/// S after a same-day review: S e^(w17 (G - 3 + w18)) S^-w19, never lowered by a pass.
template <class T>
T short_term_stability(const std::array<T, parameter_count>& w, T stability, rating g)
{
    using std::exp;
    using std::pow;
    T increase = exp(w[17] * (T(detail::grade_value(g) - 3.0) + w[18])) * pow(stability, -w[19]);
    if (g != rating::again) {
        increase = detail::max_of(increase, T(1.0));
    }
    return stability * increase;
}

/// The memory after reviewing a card in `state` with rating `g` after `elapsed_days`.
/// With `short_term`, a review at elapsed 0 uses the same-day formula and a lapse is bounded by S / e^(w17 w18);
/// without it, elapsed 0 goes through the recall/lapse formulas (R = 1) and a lapse is bounded by S.
/// Stability is clamped to [0.001, 36500].
template <class T>
basic_memory_state<T> next_state(const std::array<T, parameter_count>& w, const basic_memory_state<T>& state,
                                 T elapsed_days, rating g, bool short_term)
{
    using std::exp;
    const T difficulty = next_difficulty(w, state.difficulty, g);
    T stability;
    if (short_term && !(T(0.0) < elapsed_days)) {
        stability = short_term_stability(w, state.stability, g);
    } else {
        const T r = retrievability(w, elapsed_days, state.stability);
        if (g == rating::again) {
            const T bound = short_term ? state.stability / exp(w[17] * w[18]) : state.stability;
            stability = detail::min_of(forget_stability(w, state.difficulty, state.stability, r), bound);
        } else {
            stability = recall_stability(w, state.difficulty, state.stability, r, g);
        }
    }
    return {detail::clamp_to(stability, stability_min, stability_max), difficulty};
}

/// Clamps every parameter to ts-fsrs's CLAMP_PARAMETERS bounds (NaN becomes the lower bound, as ts-fsrs's `|| 0`
/// then clamp does). Without short-term scheduling w19 may fall to 0; with more than one relearning step, w17 and w18
/// share a ceiling that keeps post-lapse S times e^(steps w17 w18) below the old S.
parameters clamp_parameters(parameters w, bool short_term, int relearning_steps = 1);

/// ts-fsrs's migrateParameters then clipParameters: 21 values are clamped; a 19-value FSRS-5 vector gets
/// (w19, w20) = (0, 0.5); a 17-value FSRS-4.5 vector gets w4 += 2 w5, w5 = ln(3 w5 + 1) / 3, w6 += 0.5 (each to 8
/// decimals) and (0, 0, 0, 0.5). nullopt for any other count.
std::optional<parameters> migrate_parameters(std::span<const double> values, bool short_term, int relearning_steps = 1);

} // namespace quiz::engine::fsrs
