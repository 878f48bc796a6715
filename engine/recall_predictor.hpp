// SPDX-License-Identifier: MIT
#pragma once

#include "engine/fsrs_optimizer.hpp"
#include "engine/recall_metrics.hpp"
#include "engine/review_log.hpp"

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
    tutor,        ///< the fitted FSRS-6 plus the learner's recent form, combined by an online logistic layer
};
inline constexpr std::array all_models{model::fsrs_default, model::fsrs_fitted, model::tutor};

/// "default", "fitted", "tutor".
[[nodiscard]] std::string_view name(model m) noexcept;
[[nodiscard]] std::optional<model> parse_model(std::string_view text) noexcept;

/// What the tutor's model adds on top of the fitted FSRS-6: a logistic layer over FSRS's logit, refitted online on
/// the reviews predicted since FSRS's last refit (so it learns how the current parameters miss on new reviews), with
/// optional extra inputs. Each part is measured in docs/scheduler-evaluation.md.
struct tutor_options {
    /// Feeds the memory state FSRS predicted from: ln(1 + elapsed days), ln S, D / 10, ln(1 + the card's later-day
    /// reviews), ln(1 + its lapses), so that the layer can correct the shape of FSRS's out-of-sample error.
    bool memory_state = true;
    /// Feeds the learner's recent form: logit of their recent pass rate minus logit of FSRS's recent mean
    /// prediction, moving averages over the last `form_half_life` reviews. Off: no gain on the dev log, whose order
    /// across cards is synthetic.
    bool recent_form = false;
    double form_half_life = 128.0;
    /// Feeds logit of the card's own pass rate (smoothed toward 90% by two pseudo-reviews). Off: no gain measured.
    bool card_pass_rate = false;
    /// L2 pull of the layer toward "p = FSRS's p" (intercept 0, slope 1, other weights 0).
    double ridge = 100.0;
    /// After each FSRS refit the layer is "p = FSRS's p" until this many reviews have been predicted.
    std::size_t minimum_samples = 1000;
    /// The layer is refitted at a day rollover once its reviews have grown by this fraction.
    double refit_growth = 0.05;
};

struct predictor_options {
    day_clock clock;
    fsrs::fit_options fit;
    /// FSRS-6 is refitted at a day rollover once the labelled reviews have grown by this fraction since the last
    /// fit (a geometric schedule: about log(n / minimum) / log(1 + growth) fits in all).
    double refit_growth = 0.2;
    tutor_options tutor;
    /// Whether to fit at all; without it only the default model is computed (the others repeat it).
    bool fit_models = true;
};

/// The predictions for one review that had an earlier review of the same card.
struct predicted_review {
    std::size_t row = 0;            ///< its index in the input log
    std::array<double, 3> p{};      ///< probability of recall per model, indexed by `model`
    bool passed = false;
    std::int64_t elapsed_days = 0;  ///< day boundaries crossed since the card's previous review
    rmse_bin bin;

    [[nodiscard]] double probability(model m) const noexcept { return p[static_cast<std::size_t>(m)]; }
};

struct prediction_run {
    std::vector<predicted_review> reviews; ///< in input order
    std::size_t fits = 0;                  ///< FSRS-6 refits made along the way
    fsrs::parameters last_parameters = fsrs::default_parameters; ///< the parameters in use at the end
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

/// The metrics of one model over a run.
[[nodiscard]] metrics evaluate(const prediction_run& run, model m);

} // namespace quiz::engine::recall
