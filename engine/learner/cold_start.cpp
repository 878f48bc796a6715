// SPDX-License-Identifier: MIT
#include "engine/learner/cold_start.hpp"

#include "engine/numeric/logistic_regression.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace quiz::engine {

namespace {
// The instructor's difficulty 1..5 read as the share of learners who know the answer at first sight.
constexpr std::array<double, 5> known_by_difficulty{0.8, 0.65, 0.5, 0.35, 0.2};
} // namespace

double ease_logit(const question& q, const question_stats* stats, const tutor_config& config)
{
    const double choices = static_cast<double>(std::max<std::size_t>(q.choice_count(), 2));
    const double guess = 1.0 / choices;
    const auto level = static_cast<std::size_t>(std::clamp(q.difficulty, 1, 5) - 1);
    const double prior_facility = guess + (1.0 - guess) * known_by_difficulty[level];
    double attempts = config.prior_attempts;
    double correct = config.prior_attempts * prior_facility;
    if (stats != nullptr) {
        attempts += static_cast<double>(stats->first_attempts);
        correct += static_cast<double>(stats->first_correct);
    }
    const double facility = correct / attempts;
    const double known = std::clamp((facility - guess) / (1.0 - guess), 0.02, 0.98);
    return logit(known);
}

fsrs::memory_state first_answer_state(const fsrs::parameters& w, bool correct, double known, std::size_t choices)
{
    const auto again = fsrs::initial_state(w, fsrs::rating::again);
    if (!correct) {
        return again;
    }
    const auto good = fsrs::initial_state(w, fsrs::rating::good);
    const double guess = choices == 0 ? 0.0 : 1.0 / static_cast<double>(choices);
    const double knew = known / (known + (1.0 - known) * guess);
    return {std::exp(knew * std::log(good.stability) + (1.0 - knew) * std::log(again.stability)),
            knew * good.difficulty + (1.0 - knew) * again.difficulty};
}

} // namespace quiz::engine
