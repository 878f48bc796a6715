// SPDX-License-Identifier: MIT
#pragma once

#include "engine/learner/learner_memory.hpp"

#include <SQLiteCpp/Statement.h>

namespace quiz::storage {

/// The columns read_memory reads, from `memory m JOIN question q ON q.id = m.question_id LEFT JOIN
/// question_version v ON v.id = m.version_id`.
inline constexpr const char* memory_columns =
    "q.question_key, ifnull(v.content_hash, ''), m.phase, m.stability, m.difficulty, m.scheduled_days,"
    " m.learning_step, m.reps, m.lapses, m.due_at_ms, m.last_review_at_ms, m.attempts, m.wrong,"
    " m.last_wrong_choice, m.last_misconception, m.first_attempt_correct, m.first_answered_at_ms";

/// The memory in the row's memory_columns, the first of them at column `first`.
[[nodiscard]] engine::question_memory read_memory(const SQLite::Statement& row, int first);

/// The memory table's phase: "new", "learning", "review", "relearning".
[[nodiscard]] const char* phase_name(engine::fsrs::card_state state);

} // namespace quiz::storage
