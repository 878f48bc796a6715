// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_progress_store.hpp"

#include "storage/memory_row.hpp"
#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace quiz::storage::postgres {

namespace {

using engine::fsrs::card_state;

// A statement of its own, before the read: a lock taken in the same statement as a join re-checks only the locked
// row under READ COMMITTED, and the memories would be read as they were before the lock holder's commit.
constexpr statement progress_lock_learner{"progress_store.lock_learner",
                                          "SELECT 1 FROM learner WHERE id = $1 FOR NO KEY UPDATE"};
// The columns progress_read_memory reads (storage/memory_row.hpp's memory_columns, in PostgreSQL's spelling).
constexpr statement progress_memories{
    "progress_store.memories",
    "SELECT q.question_key, coalesce(v.content_hash, ''), m.phase, m.stability, m.difficulty, m.scheduled_days,"
    " m.learning_step, m.reps, m.lapses, m.due_at_ms, m.last_review_at_ms, m.attempts, m.wrong,"
    " m.last_wrong_choice, m.last_misconception, m.first_attempt_correct, m.first_answered_at_ms"
    " FROM memory m JOIN question q ON q.id = m.question_id JOIN pack p ON p.id = q.pack_id"
    " LEFT JOIN question_version v ON v.id = m.version_id WHERE m.learner_id = $1 AND p.pack_key = $2"};
constexpr statement progress_save_memory{
    "progress_store.save_memory",
    "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, scheduled_days,"
    " learning_step, reps, lapses, due_at_ms, last_review_at_ms, attempts, wrong, last_wrong_choice,"
    " last_misconception, first_attempt_correct, first_answered_at_ms)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    " ON CONFLICT (learner_id, question_id) DO UPDATE SET version_id = excluded.version_id, phase = excluded.phase,"
    " stability = excluded.stability, difficulty = excluded.difficulty, scheduled_days = excluded.scheduled_days,"
    " learning_step = excluded.learning_step, reps = excluded.reps, lapses = excluded.lapses,"
    " due_at_ms = excluded.due_at_ms, last_review_at_ms = excluded.last_review_at_ms, attempts = excluded.attempts,"
    " wrong = excluded.wrong, last_wrong_choice = excluded.last_wrong_choice,"
    " last_misconception = excluded.last_misconception, first_attempt_correct = excluded.first_attempt_correct,"
    " first_answered_at_ms = excluded.first_answered_at_ms"};
constexpr statement progress_skills{"progress_store.skills",
                                    "SELECT c.concept_key, c.form, c.answers, c.correct FROM concept_mastery c"
                                    " JOIN pack p ON p.id = c.pack_id WHERE c.learner_id = $1 AND p.pack_key = $2"};
constexpr statement progress_save_skill{
    "progress_store.save_skill",
    "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct)"
    " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (learner_id, pack_id, concept_key) DO UPDATE"
    " SET form = excluded.form, answers = excluded.answers, correct = excluded.correct"};
constexpr statement progress_typical_forms{
    "progress_store.typical_forms",
    "SELECT t.concept_key, sum(t.form_sum) / sum(t.learners), sum(t.learners) FROM concept_form_total t"
    " JOIN pack p ON p.id = t.pack_id WHERE p.pack_key = $1 GROUP BY t.concept_key HAVING sum(t.learners) > 0"};

/// A bigint column read into an int; a value out of range is damaged data.
int progress_int(const result& rows, int row, int column)
{
    const std::int64_t value = rows.int64(row, column);
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
        throw std::runtime_error("progress column " + std::to_string(column) + " holds " + std::to_string(value) +
                                 ", out of range");
    }
    return static_cast<int>(value);
}

card_state progress_parse_phase(std::string_view word)
{
    for (const card_state s :
         {card_state::new_card, card_state::learning, card_state::review, card_state::relearning}) {
        if (word == phase_name(s)) {
            return s;
        }
    }
    throw std::runtime_error("memory row has unknown phase '" + std::string(word) + "'");
}

