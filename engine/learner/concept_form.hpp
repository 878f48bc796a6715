// SPDX-License-Identifier: MIT
#pragma once

#include "engine/learner/learner_memory.hpp"
#include "engine/learner/tutor_config.hpp"

#include <cstddef>
#include <span>

namespace quiz::engine {

// Concept mastery as an Elo-style "form" per learner and concept (docs/tutor.md explains the choice over BKT):
// the memory model predicts recall per question; the form is a logit offset on that prediction, learnt from how
// the learner's answers on the concept's questions compare with it. It moves due dates, orders new questions,
// and measures mastery in the stats.

/// The probability of a right answer to a question with `choices` options when the learner knows (recalls) the
/// answer with probability `known`: a learner who does not know picks one option at random.
[[nodiscard]] double answer_probability(double known, std::size_t choices) noexcept;

/// Recall probability `memory_recall` (FSRS) corrected by the learner's `form` on the question's concepts.
[[nodiscard]] double corrected_recall(double memory_recall, double form) noexcept;

/// The Elo step for a concept with `answers` answers so far.
[[nodiscard]] double form_step(int answers, const tutor_config& config) noexcept;

/// Moves each skill toward the observed result: form += step × (result − predicted), kept within the limits.
/// `predicted` is the probability of a right answer the tutor gave before the answer.
void update_form(std::span<concept_skill* const> skills, double predicted, bool correct, const tutor_config& config);

} // namespace quiz::engine
