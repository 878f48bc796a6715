// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/fsrs/fsrs_model.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace quiz::engine::sim {

// The simulated world: a course (a pack with hidden true difficulties) and learners whose memory follows
// FSRS-6 as the ground truth, varied per learner and tied across a concept's questions.

/// A uniform number in [0, 1) drawn from a counter: the same (seed, stream, a, b, c) always gives the same value,
/// so that different policies meet the same luck for the same learner, question and exposure.
[[nodiscard]] double draw(std::uint64_t seed, std::uint64_t stream, std::uint64_t a, std::uint64_t b = 0,
                          std::uint64_t c = 0) noexcept;

struct course {
    pack_index index;
    std::vector<double> hardness; ///< true difficulty of each question (logit scale)
    std::vector<int> words;       ///< reading length of each question
};

/// `questions` questions over `concepts` concepts in guide order (a block of questions per concept, one in five
/// also tagged with the next concept), 3 to 5 choices, half the distractors tagged with one of the concept's two
/// misconceptions, instructor difficulty 1..5 and a true difficulty around it.
[[nodiscard]] course make_course(std::uint64_t seed, int questions, int concepts);

/// What differs between learners.
struct learner_traits {
    double memory = 1.0;         ///< multiplies every stability gain
    std::vector<double> ability; ///< per concept (logit); grows as the learner meets the concept's questions
    double attendance = 0.8;     ///< probability of studying on a given day
    double minutes = 12.0;       ///< typical study time on a study day
    double speed = 1.0;          ///< multiplies the seconds spent per question
};

/// Moves every learner away from the population's typical traits, for review logs of unusual learners
/// (review_log_family.hpp). The defaults change nothing.
struct trait_shift {
    std::optional<double> memory;     ///< replaces each learner's memory strength (1: FSRS-6's defaults)
    std::optional<double> minutes;    ///< replaces each learner's typical study time on a study day
    std::optional<double> attendance; ///< replaces each learner's probability of studying on a given day
};

[[nodiscard]] learner_traits make_learner(std::uint64_t seed, int learner, int concepts, const trait_shift& shift = {});

/// The learner's true memory of one question.
struct true_memory {
    bool seen = false;
    double stability = 0.0;
    double difficulty = 0.0;
    instant last;
    int exposures = 0;
};

/// One simulated answer.
struct answer_result {
    bool correct = false;
    std::uint32_t chosen = 0; ///< pack order
    double seconds = 0.0;
};

/// The ground truth: every learner's memory of every question.
class world {
public:
    world(const course& c, std::uint64_t seed, int learners, const trait_shift& shift = {});

    /// The probability that learner l recalls question q at t (for an unseen question: prior knowledge).
    [[nodiscard]] double recall(int l, std::uint32_t q, instant t) const;
    /// Σ recall over the course's questions.
    [[nodiscard]] double knowledge(int l, instant t) const;
    [[nodiscard]] int introduced(int l) const;
    [[nodiscard]] bool seen(int l, std::uint32_t q) const { return memory_[static_cast<std::size_t>(l)][q].seen; }
    [[nodiscard]] const learner_traits& traits(int l) const { return learners_[static_cast<std::size_t>(l)]; }

    /// Learner l answers question q at t: recalls it with the true probability, otherwise guesses (misconception
    /// choices are twice as tempting as the others); then reads the feedback, and memory moves by FSRS-6 (Good if
    /// recalled, Again if not) with the gain scaled by the learner's memory and their ability on the concept.
    answer_result answer(int l, std::uint32_t q, instant t);

private:
    [[nodiscard]] double concept_ability(int l, std::uint32_t q) const;
    [[nodiscard]] double growth(int l, std::uint32_t q) const;

    const course& course_;
    std::uint64_t seed_;
    std::vector<learner_traits> learners_;
    std::vector<std::vector<true_memory>> memory_;
};

} // namespace quiz::engine::sim
