// SPDX-License-Identifier: MIT
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <span>

namespace quiz::engine::recall {

/// The srs-benchmark / fsrs-rs calibration bin of one predicted review (fsrs-rs `FSRSItem::r_matrix_index`).
struct rmse_bin {
    std::uint32_t elapsed = 0; ///< round(100 * 2.48 * 3.62^floor(log_3.62 elapsed_days)); 0 for a same-day review
    std::uint32_t length = 0;  ///< round(1.99 * 1.89^floor(log_1.89 (long_term_reviews + 1)))
    std::uint32_t lapses = 0;  ///< round(1.65 * 1.73^floor(log_1.73 lapses)); 0 without lapses

    friend auto operator<=>(const rmse_bin&, const rmse_bin&) = default;
};

/// `elapsed_days`: whole days since the card's previous review; `long_term_reviews`: the card's reviews so far with
/// elapsed_days > 0, this one included; `lapses`: its earlier Again answers with elapsed_days > 0 (this one excluded).
[[nodiscard]] rmse_bin bin_of(std::int64_t elapsed_days, std::size_t long_term_reviews, std::size_t lapses) noexcept;

/// One prediction and what happened.
struct scored_review {
    double p = 0.5;      ///< predicted probability of recall
    bool passed = false; ///< the answer was Hard, Good or Easy
    rmse_bin bin;
};

/// Probabilities are clamped to [log_loss_epsilon, 1 - log_loss_epsilon] so that one certain mistake costs a large
/// but finite amount (sklearn's historical default).
inline constexpr double log_loss_epsilon = 1e-15;

/// Mean binary cross-entropy, unweighted; NaN when empty.
[[nodiscard]] double log_loss(std::span<const scored_review> reviews) noexcept;

/// sqrt(Σ_bins n_b (mean p_b - mean y_b)² / Σ n_b): fsrs-rs `evaluate` and srs-benchmark `rmse_matrix` with unit
/// weights. NaN when empty.
[[nodiscard]] double rmse_bins(std::span<const scored_review> reviews);

/// Area under the ROC curve (Mann-Whitney U with mid-ranks for tied predictions, so a tie counts one half);
/// NaN unless both outcomes occur.
[[nodiscard]] double auc(std::span<const scored_review> reviews);

struct metrics {
    double log_loss = 0.0;
    double rmse_bins = 0.0;
    double auc = 0.0;
    std::size_t n = 0;
};

[[nodiscard]] metrics evaluate(std::span<const scored_review> reviews);

} // namespace quiz::engine::recall
