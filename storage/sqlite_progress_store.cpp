// SPDX-License-Identifier: MIT
#include "storage/sqlite_progress_store.hpp"

#include "storage/memory_row.hpp"
#include "storage/sql_values.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>

#include <string>

namespace quiz::storage {

sqlite_progress_store::sqlite_progress_store(SQLite::Database& db, sqlite_content_ids& ids)
    : ids_(ids),
      memories_(db, std::string("SELECT ") + memory_columns +
                        " FROM memory m JOIN question q ON q.id = m.question_id JOIN pack p ON p.id = q.pack_id"
                        " LEFT JOIN question_version v ON v.id = m.version_id"
                        " WHERE m.learner_id = ?1 AND p.pack_key = ?2"),
      save_memory_(db, "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty,"
                       " scheduled_days, learning_step, reps, lapses, due_at_ms, last_review_at_ms, attempts, wrong,"
                       " last_wrong_choice, last_misconception, first_attempt_correct, first_answered_at_ms)"
                       " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"
                       " ON CONFLICT (learner_id, question_id) DO UPDATE SET version_id = excluded.version_id,"
                       " phase = excluded.phase, stability = excluded.stability, difficulty = excluded.difficulty,"
                       " scheduled_days = excluded.scheduled_days, learning_step = excluded.learning_step,"
                       " reps = excluded.reps, lapses = excluded.lapses, due_at_ms = excluded.due_at_ms,"
                       " last_review_at_ms = excluded.last_review_at_ms, attempts = excluded.attempts,"
                       " wrong = excluded.wrong, last_wrong_choice = excluded.last_wrong_choice,"
                       " last_misconception = excluded.last_misconception,"
                       " first_attempt_correct = excluded.first_attempt_correct,"
                       " first_answered_at_ms = excluded.first_answered_at_ms"),
      skills_(db, "SELECT c.concept_key, c.form, c.answers, c.correct FROM concept_mastery c"
                  " JOIN pack p ON p.id = c.pack_id WHERE c.learner_id = ?1 AND p.pack_key = ?2"),
      save_skill_(db, "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (learner_id, pack_id, concept_key) DO UPDATE"
                      " SET form = excluded.form, answers = excluded.answers, correct = excluded.correct"),
      typical_forms_(db, "SELECT t.concept_key, t.form_sum / t.learners, t.learners FROM concept_form_total t"
                         " JOIN pack p ON p.id = t.pack_id WHERE p.pack_key = ?1 AND t.learners > 0")
{
}

std::vector<engine::question_memory> sqlite_progress_store::memories(engine::learner_id learner,
                                                                     const engine::pack_key& pack)
{
    const statement_use use(memories_);
    use->bind(1, learner.value());
    use->bind(2, pack.value());
    std::vector<engine::question_memory> rows;
    while (use->executeStep()) {
        rows.push_back(read_memory(*use, 0));
    }
    return rows;
}

void sqlite_progress_store::save_memory(engine::learner_id learner, const engine::pack_key& pack,
                                        const engine::question_memory& memory)
{
    const auto found = ids_.ensure_all(pack, memory.question, memory.content_hash);
    const std::int64_t question_id = found.question;
    std::optional<std::int64_t> version_id;
    if (!memory.content_hash.empty()) {
        version_id = found.version;
    }
    const statement_use use(save_memory_);
    use->bind(1, learner.value());
    use->bind(2, question_id);
    bind_optional(*use, 3, version_id);
    use->bind(4, phase_name(memory.card.state));
    use->bind(5, memory.card.stability);
    use->bind(6, memory.card.difficulty);
    use->bind(7, memory.card.scheduled_days);
    use->bind(8, memory.card.learning_step);
    use->bind(9, memory.card.reps);
    use->bind(10, memory.card.lapses);
    use->bind(11, to_ms(memory.card.due));
    bind_optional(*use, 12, memory.card.last_review ? std::optional(to_ms(*memory.card.last_review)) : std::nullopt);
    use->bind(13, memory.attempts);
    use->bind(14, memory.wrong);
    bind_optional(*use, 15, memory.last_wrong_choice);
    bind_optional(*use, 16,
                  memory.last_misconception ? std::optional(memory.last_misconception->value()) : std::nullopt);
    bind_optional(*use, 17,
                  memory.first_attempt_correct ? std::optional<int>(*memory.first_attempt_correct ? 1 : 0)
                                               : std::nullopt);
    bind_optional(*use, 18, memory.first_answered_at ? std::optional(to_ms(*memory.first_answered_at)) : std::nullopt);
    use->exec();
}

std::vector<engine::concept_skill> sqlite_progress_store::skills(engine::learner_id learner,
                                                                 const engine::pack_key& pack)
{
    const statement_use use(skills_);
    use->bind(1, learner.value());
    use->bind(2, pack.value());
    std::vector<engine::concept_skill> rows;
    while (use->executeStep()) {
        rows.push_back({engine::concept_key{use->getColumn(0).getString()}, use->getColumn(1).getDouble(),
                        checked_int<int>(use->getColumn(2)), checked_int<int>(use->getColumn(3))});
    }
    return rows;
}

void sqlite_progress_store::save_skill(engine::learner_id learner, const engine::pack_key& pack,
                                       const engine::concept_skill& skill)
{
    const std::int64_t pack_id = ids_.ensure_pack(pack);
    const statement_use use(save_skill_);
    use->bind(1, learner.value());
    use->bind(2, pack_id);
    use->bind(3, skill.key.value());
    use->bind(4, skill.form);
    use->bind(5, skill.answers);
    use->bind(6, skill.correct);
    use->exec();
}

std::vector<engine::concept_skill> sqlite_progress_store::typical_forms(const engine::pack_key& pack)
{
    const statement_use use(typical_forms_);
    use->bind(1, pack.value());
    std::vector<engine::concept_skill> rows;
    while (use->executeStep()) {
        rows.push_back({engine::concept_key{use->getColumn(0).getString()}, use->getColumn(1).getDouble(),
                        checked_int<int>(use->getColumn(2)), 0});
    }
    return rows;
}

} // namespace quiz::storage
