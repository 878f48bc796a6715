// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_model.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace quiz::engine::recall {

// The tutor's memory model for one learner: the one recall probability that choosing the next question, due dates,
// stats and `quizbot srs predict --model tutor` all use (docs/scheduler-evaluation.md measures it).
//
//  - A review one day or more after the card's previous one: FSRS-6 with the learner's parameters (the defaults
//    until a fit is adopted), through a bounded logistic calibration layer over FSRS's logit and the card's memory
//    state (identity until a layer fit is adopted).
//  - A same-day review (minutes after a miss, in the same session): FSRS says "almost certain", which a learner
//    retrying a question they just missed may well not be. Until the learner's own same-day reviews show FSRS right,
//    their same-day pass rate after a miss or after a pass, smoothed toward priors; FSRS's recall at the fraction of
//    a day elapsed once a held-out comparison on their recent same-day reviews adopts it.
//  - Every probability is kept within [lowest_probability, highest_probability].

inline constexpr double lowest_probability = 1e-4;
inline constexpr double highest_probability = 1.0 - 1e-4;

/// What the predictor reads of one card at the moment of a prediction.
struct card_view {
    double stability = 1.0;  ///< days; the card's FSRS state under the learner's parameters
    double difficulty = 5.0; ///< 1 to 10
    int reviews = 0;         ///< answers so far, the first included
    int lapses = 0;          ///< wrong answers after the first
    bool last_passed = true; ///< the outcome of the previous answer
};

/// The calibration layer's inputs: 1, logit R (R kept within [0.001, 0.999]), ln(1 + elapsed days), ln S, D / 10,
/// ln(1 + reviews), ln(1 + lapses), each clamped to a fixed range so that no card can push the layer outside what
/// it was fitted on.
inline constexpr std::size_t layer_inputs = 7;
using layer_row = std::array<double, layer_inputs>;

/// σ(β·x). The identity (β = 0, 1, 0, ...) is FSRS's own probability.
struct calibration_layer {
    layer_row beta{0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0};

    [[nodiscard]] bool identity() const noexcept { return beta == calibration_layer{}.beta; }
    friend bool operator==(const calibration_layer&, const calibration_layer&) = default;
};

/// Each coefficient's allowed range: the slope on FSRS's logit stays positive and moderate, the others small, so
/// that a fit can correct FSRS's shape but never turn it over or run away.
inline constexpr layer_row layer_lower{-3.0, 0.3, -1.0, -1.0, -1.0, -1.0, -1.0};
inline constexpr layer_row layer_upper{3.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0};

/// The learner's same-day reviews so far, by the outcome of the answer before.
struct same_day_counts {
    bool from_fsrs = false; ///< predict them with FSRS's recall at the exact time elapsed rather than with the rates
    std::uint32_t after_miss = 0;
    std::uint32_t after_miss_passed = 0;
    std::uint32_t after_pass = 0;
    std::uint32_t after_pass_passed = 0;
    friend bool operator==(const same_day_counts&, const same_day_counts&) = default;
};

/// Priors for same-day reviews, each worth `same_day_prior_weight` reviews.
inline constexpr double same_day_prior_after_miss = 0.7;
inline constexpr double same_day_prior_after_pass = 0.98;
inline constexpr double same_day_prior_weight = 4.0;

struct learner_recall_model {
    fsrs::parameters w = fsrs::default_parameters;
    calibration_layer layer;
    same_day_counts same_day;
    /// Bookkeeping of the online fit (recall_fitting.hpp), so that a refresh can be scheduled from counts alone.
    std::uint32_t parameters_fitted_on = 0;  ///< labelled reviews at the last parameter fit (adopted or not)
    std::uint32_t parameters_adopted_at = 0; ///< labelled reviews when the parameters in force were adopted
    std::uint32_t layer_fitted_on = 0;       ///< layer samples at the last layer fit under these parameters
    std::uint32_t fits = 0;                  ///< parameter and layer fits adopted

    friend bool operator==(const learner_recall_model&, const learner_recall_model&) = default;
};

/// The layer's inputs for a later-day prediction at FSRS probability `fsrs_p` after `elapsed_days` whole days.
[[nodiscard]] layer_row layer_inputs_of(double fsrs_p, double elapsed_days, const card_view& card) noexcept;

/// σ(β·x) kept within [lowest_probability, highest_probability].
[[nodiscard]] double layer_probability(const calibration_layer& layer, const layer_row& x) noexcept;

/// The smoothed same-day pass rate after a miss or a pass.
[[nodiscard]] double same_day_probability(const same_day_counts& counts, bool last_passed) noexcept;

/// The probability that the learner recalls the card now: `whole_days` day boundaries since its previous review
/// (0: the same day), `elapsed_days` the exact time since it. The one function the tutor and
/// `srs predict --model tutor` call.
[[nodiscard]] double probability(const learner_recall_model& model, const card_view& card, std::int64_t whole_days,
                                 double elapsed_days) noexcept;

/// Whole days after a review until the predicted recall falls to `target` (at least 1, at most `maximum`).
[[nodiscard]] int days_until(const learner_recall_model& model, const card_view& card, double target,
                             int maximum) noexcept;

} // namespace quiz::engine::recall
