// SPDX-License-Identifier: MIT
// Review histories drawn from FSRS-6 itself with chosen parameters: the learner forgets exactly as the model says.
#pragma once

#include "engine/fsrs/fsrs_model.hpp"
#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/numeric/seeded_random.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace quiz::test {

struct synthetic_plan {
    engine::fsrs::parameters truth = engine::fsrs::default_parameters;
    std::size_t cards = 1000;
    std::size_t reviews_per_card = 10; ///< the first review included
    std::uint64_t seed = 1;
};

/// Each later review comes after a log-uniform 0.3x-3x of the card's current stability (at least a day), so that
/// recall probabilities spread widely; the outcome is drawn with probability R under the true parameters.
inline std::vector<engine::fsrs::training_card> simulate_cards(const synthetic_plan& plan)
{
    namespace fsrs = engine::fsrs;
    engine::seeded_random random(plan.seed);
    const auto pick = [&](std::initializer_list<double> weights) {
        double u = random.uniform();
        int grade = 1;
        for (const double w : weights) {
            if (u < w) {
                return grade;
            }
            u -= w;
            ++grade;
        }
        return grade - 1;
    };
    std::vector<fsrs::training_card> cards;
    for (std::size_t c = 0; c < plan.cards; ++c) {
        fsrs::training_card card;
        const auto first = static_cast<fsrs::rating>(pick({0.2, 0.1, 0.55, 0.15}));
        card.push_back({0.0, first});
        auto state = fsrs::initial_state(plan.truth, first);
        for (std::size_t r = 1; r < plan.reviews_per_card; ++r) {
            const double factor = std::exp(std::log(0.3) + random.uniform() * std::log(10.0));
            const double days = std::max(1.0, std::round(state.stability * factor));
            const double recall = fsrs::retrievability(plan.truth, days, state.stability);
            const bool pass = random.uniform() < recall;
            const auto grade = pass ? static_cast<fsrs::rating>(1 + pick({0.15, 0.7, 0.15})) : fsrs::rating::again;
            card.push_back({days, grade});
            state = fsrs::next_state(plan.truth, state, days, grade, true);
        }
        cards.push_back(std::move(card));
    }
    return cards;
}

} // namespace quiz::test
