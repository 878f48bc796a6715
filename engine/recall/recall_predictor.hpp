// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/recall/recall_fitting.hpp"
#include "engine/recall/recall_metrics.hpp"
#include "engine/recall/review_log.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace quiz::engine::recall {

/// The recall models compared by `quizbot srs eval`.
enum class model : unsigned char {
    fsrs_default, ///< FSRS-6 with the default parameters
    fsrs_fitted,  ///< FSRS-6 refitted on the learner's past reviews
    tutor,        ///< the tutor's model (learner_recall_model.hpp), fitted online as recall_fitting.hpp says
};
inline constexpr std::array all_models{model::fsrs_default, model::fsrs_fitted, model::tutor};

/// "default", "fitted", "tutor".
[[nodiscard]] std::string_view name(model m) noexcept;
[[nodiscard]] std::optional<model> parse_model(std::string_view text) noexcept;

struct predictor_options {
    day_clock clock;
    fsrs::fit_options fit;
    /// FSRS-6 is refitted at a day rollover once the labelled reviews have grown by this fraction since the last
    /// fit (a geometric schedule: about log(n / minimum) / log(1 + growth) fits in all).
    double refit_growth = 0.2;
    /// The tutor model's refit schedule; its clock and fit options are taken from the fields above.
    fit_schedule tutor;
    /// Whether to fit at all; without it only the default model is computed (the others repeat it).
    bool fit_models = true;
};

/// The predictions for one review that had an earlier review of the same card.
struct predicted_review {
    std::size_t row = 0;       ///< its index in the input log
    std::array<double, 3> p{}; ///< probability of recall per model, indexed by `model`
    bool passed = false;
    std::int64_t elapsed_days = 0; ///< day boundaries crossed since the card's previous review
    rmse_bin bin;

    [[nodiscard]] double probability(model m) const noexcept { return p[static_cast<std::size_t>(m)]; }
};

struct prediction_run {
    std::vector<predicted_review> reviews;                       ///< in input order
    std::size_t fits = 0;                                        ///< FSRS-6 refits made along the way
    fsrs::parameters last_parameters = fsrs::default_parameters; ///< the fitted row's parameters at the end
    learner_recall_model tutor_model;                            ///< the tutor's model at the end
};

/// Predicts every review after a card's first, causally: the prediction for a review made at time t uses only
/// reviews made strictly before t (reviews sharing a timestamp do not see each other's outcomes; learner-level
/// state is updated once per timestamp). Reviews are processed in time order (ties by card key), whatever the
/// order of the rows; the reviews of one card must be in non-decreasing time order in the input
/// (std::invalid_argument otherwise, naming the row).
///
/// A prediction at whole elapsed days d ≥ 1 is R(d, S), as FSRS trains and srs-benchmark evaluates; a same-day
/// review (d = 0) gets R at the exact fraction of a day elapsed, since R(0, S) = 1 would claim certain recall.
[[nodiscard]] prediction_run predict_recall(std::span<const logged_review> log, const predictor_options& options = {});

/// Which reviews a score is over: same-day reviews (a retry minutes after a miss) and later-day ones are different
/// questions for a memory model, so `srs eval` scores them apart as well as together.
enum class review_span : unsigned char { all, same_day, later_day };
inline constexpr std::array all_spans{review_span::all, review_span::same_day, review_span::later_day};
/// "all", "same_day", "later_day".
[[nodiscard]] std::string_view name(review_span span) noexcept;

/// The metrics of one model over a run's reviews in `span`.
[[nodiscard]] metrics evaluate(const prediction_run& run, model m, review_span span = review_span::all);

} // namespace quiz::engine::recall