engine::question_memory progress_read_memory(const result& rows, int row)
{
    engine::question_memory m;
    m.question = engine::question_key{std::string(rows.text(row, 0))};
    m.content_hash = std::string(rows.text(row, 1));
    m.card.state = progress_parse_phase(rows.text(row, 2));
    m.card.stability = rows.real(row, 3);
    m.card.difficulty = rows.real(row, 4);
    m.card.scheduled_days = progress_int(rows, row, 5);
    m.card.learning_step = progress_int(rows, row, 6);
    m.card.reps = progress_int(rows, row, 7);
    m.card.lapses = progress_int(rows, row, 8);
    m.card.due = from_ms(rows.int64(row, 9));
    if (const auto last = rows.optional_int64(row, 10)) {
        m.card.last_review = from_ms(*last);
    }
    m.attempts = progress_int(rows, row, 11);
    m.wrong = progress_int(rows, row, 12);
    if (const auto choice = rows.optional_int64(row, 13)) {
        if (*choice < 0 || *choice > std::numeric_limits<std::uint32_t>::max()) {
            throw std::runtime_error("memory row has last_wrong_choice " + std::to_string(*choice));
        }
        m.last_wrong_choice = static_cast<std::uint32_t>(*choice);
    }
    if (auto misconception = rows.optional_text(row, 14)) {
        m.last_misconception = engine::misconception_key{std::move(*misconception)};
    }
    if (const auto correct = rows.optional_int64(row, 15)) {
        m.first_attempt_correct = *correct != 0;
    }
    if (const auto first_at = rows.optional_int64(row, 16)) {
        m.first_answered_at = from_ms(*first_at);
    }
    return m;
}

std::optional<std::int64_t> progress_ms(const std::optional<engine::instant>& t)
{
    return t ? std::optional(to_ms(*t)) : std::nullopt;
}

} // namespace

std::vector<engine::question_memory> pg_progress_store::memories(engine::learner_id learner,
                                                                 const engine::pack_key& pack)
{
    connection& db = current_connection();
    db.defer(progress_lock_learner, params().add(learner.value())); // travels with the read
    const result rows = db.run(progress_memories, params().add(learner.value()).add(pack.value()));
    std::vector<engine::question_memory> found;
    found.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
        found.push_back(progress_read_memory(rows, i));
    }
    return found;
}

void pg_progress_store::save_memory(engine::learner_id learner, const engine::pack_key& pack,
                                    const engine::question_memory& memory)
{
    const auto found = ids_.ensure_all(pack, memory.question, memory.content_hash);
    std::optional<std::int64_t> version_id;
    if (!memory.content_hash.empty()) {
        version_id = found.version;
    }
    params p;
    p.add(learner.value())
        .add(found.question)
        .add(version_id)
        .add(phase_name(memory.card.state))
        .add(memory.card.stability)
        .add(memory.card.difficulty)
        .add(memory.card.scheduled_days)
        .add(memory.card.learning_step)
        .add(memory.card.reps)
        .add(memory.card.lapses)
        .add(to_ms(memory.card.due))
        .add(progress_ms(memory.card.last_review))
        .add(memory.attempts)
        .add(memory.wrong)
        .add(memory.last_wrong_choice ? std::optional<std::int64_t>(*memory.last_wrong_choice) : std::nullopt)
        .add(memory.last_misconception ? std::optional(memory.last_misconception->value()) : std::nullopt)
        .add(memory.first_attempt_correct ? std::optional<int>(*memory.first_attempt_correct ? 1 : 0) : std::nullopt)
        .add(progress_ms(memory.first_answered_at));
    current_connection().defer(progress_save_memory, std::move(p));
}

std::vector<engine::concept_skill> pg_progress_store::skills(engine::learner_id learner, const engine::pack_key& pack)
{
    const result rows = current_connection().run(progress_skills, params().add(learner.value()).add(pack.value()));
    std::vector<engine::concept_skill> found;
    for (int i = 0; i < rows.rows(); ++i) {
        found.push_back({engine::concept_key{std::string(rows.text(i, 0))}, rows.real(i, 1), progress_int(rows, i, 2),
                         progress_int(rows, i, 3)});
    }
    return found;
}

void pg_progress_store::save_skill(engine::learner_id learner, const engine::pack_key& pack,
                                   const engine::concept_skill& skill)
{
    const std::int64_t pack_id = ids_.ensure_pack(pack);
    current_connection().defer(progress_save_skill, params()
                                                        .add(learner.value())
                                                        .add(pack_id)
                                                        .add(skill.key.value())
                                                        .add(skill.form)
                                                        .add(skill.answers)
                                                        .add(skill.correct));
}

std::vector<engine::concept_skill> pg_progress_store::typical_forms(const engine::pack_key& pack)
{
    return typical_.get(pack.value(), [&] {
        const result rows = current_connection().run(progress_typical_forms, params().add(pack.value()));
        std::vector<engine::concept_skill> found;
        for (int i = 0; i < rows.rows(); ++i) {
            found.push_back(
                {engine::concept_key{std::string(rows.text(i, 0))}, rows.real(i, 1), progress_int(rows, i, 2), 0});
        }
        return found;
    });
}

} // namespace quiz::storage::postgres
