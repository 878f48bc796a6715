// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_report_source.hpp"

#include "storage/memory_row.hpp"
#include "storage/recall_model_codec.hpp"
#include "storage/sql_values.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace quiz::storage::postgres {

namespace {

// The scopes, as sqlite_report_source.cpp's with_scope and answer_filter: `WITH in_scope(learner_id) AS (...)`, the
// learners a scope covers. Instructors are not a class's learners; a channel narrows a class to those who played a
// round in it. Parameters: $1 platform and $2 external id of the workspace, $3 the round's channel; a pack comes
// after them ($1, $3 or $4).
#define QUIZ_PG_REPORT_EVERYONE "WITH in_scope(learner_id) AS (SELECT id FROM learner) "
#define QUIZ_PG_REPORT_CLASS                                                                                           \
    "WITH in_scope(learner_id) AS (SELECT ms.learner_id FROM membership ms"                                            \
    " JOIN workspace w ON w.id = ms.workspace_id"                                                                      \
    " WHERE w.platform = $1 AND w.external_id = $2 AND ms.role = 'learner'"
#define QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_CLASS ") "
#define QUIZ_PG_REPORT_CHANNEL                                                                                         \
    QUIZ_PG_REPORT_CLASS                                                                                               \
    " AND ms.learner_id IN (SELECT rp.learner_id FROM round_participant rp"                                            \
    " JOIN group_round g ON g.id = rp.round_id WHERE g.workspace_id = w.id AND g.channel_id = $3)) "
// A class's answers: those given in its workspace and those that name none; never those given in another.
#define QUIZ_PG_REPORT_CLASS_ANSWERS                                                                                   \
    " AND (a.workspace_id IS NULL OR a.workspace_id = (SELECT id FROM workspace"                                       \
    " WHERE platform = $1 AND external_id = $2))"

// The orders are SQLite's: the explicit ORDER BY, then for ties what SQLite's plan walks (EXPLAIN QUERY PLAN):
// memory's primary key (learner_id, question_id), concept_mastery's (learner_id, pack_id, concept_key), question's
// unique (pack_id, question_key), concept_form_total's (pack_id, concept_key). Text sorts bytewise as in SQLite
// (COLLATE "C"), not by the database's collation.
#define QUIZ_PG_REPORT_LEARNERS                                                                                        \
    "SELECT l.id, l.platform, l.external_id, l.display_name, l.last_study_day, l.streak_days, l.best_streak_days,"     \
    " l.reminders_enabled FROM learner l WHERE l.id IN (SELECT learner_id FROM in_scope) ORDER BY l.id"
// DISTINCT wants the ORDER BY among the columns: the collated key is the column.
#define QUIZ_PG_REPORT_PACKS                                                                                           \
    "SELECT DISTINCT p.pack_key COLLATE \"C\" FROM attempt a"                                                          \
    " JOIN question_version v ON v.id = a.question_version_id"                                                         \
    " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"                                         \
    " WHERE a.learner_id IN (SELECT learner_id FROM in_scope)"
#define QUIZ_PG_REPORT_PACKS_ORDER " ORDER BY 1"
#define QUIZ_PG_REPORT_ANSWERS                                                                                         \
    "SELECT a.learner_id, p.pack_key, q.question_key, a.chosen_choice, a.correct, a.first_attempt, a.answered_at_ms"   \
    " FROM attempt a JOIN question_version v ON v.id = a.question_version_id"                                          \
    " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"                                         \
    " WHERE a.learner_id IN (SELECT learner_id FROM in_scope)"
#define QUIZ_PG_REPORT_ANSWERS_ORDER " ORDER BY a.answered_at_ms, a.id"
#define QUIZ_PG_REPORT_MEMORIES                                                                                        \
    "SELECT m.learner_id, q.question_key, coalesce(v.content_hash, ''), m.phase, m.stability, m.difficulty,"           \
    " m.scheduled_days, m.learning_step, m.reps, m.lapses, m.due_at_ms, m.last_review_at_ms, m.attempts, m.wrong,"     \
    " m.last_wrong_choice, m.last_misconception, m.first_attempt_correct, m.first_answered_at_ms"                      \
    " FROM memory m JOIN question q ON q.id = m.question_id JOIN pack p ON p.id = q.pack_id"                           \
    " LEFT JOIN question_version v ON v.id = m.version_id"                                                             \
    " WHERE m.learner_id IN (SELECT learner_id FROM in_scope) AND p.pack_key = "
#define QUIZ_PG_REPORT_MEMORIES_ORDER " ORDER BY m.learner_id, m.question_id"
#define QUIZ_PG_REPORT_SKILLS                                                                                          \
    "SELECT c.learner_id, c.concept_key, c.form, c.answers, c.correct FROM concept_mastery c"                          \
    " JOIN pack p ON p.id = c.pack_id WHERE c.learner_id IN (SELECT learner_id FROM in_scope) AND p.pack_key = "
#define QUIZ_PG_REPORT_SKILLS_ORDER " ORDER BY c.learner_id, c.concept_key COLLATE \"C\""
#define QUIZ_PG_REPORT_MODELS                                                                                          \
    "SELECT learner_id, model FROM memory_model WHERE learner_id IN (SELECT learner_id FROM in_scope)"                 \
    " ORDER BY learner_id"

/// One query per scope: everyone (the local operator), a workspace's class, a class narrowed to a channel.
struct report_statements {
    statement everyone;
    statement workspace;
    statement channel;
};

constexpr report_statements report_learners{
    {"report_learners_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_LEARNERS},
    {"report_learners_workspace", QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_LEARNERS},
    {"report_learners_channel", QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_LEARNERS},
};
constexpr report_statements report_packs{
    {"report_packs_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_PACKS QUIZ_PG_REPORT_PACKS_ORDER},
    {"report_packs_workspace",
     QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_PACKS QUIZ_PG_REPORT_CLASS_ANSWERS QUIZ_PG_REPORT_PACKS_ORDER},
    {"report_packs_channel",
     QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_PACKS QUIZ_PG_REPORT_CLASS_ANSWERS QUIZ_PG_REPORT_PACKS_ORDER},
};
constexpr report_statements report_all_answers{
    {"report_answers_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_ANSWERS QUIZ_PG_REPORT_ANSWERS_ORDER},
    {"report_answers_workspace",
     QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_ANSWERS QUIZ_PG_REPORT_CLASS_ANSWERS QUIZ_PG_REPORT_ANSWERS_ORDER},
    {"report_answers_channel",
     QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_ANSWERS QUIZ_PG_REPORT_CLASS_ANSWERS QUIZ_PG_REPORT_ANSWERS_ORDER},
};
constexpr report_statements report_pack_answers{
    {"report_pack_answers_everyone",
     QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_ANSWERS " AND p.pack_key = $1" QUIZ_PG_REPORT_ANSWERS_ORDER},
    {"report_pack_answers_workspace", QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_ANSWERS QUIZ_PG_REPORT_CLASS_ANSWERS
     " AND p.pack_key = $3" QUIZ_PG_REPORT_ANSWERS_ORDER},
    {"report_pack_answers_channel", QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_ANSWERS QUIZ_PG_REPORT_CLASS_ANSWERS
     " AND p.pack_key = $4" QUIZ_PG_REPORT_ANSWERS_ORDER},
};
constexpr report_statements report_memories{
    {"report_memories_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_MEMORIES "$1" QUIZ_PG_REPORT_MEMORIES_ORDER},
    {"report_memories_workspace", QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_MEMORIES "$3" QUIZ_PG_REPORT_MEMORIES_ORDER},
    {"report_memories_channel", QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_MEMORIES "$4" QUIZ_PG_REPORT_MEMORIES_ORDER},
};
constexpr report_statements report_skills{
    {"report_skills_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_SKILLS "$1" QUIZ_PG_REPORT_SKILLS_ORDER},
    {"report_skills_workspace", QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_SKILLS "$3" QUIZ_PG_REPORT_SKILLS_ORDER},
    {"report_skills_channel", QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_SKILLS "$4" QUIZ_PG_REPORT_SKILLS_ORDER},
};
constexpr report_statements report_models{
    {"report_models_everyone", QUIZ_PG_REPORT_EVERYONE QUIZ_PG_REPORT_MODELS},
    {"report_models_workspace", QUIZ_PG_REPORT_WORKSPACE QUIZ_PG_REPORT_MODELS},
    {"report_models_channel", QUIZ_PG_REPORT_CHANNEL QUIZ_PG_REPORT_MODELS},
};

#undef QUIZ_PG_REPORT_EVERYONE
#undef QUIZ_PG_REPORT_CLASS
#undef QUIZ_PG_REPORT_WORKSPACE
#undef QUIZ_PG_REPORT_CHANNEL
#undef QUIZ_PG_REPORT_CLASS_ANSWERS
#undef QUIZ_PG_REPORT_LEARNERS
#undef QUIZ_PG_REPORT_PACKS
#undef QUIZ_PG_REPORT_PACKS_ORDER
#undef QUIZ_PG_REPORT_ANSWERS
#undef QUIZ_PG_REPORT_ANSWERS_ORDER
#undef QUIZ_PG_REPORT_MEMORIES
#undef QUIZ_PG_REPORT_MEMORIES_ORDER
#undef QUIZ_PG_REPORT_SKILLS
#undef QUIZ_PG_REPORT_SKILLS_ORDER
#undef QUIZ_PG_REPORT_MODELS

// The tutor's reads of the population figures (the attempt log's first_attempt_stats, the progress store's
// typical_forms), so that reports predict exactly as the tutor does; here with the order SQLite's rows come in.
constexpr statement report_population{
    "report_population", "SELECT q.question_key, sum(s.first_attempts), sum(s.first_correct) FROM question_stats s"
                         " JOIN question q ON q.id = s.question_id JOIN pack p ON p.id = q.pack_id"
                         " WHERE p.pack_key = $1 GROUP BY q.question_key HAVING sum(s.first_attempts) > 0"
                         " ORDER BY q.question_key COLLATE \"C\""};
constexpr statement report_typical_forms{
    "report_typical_forms", "SELECT t.concept_key, sum(t.form_sum) / sum(t.learners), sum(t.learners)"
                            " FROM concept_form_total t JOIN pack p ON p.id = t.pack_id WHERE p.pack_key = $1"
                            " GROUP BY t.concept_key HAVING sum(t.learners) > 0 ORDER BY t.concept_key COLLATE \"C\""};
constexpr statement report_chosen_language{"report_chosen_language",
                                           "SELECT locale FROM learner WHERE platform = $1 AND external_id = $2"
                                           " AND locale_chosen = 1 AND locale IS NOT NULL"};

const statement& report_pick(const report_statements& statements, const engine::report_scope& scope)
{
    if (!scope.workspace) {
        return statements.everyone;
    }
    return scope.channel ? statements.channel : statements.workspace;
}

/// The scope's parameters, $1 to $3, as report_pick's statement takes them.
params report_scope_params(const engine::report_scope& scope)
{
    params p;
    if (scope.workspace) {
        p.add(scope.workspace->platform).add(scope.workspace->external_id);
        if (scope.channel) {
            // Rounds keep their channel as <platform>:<channel> (bot/tutoring/rounds.cpp).
            p.add(scope.workspace->platform + ":" + *scope.channel);
        }
    }
    return p;
}

/// A column that must fit the C++ type it is read into; a value out of range is damaged data.
template <class Int>
Int report_int(const result& rows, int row, int column)
{
    const std::int64_t value = rows.int64(row, column);
    if (!std::in_range<Int>(value)) {
        throw std::runtime_error("report column " + std::to_string(column) + " holds " + std::to_string(value) +
                                 ", out of range");
    }
    return static_cast<Int>(value);
}

engine::fsrs::card_state report_phase(std::string_view word)
{
    using engine::fsrs::card_state;
    for (const card_state state :
         {card_state::new_card, card_state::learning, card_state::review, card_state::relearning}) {
        if (word == phase_name(state)) {
            return state;
        }
    }
    throw std::runtime_error("memory row has unknown phase '" + std::string(word) + "'");
}

/// The memory in QUIZ_PG_REPORT_MEMORIES's columns, the first of them at column `first`: storage/memory_row.cpp's
/// read_memory, on a PostgreSQL row.
engine::question_memory report_memory_at(const result& rows, int row, int first)
{
    engine::question_memory m;
    m.question = engine::question_key{std::string(rows.text(row, first))};
    m.content_hash = std::string(rows.text(row, first + 1));
    m.card.state = report_phase(rows.text(row, first + 2));
    m.card.stability = rows.real(row, first + 3);
    m.card.difficulty = rows.real(row, first + 4);
    m.card.scheduled_days = report_int<int>(rows, row, first + 5);
    m.card.learning_step = report_int<int>(rows, row, first + 6);
    m.card.reps = report_int<int>(rows, row, first + 7);
    m.card.lapses = report_int<int>(rows, row, first + 8);
    m.card.due = from_ms(rows.int64(row, first + 9));
    if (const auto last = rows.optional_int64(row, first + 10)) {
        m.card.last_review = from_ms(*last);
    }
    m.attempts = report_int<int>(rows, row, first + 11);
    m.wrong = report_int<int>(rows, row, first + 12);
    if (!rows.is_null(row, first + 13)) {
        m.last_wrong_choice = report_int<std::uint32_t>(rows, row, first + 13);
    }
    if (auto misconception = rows.optional_text(row, first + 14)) {
        m.last_misconception = engine::misconception_key{std::move(*misconception)};
    }
    if (const auto correct = rows.optional_int64(row, first + 15)) {
        m.first_attempt_correct = *correct != 0;
    }
    if (const auto first_at = rows.optional_int64(row, first + 16)) {
        m.first_answered_at = from_ms(*first_at);
    }
    return m;
}

} // namespace

pg_report_source::snapshot::snapshot(pool& connections)
{
    if (in_transaction()) {
        return; // the thread's transaction is the snapshot already
    }
    lease_.emplace(connections.acquire());
    reads_.emplace(**lease_, transaction::kind::reads);
}

pg_report_source::pg_report_source(pool& connections) : pool_(connections) {}

template <class Read>
auto pg_report_source::in_snapshot(Read read)
{
    if (in_transaction()) {
        return read(current_connection());
    }
    const auto lease = pool_.acquire();
    transaction reads(*lease, transaction::kind::reads);
    auto rows = read(*lease);
    reads.commit();
    return rows;
}

std::vector<engine::report_learner> pg_report_source::learners(const engine::report_scope& scope)
{
    return in_snapshot([&scope](connection& db) {
        const result found = db.run(report_pick(report_learners, scope), report_scope_params(scope));
        std::vector<engine::report_learner> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            engine::report_learner row;
            row.id = engine::learner_id{found.int64(i, 0)};
            row.identity = {std::string(found.text(i, 1)), std::string(found.text(i, 2))};
            row.display_name = std::string(found.text(i, 3));
            row.profile.id = row.id;
            row.profile.last_study_day = found.optional_int64(i, 4);
            row.profile.streak_days = report_int<int>(found, i, 5);
            row.profile.best_streak_days = report_int<int>(found, i, 6);
            row.reminders = found.int64(i, 7) != 0;
            rows.push_back(std::move(row));
        }
        return rows;
    });
}

std::vector<engine::pack_key> pg_report_source::packs(const engine::report_scope& scope)
{
    return in_snapshot([&scope](connection& db) {
        const result found = db.run(report_pick(report_packs, scope), report_scope_params(scope));
        std::vector<engine::pack_key> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.emplace_back(std::string(found.text(i, 0)));
        }
        return rows;
    });
}

std::vector<engine::report_answer> pg_report_source::answers(const engine::report_scope& scope,
                                                             const std::optional<engine::pack_key>& pack)
{
    return in_snapshot([&scope, &pack](connection& db) {
        params p = report_scope_params(scope);
        if (pack) {
            p.add(pack->value());
        }
        const result found = db.run(report_pick(pack ? report_pack_answers : report_all_answers, scope), p);
        std::vector<engine::report_answer> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::learner_id{found.int64(i, 0)}, engine::pack_key{std::string(found.text(i, 1))},
                            engine::question_key{std::string(found.text(i, 2))}, report_int<std::uint32_t>(found, i, 3),
                            found.int64(i, 4) != 0, found.int64(i, 5) != 0, from_ms(found.int64(i, 6))});
        }
        return rows;
    });
}

