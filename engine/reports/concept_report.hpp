// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quiz::engine {

/// One concept of a pack across the class. Every learner in scope is in exactly one of mastered, learning and
/// not_started (compute_stats' mastery; started = answered one of its questions).
struct concept_row {
    concept_key key;
    std::string label;
    int learners = 0; ///< learners in scope who started it
    int mastered = 0;
    int learning = 0;
    int not_started = 0;
    int questions = 0;              ///< questions tagged with it
    int first_answers = 0;          ///< first answers in scope to those questions
    std::optional<double> facility; ///< their share right
    /// Open (learner, misconception) pairs over the misconceptions its questions probe.
    int open_misconceptions = 0;
};

/// A row per concept of the pack, in pack order, from the learner and item rows of the same scope.
[[nodiscard]] std::vector<concept_row> concept_report(const pack_index& index, std::span<const learner_row> learners,
                                                      std::span<const item_row> items, language lang);

} // namespace quiz::engine
