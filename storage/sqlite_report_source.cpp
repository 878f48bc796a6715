// SPDX-License-Identifier: MIT
#include "storage/sqlite_report_source.hpp"

#include "storage/memory_row.hpp"
#include "storage/recall_model_codec.hpp"
#include "storage/sql_values.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <string>

namespace quiz::storage {

namespace {

/// `WITH in_scope(learner_id) AS (...)`: the learners a scope covers, for a query to join or filter on. Instructors
/// are not a class's learners; a channel narrows a class to those who played a round in it.
std::string with_scope(const engine::report_scope& scope)
{
    if (!scope.workspace) {
        return "WITH in_scope(learner_id) AS (SELECT id FROM learner) ";
    }
    std::string sql = "WITH in_scope(learner_id) AS (SELECT ms.learner_id FROM membership ms"
                      " JOIN workspace w ON w.id = ms.workspace_id"
                      " WHERE w.platform = :platform AND w.external_id = :external_id AND ms.role = 'learner'";
    if (scope.channel) {
        sql += " AND ms.learner_id IN (SELECT rp.learner_id FROM round_participant rp"
               " JOIN group_round g ON g.id = rp.round_id WHERE g.workspace_id = w.id AND g.channel_id = :channel)";
    }
    return sql + ") ";
}

/// A class's answers: those given in its workspace, and those that name no workspace (the tutoring layer records
/// none for a session's answers); never those given in another workspace. Every answer for the local operator.
std::string answer_filter(const engine::report_scope& scope)
{
    return scope.workspace ? " AND (a.workspace_id IS NULL OR a.workspace_id = (SELECT id FROM workspace"
                             " WHERE platform = :platform AND external_id = :external_id))"
                           : "";
}

/// A statement over the scope, with the scope's parameters bound.
SQLite::Statement scoped(SQLite::Database& db, const engine::report_scope& scope, const std::string& sql)
{
    SQLite::Statement statement(db, sql);
    if (scope.workspace) {
        statement.bind(":platform", scope.workspace->platform);
        statement.bind(":external_id", scope.workspace->external_id);
        if (scope.channel) {
            // Rounds keep their channel as <platform>:<channel> (bot/tutoring/rounds.cpp).
            statement.bind(":channel", scope.workspace->platform + ":" + *scope.channel);
        }
    }
    return statement;
}

} // namespace

sqlite_report_source::sqlite_report_source(SQLite::Database& db)
    : db_(db), ids_(db), attempts_(db, ids_), progress_(db, ids_)
{
}

std::vector<engine::report_learner> sqlite_report_source::learners(const engine::report_scope& scope)
{
    auto query = scoped(db_, scope,
                        with_scope(scope) + "SELECT l.id, l.platform, l.external_id, l.display_name, l.last_study_day,"
                                            " l.streak_days, l.best_streak_days, l.reminders_enabled FROM learner l"
                                            " WHERE l.id IN (SELECT learner_id FROM in_scope) ORDER BY l.id");
    std::vector<engine::report_learner> rows;
    while (query.executeStep()) {
        engine::report_learner row;
        row.id = engine::learner_id{query.getColumn(0).getInt64()};
        row.identity = {query.getColumn(1).getString(), query.getColumn(2).getString()};
        row.display_name = query.getColumn(3).getString();
        row.profile.id = row.id;
        row.profile.last_study_day = optional_int(query.getColumn(4));
        row.profile.streak_days = checked_int<int>(query.getColumn(5));
        row.profile.best_streak_days = checked_int<int>(query.getColumn(6));
        row.reminders = query.getColumn(7).getInt() != 0;
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<engine::pack_key> sqlite_report_source::packs(const engine::report_scope& scope)
{
    auto query = scoped(db_, scope,
                        with_scope(scope) +
                            "SELECT DISTINCT p.pack_key FROM attempt a"
                            " JOIN question_version v ON v.id = a.question_version_id"
                            " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"
                            " WHERE a.learner_id IN (SELECT learner_id FROM in_scope)" +
                            answer_filter(scope) + " ORDER BY p.pack_key");
    std::vector<engine::pack_key> rows;
    while (query.executeStep()) {
        rows.emplace_back(query.getColumn(0).getString());
    }
    return rows;
}

std::vector<engine::report_answer> sqlite_report_source::answers(const engine::report_scope& scope,
                                                                 const std::optional<engine::pack_key>& pack)
{
    auto query =
        scoped(db_, scope,
               with_scope(scope) +
                   "SELECT a.learner_id, p.pack_key, q.question_key, a.chosen_choice, a.correct,"
                   " a.first_attempt, a.answered_at_ms FROM attempt a"
                   " JOIN question_version v ON v.id = a.question_version_id"
                   " JOIN question q ON q.id = v.question_id JOIN pack p ON p.id = q.pack_id"
                   " WHERE a.learner_id IN (SELECT learner_id FROM in_scope)" +
                   answer_filter(scope) + (pack ? " AND p.pack_key = :pack" : "") + " ORDER BY a.answered_at_ms, a.id");
    if (pack) {
        query.bind(":pack", pack->value());
    }
    std::vector<engine::report_answer> rows;
    while (query.executeStep()) {
        rows.push_back({engine::learner_id{query.getColumn(0).getInt64()},
                        engine::pack_key{query.getColumn(1).getString()},
                        engine::question_key{query.getColumn(2).getString()},
                        checked_int<std::uint32_t>(query.getColumn(3)), query.getColumn(4).getInt() != 0,
                        query.getColumn(5).getInt() != 0, from_ms(query.getColumn(6).getInt64())});
    }
    return rows;
}

std::vector<engine::report_memory> sqlite_report_source::memories(const engine::report_scope& scope,
                                                                  const engine::pack_key& pack)
{
    auto query = scoped(db_, scope,
                        with_scope(scope) + "SELECT m.learner_id, " + memory_columns +
                            " FROM memory m JOIN question q ON q.id = m.question_id JOIN pack p ON p.id = q.pack_id"
                            " LEFT JOIN question_version v ON v.id = m.version_id"
                            " WHERE p.pack_key = :pack AND m.learner_id IN (SELECT learner_id FROM in_scope)"
                            " ORDER BY m.learner_id");
    query.bind(":pack", pack.value());
    std::vector<engine::report_memory> rows;
    while (query.executeStep()) {
        rows.push_back({engine::learner_id{query.getColumn(0).getInt64()}, read_memory(query, 1)});
    }
    return rows;
}

std::vector<engine::report_skill> sqlite_report_source::skills(const engine::report_scope& scope,
                                                               const engine::pack_key& pack)
{
    auto query = scoped(db_, scope,
                        with_scope(scope) +
                            "SELECT c.learner_id, c.concept_key, c.form, c.answers, c.correct FROM concept_mastery c"
                            " JOIN pack p ON p.id = c.pack_id"
                            " WHERE p.pack_key = :pack AND c.learner_id IN (SELECT learner_id FROM in_scope)"
                            " ORDER BY c.learner_id");
    query.bind(":pack", pack.value());
    std::vector<engine::report_skill> rows;
    while (query.executeStep()) {
        rows.push_back({engine::learner_id{query.getColumn(0).getInt64()},
                        {engine::concept_key{query.getColumn(1).getString()}, query.getColumn(2).getDouble(),
                         checked_int<int>(query.getColumn(3)), checked_int<int>(query.getColumn(4))}});
    }
    return rows;
}

std::vector<engine::report_recall_model> sqlite_report_source::recall_models(const engine::report_scope& scope)
{
    auto query = scoped(db_, scope,
                        with_scope(scope) + "SELECT learner_id, model FROM memory_model"
                                            " WHERE learner_id IN (SELECT learner_id FROM in_scope)"
                                            " ORDER BY learner_id");
    std::vector<engine::report_recall_model> rows;
    while (query.executeStep()) {
        rows.push_back(
            {engine::learner_id{query.getColumn(0).getInt64()}, decode_recall_model(query.getColumn(1).getString())});
    }
    return rows;
}

std::vector<engine::question_stats> sqlite_report_source::population(const engine::pack_key& pack)
{
    return attempts_.first_attempt_stats(pack);
}

std::vector<engine::concept_skill> sqlite_report_source::typical_forms(const engine::pack_key& pack)
{
    return progress_.typical_forms(pack);
}

std::optional<engine::language> sqlite_report_source::chosen_language(const engine::platform_identity& who)
{
    SQLite::Statement q(db_, "SELECT locale FROM learner WHERE platform = ?1 AND external_id = ?2"
                             " AND locale_chosen = 1 AND locale IS NOT NULL");
    q.bind(1, who.platform);
    q.bind(2, who.external_id);
    if (!q.executeStep()) {
        return std::nullopt;
    }
    return engine::parse_language(q.getColumn(0).getString());
}

} // namespace quiz::storage