std::vector<engine::report_memory> pg_report_source::memories(const engine::report_scope& scope,
                                                              const engine::pack_key& pack)
{
    return in_snapshot([&scope, &pack](connection& db) {
        const result found = db.run(report_pick(report_memories, scope), report_scope_params(scope).add(pack.value()));
        std::vector<engine::report_memory> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::learner_id{found.int64(i, 0)}, report_memory_at(found, i, 1)});
        }
        return rows;
    });
}

std::vector<engine::report_skill> pg_report_source::skills(const engine::report_scope& scope,
                                                           const engine::pack_key& pack)
{
    return in_snapshot([&scope, &pack](connection& db) {
        const result found = db.run(report_pick(report_skills, scope), report_scope_params(scope).add(pack.value()));
        std::vector<engine::report_skill> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::learner_id{found.int64(i, 0)},
                            {engine::concept_key{std::string(found.text(i, 1))}, found.real(i, 2),
                             report_int<int>(found, i, 3), report_int<int>(found, i, 4)}});
        }
        return rows;
    });
}

std::vector<engine::report_recall_model> pg_report_source::recall_models(const engine::report_scope& scope)
{
    return in_snapshot([&scope](connection& db) {
        const result found = db.run(report_pick(report_models, scope), report_scope_params(scope));
        std::vector<engine::report_recall_model> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::learner_id{found.int64(i, 0)}, decode_recall_model(found.text(i, 1))});
        }
        return rows;
    });
}

