// SPDX-License-Identifier: MIT
#include "engine/recall/recall_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

namespace quiz::engine::recall {

namespace {

constexpr double not_a_number = std::numeric_limits<double>::quiet_NaN();

/// round(scale * base^floor(log_base x)): the geometric bins of srs-benchmark, for x > 0.
std::uint32_t geometric_bin(double x, double base, double scale) noexcept
{
    const double exponent = std::floor(std::log(x) / std::log(base));
    return static_cast<std::uint32_t>(std::round(scale * std::pow(base, exponent)));
}

} // namespace

rmse_bin bin_of(std::int64_t elapsed_days, std::size_t long_term_reviews, std::size_t lapses) noexcept
{
    rmse_bin bin;
    // fsrs-rs writes 2.48 * 3.62^k * 100; the same order of operations keeps ties rounding the same way.
    if (elapsed_days > 0) {
        const double exponent = std::floor(std::log(static_cast<double>(elapsed_days)) / std::log(3.62));
        bin.elapsed = static_cast<std::uint32_t>(std::round(2.48 * std::pow(3.62, exponent) * 100.0));
    }
    bin.length = geometric_bin(static_cast<double>(long_term_reviews) + 1.0, 1.89, 1.99);
    if (lapses > 0) {
        bin.lapses = geometric_bin(static_cast<double>(lapses), 1.73, 1.65);
    }
    return bin;
}

double log_loss(std::span<const scored_review> reviews) noexcept
{
    if (reviews.empty()) {
        return not_a_number;
    }
    double sum = 0.0;
    for (const auto& review : reviews) {
        const double p = std::clamp(review.p, log_loss_epsilon, 1.0 - log_loss_epsilon);
        sum -= review.passed ? std::log(p) : std::log1p(-p);
    }
    return sum / static_cast<double>(reviews.size());
}

double rmse_bins(std::span<const scored_review> reviews)
{
    if (reviews.empty()) {
        return not_a_number;
    }
    struct totals {
        double predicted = 0.0;
        double actual = 0.0;
        double count = 0.0;
    };
    std::map<rmse_bin, totals> bins;
    for (const auto& review : reviews) {
        auto& bin = bins[review.bin];
        bin.predicted += review.p;
        bin.actual += review.passed ? 1.0 : 0.0;
        bin.count += 1.0;
    }
    double squared = 0.0;
    for (const auto& [key, bin] : bins) {
        const double gap = bin.predicted / bin.count - bin.actual / bin.count;
        squared += gap * gap * bin.count;
    }
    return std::sqrt(squared / static_cast<double>(reviews.size()));
}

double auc(std::span<const scored_review> reviews)
{
    std::vector<std::pair<double, bool>> ranked;
    ranked.reserve(reviews.size());
    std::size_t positives = 0;
    for (const auto& review : reviews) {
        ranked.emplace_back(review.p, review.passed);
        positives += review.passed ? 1U : 0U;
    }
    const std::size_t negatives = ranked.size() - positives;
    if (positives == 0 || negatives == 0) {
        return not_a_number;
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Sum of the positives' 1-based ranks, each group of equal scores sharing its mean rank.
    double positive_rank_sum = 0.0;
    for (std::size_t first = 0; first < ranked.size();) {
        std::size_t last = first;
        std::size_t group_positives = 0;
        while (last < ranked.size() && ranked[last].first == ranked[first].first) {
            group_positives += ranked[last].second ? 1U : 0U;
            ++last;
        }
        const double mean_rank = (static_cast<double>(first + 1) + static_cast<double>(last)) / 2.0;
        positive_rank_sum += mean_rank * static_cast<double>(group_positives);
        first = last;
    }
    const auto pos = static_cast<double>(positives);
    const auto neg = static_cast<double>(negatives);
    return (positive_rank_sum - pos * (pos + 1.0) / 2.0) / (pos * neg);
}

metrics evaluate(std::span<const scored_review> reviews)
{
    return {log_loss(reviews), rmse_bins(reviews), auc(reviews), reviews.size()};
}

} // namespace quiz::engine::recall
