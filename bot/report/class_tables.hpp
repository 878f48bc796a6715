// SPDX-License-Identifier: MIT
#pragma once

#include "bot/report/report_table.hpp"
#include "engine/reports/activity_report.hpp"
#include "engine/reports/concept_report.hpp"
#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"

#include <span>

namespace quiz::bot::report {

// The four instructor tables, their columns defined here once for every format (docs/reports.md lists them).
// Shares are numbers from 0 to 1; instants are UTC ISO 8601 text.

/// question, concepts, text, n, facility, sd, discrimination, efficiency, rest_pairs, random_guess, later_n,
/// later_facility, difficulty, difficulty_se (Rasch), flags, then choice_N_share and choice_N_misconception for N = 1 to the pack's most choices
/// (pack order; empty past a question's own choices).
[[nodiscard]] table items_table(std::span<const engine::item_row> rows);

/// learner, name, seen, questions, answers, first_answers, first_accuracy, recent_accuracy, mastered_concepts,
/// due_now, overdue, last_active, streak_days, open_misconceptions, then mastery:CONCEPT per concept of the pack.
[[nodiscard]] table learners_table(const engine::pack_index& index, std::span<const engine::learner_row> rows);

/// concept, label, questions, learners, mastered, learning, not_started, first_answers, facility,
/// open_misconceptions.
[[nodiscard]] table concepts_table(std::span<const engine::concept_row> rows);

/// day, answers, correct, accuracy, week, week_answers, week_accuracy.
[[nodiscard]] table activity_table(std::span<const engine::activity_day> rows);

} // namespace quiz::bot::report