std::vector<engine::question_stats> pg_report_source::population(const engine::pack_key& pack)
{
    return in_snapshot([&pack](connection& db) {
        const result found = db.run(report_population, params{}.add(pack.value()));
        std::vector<engine::question_stats> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::question_key{std::string(found.text(i, 0))}, report_int<int>(found, i, 1),
                            report_int<int>(found, i, 2)});
        }
        return rows;
    });
}

std::vector<engine::concept_skill> pg_report_source::typical_forms(const engine::pack_key& pack)
{
    return in_snapshot([&pack](connection& db) {
        const result found = db.run(report_typical_forms, params{}.add(pack.value()));
        std::vector<engine::concept_skill> rows;
        rows.reserve(static_cast<std::size_t>(found.rows()));
        for (int i = 0; i < found.rows(); ++i) {
            rows.push_back({engine::concept_key{std::string(found.text(i, 0))}, found.real(i, 1),
                            report_int<int>(found, i, 2), 0});
        }
        return rows;
    });
}

std::optional<engine::language> pg_report_source::chosen_language(const engine::platform_identity& who)
{
    return in_snapshot([&who](connection& db) -> std::optional<engine::language> {
        const result found = db.run(report_chosen_language, params{}.add(who.platform).add(who.external_id));
        if (found.empty()) {
            return std::nullopt;
        }
        return engine::parse_language(found.text(0, 0));
    });
}

} // namespace quiz::storage::postgres
