// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace quiz::engine::fsrs {

/// One review of a card as the optimizer sees it.
struct training_review {
    double elapsed_days = 0.0; ///< whole days since the card's previous review; ignored for the card's first review
    rating grade = rating::good;
};
/// A card's reviews in time order, its first review included.
using training_card = std::vector<training_review>;

/// The spread of per-user fitted parameters (fsrs-optimizer `DEFAULT_PARAMS_STDDEV_TENSOR`): the L2 prior pulls
/// each parameter toward its starting value in units of these.
inline constexpr parameters parameter_std_devs{6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6,  0.12, 0.39, 0.18, 0.33,
                                               0.3,  0.09, 0.16,  0.57,  0.25, 1.03, 0.31, 0.32, 0.14, 0.27};

/// Below this many labelled reviews a fit is not worth its noise and the defaults are kept. On the dev review log
/// (docs/scheduler-evaluation.md), a fit on 512 labelled reviews of random cards beat the defaults on 3,000 other
/// cards in 19 of 20 splits, on 256 in only 14. (py-fsrs also uses 512; fsrs-rs fits from 8, only S0 below 64.)
inline constexpr std::size_t default_minimum_items = 512;

struct fit_options {
    std::size_t minimum_items = default_minimum_items;
    int epochs = 5;
    std::size_t batch_size = 512;     ///< labelled reviews per Adam step (whole cards are kept together)
    double learning_rate = 4e-2;      ///< peak; cosine-annealed to 0 over all steps
    double prior_strength = 1.0;      ///< gamma of the L2 pull toward the starting parameters
    bool short_term = true;           ///< same-day reviews use the short-term stability formula
    bool initialise_stability = true; ///< estimate S0 per first grade from second reviews before Adam
    std::uint64_t seed = 2023;        ///< card shuffling between mini-batches
};

struct fit_result {
    parameters w = default_parameters;
    std::size_t items = 0; ///< labelled reviews: every review after a card's first with elapsed_days > 0
    bool fitted = false;   ///< false when there were fewer than minimum_items (w = defaults)
};

/// The labelled reviews the loss is made of: each review after a card's first, on a later day (a same-day review
/// is predicted as certain recall by construction, so it is left out of the loss as fsrs-rs does; it still updates
/// the memory state).
[[nodiscard]] std::size_t count_items(std::span<const training_card> cards) noexcept;

/// Fits the 21 parameters to `cards`: binary cross-entropy of R against pass/fail, Adam over mini-batches of cards,
/// cosine-annealed learning rate, L2 prior toward the start scaled by parameter_std_devs, clamped after every step.
[[nodiscard]] fit_result fit_parameters(std::span<const training_card> cards, const fit_options& options = {});

/// S0 per first grade from the outcome of each card's second review (fsrs-rs `initialize_stability_parameters`,
/// simplified): grades without data are scaled from the defaults by the others' mean ratio.
[[nodiscard]] parameters initial_stability_estimate(std::span<const training_card> cards, parameters w);

/// Mean binary cross-entropy of the labelled reviews under `w`; NaN without any.
[[nodiscard]] double mean_log_loss(const parameters& w, std::span<const training_card> cards, bool short_term);

/// The summed binary cross-entropy of the labelled reviews and its exact gradient (forward-mode dual numbers).
struct loss_gradient {
    double loss = 0.0;
    parameters gradient{};
};
[[nodiscard]] loss_gradient summed_log_loss_gradient(const parameters& w, std::span<const training_card> cards,
                                                     bool short_term);

} // namespace quiz::engine::fsrs
