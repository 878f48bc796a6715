// SPDX-License-Identifier: MIT
#include "engine/learner/concept_form.hpp"

#include "engine/numeric/logistic_regression.hpp"

#include <algorithm>

namespace quiz::engine {

double answer_probability(double known, std::size_t choices) noexcept
{
    const double guess = choices == 0 ? 0.0 : 1.0 / static_cast<double>(choices);
    return guess + (1.0 - guess) * known;
}

double corrected_recall(double memory_recall, double form) noexcept
{
    return form == 0.0 ? memory_recall : logistic(logit(memory_recall) + form);
}

double form_step(int answers, const tutor_config& config) noexcept
{
    return config.form_step / (1.0 + static_cast<double>(answers) / config.form_step_decay);
}

void update_form(std::span<concept_skill* const> skills, double predicted, bool correct, const tutor_config& config)
{
    const double error = (correct ? 1.0 : 0.0) - predicted;
    for (concept_skill* skill : skills) {
        skill->form =
            std::clamp(skill->form + form_step(skill->answers, config) * error, -config.form_limit, config.form_limit);
        skill->answers += 1;
        skill->correct += correct ? 1 : 0;
    }
}

} // namespace quiz::engine
