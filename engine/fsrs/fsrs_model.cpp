// SPDX-License-Identifier: MIT
#include "engine/fsrs/fsrs_model.hpp"

#include "engine/numeric/js_number.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace quiz::engine::fsrs {

namespace {

using bounds = std::pair<double, double>;

// ts-fsrs CLAMP_PARAMETERS (constant.ts), fsrs-rs parameter_clipper.rs.
constexpr std::array<bounds, parameter_count> base_bounds{{
    {stability_min, initial_stability_max},
    {stability_min, initial_stability_max},
    {stability_min, initial_stability_max},
    {stability_min, initial_stability_max},
    {1.0, 10.0},
    {0.001, 4.0},
    {0.001, 4.0},
    {0.001, 0.75},
    {0.0, 4.5},
    {0.0, 0.8},
    {0.001, 3.5},
    {0.001, 5.0},
    {0.001, 0.25},
    {0.001, 0.9},
    {0.0, 4.0},
    {0.0, 1.0},
    {1.0, 6.0},
    {0.0, 2.0},
    {0.0, 2.0},
    {0.01, 0.8},
    {0.1, 0.8},
}};

constexpr double w17_w18_ceiling = 2.0;

// JS Math.min(Math.max(x, lo), hi) after `x || 0`: NaN counts as 0.
double js_clamp(double x, double lo, double hi)
{
    if (std::isnan(x)) {
        x = 0.0;
    }
    return std::min(std::max(x, lo), hi);
}

// clipParameters on the first `count` values (ts-fsrs slices the bounds to the vector's length).
void clip(double* w, std::size_t count, bool short_term, int relearning_steps)
{
    auto limits = base_bounds;
    if (!short_term) {
        limits[19].first = 0.0;
    }
    if (relearning_steps > 1 && count > 18) {
        // Post-lapse S times e^(steps w17 w18) must not exceed S (taken at D = 1, R = 0.7, S = 1).
        const double w11 = js_clamp(w[11], limits[11].first, limits[11].second);
        const double w13 = js_clamp(w[13], limits[13].first, limits[13].second);
        const double w14 = js_clamp(w[14], limits[14].first, limits[14].second);
        const double value =
            -(std::log(w11) + std::log(std::pow(2.0, w13) - 1.0) + w14 * 0.3) / static_cast<double>(relearning_steps);
        const double ceiling = js_clamp(round_to_8(std::sqrt(std::max(value, 0.0))), 0.01, w17_w18_ceiling);
        limits[17].second = ceiling;
        limits[18].second = ceiling;
    }
    for (std::size_t i = 0; i < count; ++i) {
        w[i] = js_clamp(w[i], limits[i].first, limits[i].second);
    }
}

} // namespace

parameters clamp_parameters(parameters w, bool short_term, int relearning_steps)
{
    clip(w.data(), w.size(), short_term, relearning_steps);
    return w;
}

std::optional<parameters> migrate_parameters(std::span<const double> values, bool short_term, int relearning_steps)
{
    parameters w{};
    switch (values.size()) {
    case 21:
        std::copy(values.begin(), values.end(), w.begin());
        break;
    case 19:
        std::copy(values.begin(), values.end(), w.begin());
        clip(w.data(), 19, short_term, relearning_steps);
        w[19] = 0.0;
        w[20] = 0.5; // FSRS-5's fixed decay
        break;
    case 17:
        std::copy(values.begin(), values.end(), w.begin());
        clip(w.data(), 17, short_term, relearning_steps);
        // FSRS-4.5 had D0(G) = w4 - (G - 3) w5; FSRS-5 made it exponential.
        w[4] = to_fixed_8(w[5] * 2.0 + w[4]);
        w[5] = to_fixed_8(std::log(w[5] * 3.0 + 1.0) / 3.0);
        w[6] = to_fixed_8(w[6] + 0.5);
        w[17] = 0.0;
        w[18] = 0.0;
        w[19] = 0.0;
        w[20] = 0.5;
        break;
    default:
        return std::nullopt;
    }
    return clamp_parameters(w, short_term, relearning_steps);
}

} // namespace quiz::engine::fsrs
