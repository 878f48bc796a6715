// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"

#include <algorithm>
#include <chrono>

namespace quiz::test {

/// Noon UTC on 2024-03-04, a Monday: the tests' "now".
inline engine::instant noon_day0()
{
    using namespace std::chrono;
    return sys_days{year{2024} / March / 4} + hours{12};
}

inline engine::instant days_after(engine::instant t, int days) { return t + std::chrono::days{days}; }

/// A model of a learner who has seen nothing of the pack (no population data).
inline engine::learner_model blank_model(const engine::pack_index& index, const engine::tutor_config& config = {})
{
    return engine::make_learner_model(index, {}, {}, {}, config);
}

/// Marks question q as answered at `last_review` with the given stability (days) and wrong answers.
inline void remember(engine::learner_model& model, std::uint32_t q, engine::instant last_review, double stability,
                     int wrong = 0, int attempts = 1)
{
    auto& memory = model.memory[q];
    memory.attempts = std::max(attempts, wrong + 1);
    memory.wrong = wrong;
    memory.card.state = engine::fsrs::card_state::review;
    memory.card.stability = stability;
    memory.card.difficulty = 5.0;
    memory.card.last_review = last_review;
    memory.first_answered_at = last_review;
}

} // namespace quiz::test
