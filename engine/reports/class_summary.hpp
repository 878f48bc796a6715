// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace quiz::engine {

// The few lines an instructor reads first (the chat's `/quiz report`, the dashboard's overview), from the same
// rows as the full tables. docs/reports.md, "Summary", gives the rules.

struct summary_options {
    int min_first_answers = 5; ///< a question or a misconception is named only on at least this many first answers
    std::size_t top = 3;       ///< hardest questions and most chosen misconceptions listed
    std::chrono::days active_window{7};
    int low_mastery_answers = 10; ///< answers before a learner's low mastery counts as a sign
    double low_mastery = 0.5;     ///< mean mastery of the concepts they studied, below which they need help
    int many_overdue = 5;         ///< overdue reviews from which they need help
};

struct hard_question {
    question_key key;
    std::string excerpt;
    int first_answers = 0;
    double facility = 0;
};

/// A misconception and how many first answers chose a wrong answer tagged with it, out of the first answers to the
/// questions probing it.
struct pulled_misconception {
    misconception_key key;
    int chosen = 0;
    int out_of = 0;
};

struct learner_in_need {
    learner_id id;
    platform_identity identity;
    std::string name;
    bool low_mastery = false;
    bool many_overdue = false;
    double mastery = 0; ///< mean mastery of the concepts they studied
    int overdue = 0;
};

struct class_summary {
    int learners = 0;
    int active = 0; ///< answered in scope within the active window
    int answers = 0;
    int first_answers = 0;
    std::optional<double> first_accuracy;
    std::vector<hard_question> hardest;               ///< lowest facility first
    std::vector<pulled_misconception> misconceptions; ///< most chosen first
    std::vector<learner_in_need> need_help;           ///< most overdue first, then lowest mastery
};

[[nodiscard]] class_summary summarize_class(std::span<const learner_row> learners, std::span<const item_row> items,
                                            instant now, const summary_options& options = {});

} // namespace quiz::engine
