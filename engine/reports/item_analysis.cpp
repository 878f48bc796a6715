// SPDX-License-Identifier: MIT
#include "engine/reports/item_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <utility>

namespace quiz::engine {

namespace {

struct learner_firsts {
    int answered = 0;
    int right = 0;
    std::map<std::uint32_t, bool> by_question; ///< the first answer to each question: right or not
};

/// Sample covariance (n − 1 divisor) of paired values.
double covariance(std::span<const double> x, std::span<const double> y)
{
    const auto n = static_cast<double>(x.size());
    double mx = 0;
    double my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    double sum = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sum += (x[i] - mx) * (y[i] - my);
    }
    return sum / (n - 1);
}

/// Pearson's correlation and Moodle's discriminative efficiency (the covariance over the largest covariance the same
/// two sets of values could have: both sorted and paired by rank); none when a variance is zero.
std::pair<std::optional<double>, std::optional<double>> discrimination_of(std::vector<double> score,
                                                                          std::vector<double> rest)
{
    if (score.size() < 2) {
        return {};
    }
    // Tested on the values rather than on a variance: rest scores all equal to 1/3 can leave a variance of 1e-33
    // through rounding, and a correlation computed from that would be noise.
    const auto constant = [](const std::vector<double>& v) {
        return std::adjacent_find(v.begin(), v.end(), std::not_equal_to<>()) == v.end();
    };
    if (constant(score) || constant(rest)) {
        return {};
    }
    const double cov = covariance(score, rest);
    const double index = cov / std::sqrt(covariance(score, score) * covariance(rest, rest));
    std::sort(score.begin(), score.end());
    std::sort(rest.begin(), rest.end());
    // Positive whenever neither list is constant: the largest covariance pairs the values by rank.
    const double cov_max = covariance(score, rest);
    return {index, cov / cov_max};
}

item_flags flags_of(const item_statistics& s)
{
    item_flags f;
    if (s.n == 0) {
        return f;
    }
    f.broken = s.facility <= 0.05 || (s.discrimination && *s.discrimination < 0);
    f.too_hard = s.facility < 0.20;
    f.too_easy = s.facility >= 0.90;
    f.weak = s.discrimination && *s.discrimination < 0.20;
    f.dubious = s.efficiency && *s.efficiency < 0.15;
    f.guessable = s.random_guess > 0.40;
    return f;
}

} // namespace

std::vector<item_statistics> analyse_items(std::span<const item_answer> answers, std::span<const std::uint32_t> choices,
                                           const item_analysis_options& options)
{
    std::map<std::int64_t, learner_firsts> learners;
    std::vector<item_statistics> out(choices.size());
    for (std::uint32_t q = 0; q < choices.size(); ++q) {
        out[q].question = q;
        out[q].choice_counts.assign(choices[q], 0);
        out[q].random_guess = choices[q] > 0 ? 1.0 / static_cast<double>(choices[q]) : 0.0;
    }
    std::vector<int> later_right(choices.size(), 0);
    for (const auto& a : answers) {
        if (a.question >= choices.size()) {
            continue; // a question no longer in the pack
        }
        auto& item = out[a.question];
        if (!a.first) {
            item.later_n += 1;
            later_right[a.question] += a.correct ? 1 : 0;
            continue;
        }
        auto& who = learners[a.learner.value()];
        if (!who.by_question.emplace(a.question, a.correct).second) {
            continue; // one first answer per learner and question
        }
        who.answered += 1;
        who.right += a.correct ? 1 : 0;
        item.n += 1;
        item.facility += a.correct ? 1.0 : 0.0;
        if (a.choice < item.choice_counts.size()) {
            item.choice_counts[a.choice] += 1;
        }
    }
    for (auto& item : out) {
        const auto q = item.question;
        if (item.n > 0) {
            const double right = item.facility;
            item.facility = right / item.n;
            if (item.n > 1) {
                // For 0/1 scores the sum of squared deviations is n·p·(1 − p).
                item.sd = std::sqrt(item.n * item.facility * (1 - item.facility) / (item.n - 1));
            }
        }
        if (item.later_n > 0) {
            item.later_facility = static_cast<double>(later_right[q]) / item.later_n;
        }
        std::vector<double> score;
        std::vector<double> rest;
        for (const auto& [id, who] : learners) {
            const auto it = who.by_question.find(q);
            const int other = who.answered - 1;
            if (it == who.by_question.end() || other < options.min_other) {
                continue;
            }
            const int x = it->second ? 1 : 0;
            score.push_back(x);
            rest.push_back(static_cast<double>(who.right - x) / other);
        }
        item.rest_pairs = static_cast<int>(score.size());
        std::tie(item.discrimination, item.efficiency) = discrimination_of(std::move(score), std::move(rest));
        item.flags = flags_of(item);
    }
    return out;
}

} // namespace quiz::engine
