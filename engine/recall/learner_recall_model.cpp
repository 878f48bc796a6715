// SPDX-License-Identifier: MIT
#include "engine/recall/learner_recall_model.hpp"

#include "engine/numeric/logistic_regression.hpp"

#include <algorithm>
#include <cmath>

namespace quiz::engine::recall {

namespace {

double fsrs_probability(const learner_recall_model& model, const card_view& card, double days) noexcept
{
    return fsrs::retrievability(model.w, days, std::max(card.stability, fsrs::stability_min));
}

double later_day_probability(const learner_recall_model& model, const card_view& card, double days) noexcept
{
    const double p = fsrs_probability(model, card, days);
    if (model.layer.identity()) {
        return std::clamp(p, lowest_probability, highest_probability);
    }
    return layer_probability(model.layer, layer_inputs_of(p, days, card));
}

} // namespace

layer_row layer_inputs_of(double fsrs_p, double elapsed_days, const card_view& card) noexcept
{
    return {1.0,
            logit(std::clamp(fsrs_p, 0.001, 0.999)),
            std::log1p(std::clamp(elapsed_days, 0.0, 36500.0)),
            std::clamp(std::log(std::max(card.stability, 1e-3)), -3.0, 10.0),
            std::clamp(card.difficulty, 1.0, 10.0) / 10.0,
            std::log1p(static_cast<double>(std::clamp(card.reviews, 0, 10000))),
            std::log1p(static_cast<double>(std::clamp(card.lapses, 0, 10000)))};
}

double layer_probability(const calibration_layer& layer, const layer_row& x) noexcept
{
    double z = 0.0;
    for (std::size_t j = 0; j < layer_inputs; ++j) {
        z += layer.beta[j] * x[j];
    }
    const double p = logistic(z);
    return std::isfinite(p) ? std::clamp(p, lowest_probability, highest_probability) : 0.5;
}

double same_day_probability(const same_day_counts& counts, bool last_passed) noexcept
{
    const double prior = last_passed ? same_day_prior_after_pass : same_day_prior_after_miss;
    const double n = last_passed ? counts.after_pass : counts.after_miss;
    const double passed = last_passed ? counts.after_pass_passed : counts.after_miss_passed;
    const double p = (passed + prior * same_day_prior_weight) / (n + same_day_prior_weight);
    return std::clamp(p, lowest_probability, highest_probability);
}

double probability(const learner_recall_model& model, const card_view& card, std::int64_t whole_days,
                   double elapsed_days) noexcept
{
    if (whole_days <= 0) {
        return model.same_day.from_fsrs ? std::clamp(fsrs_probability(model, card, std::max(elapsed_days, 0.0)),
                                                     lowest_probability, highest_probability)
                                        : same_day_probability(model.same_day, card.last_passed);
    }
    return later_day_probability(model, card, static_cast<double>(whole_days));
}

int days_until(const learner_recall_model& model, const card_view& card, double target, int maximum) noexcept
{
    const double upper = static_cast<double>(std::max(maximum, 1));
    double days = upper;
    if (model.layer.identity()) {
        // Invert R(t, S) = (1 + f t / S)^decay.
        const double decay = -model.w[20];
        const double stability = std::max(card.stability, fsrs::stability_min);
        days = (std::pow(std::clamp(target, 0.01, 0.99), 1.0 / decay) - 1.0) / fsrs::curve_factor(model.w) * stability;
    } else if (later_day_probability(model, card, upper) <= target) {
        // The layer need not be monotone in time everywhere: bisect for a crossing between one day and the maximum.
        double low = 1.0;
        double high = upper;
        if (later_day_probability(model, card, low) <= target) {
            high = low;
        }
        for (int step = 0; step < 60 && high - low > 0.01; ++step) {
            const double middle = 0.5 * (low + high);
            (later_day_probability(model, card, middle) <= target ? high : low) = middle;
        }
        days = high;
    }
    if (!std::isfinite(days)) {
        days = upper;
    }
    return static_cast<int>(std::clamp(std::round(days), 1.0, upper));
}

} // namespace quiz::engine::recall
