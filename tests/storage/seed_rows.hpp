// SPDX-License-Identifier: MIT
#pragma once

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <string>

namespace quiz::storage::test {

/// A session and a round as state format 1 stores them (learner 1 in workspace 1, pack zero-sharded).
inline constexpr const char* session_state_v1 =
    R"({"learner":1,"workspace":1,"pack":"zero-sharded","where":"dm","lang":"fr",)"
    R"("options":{"scope":"everything","only_concept":null,"length":0},"seed":7,"started_at":1000,)"
    R"("phase":"asking","sequence":1,"current":{"question":"stage1-state","order":[2,0,1,3],"reason":"fresh",)"
    R"("shown_at":1000},"retries":[],"follow_up":null,"results":[],"planned":10})";
inline constexpr const char* round_state_v1 =
    R"({"workspace":1,"channel":"77","host":1,"pack":"zero-sharded","lang":"fr","seed":7,)"
    R"("options":{"questions":5,"min_time_s":30,"max_time_s":120},"phase":"open","sequence":1,)"
    R"("question":"stage1-state","order":[2,0,1,3],"opened_at":1000,"deadline":61000,"closed_by":null,)"
    R"("answers":[{"learner":1,"displayed":0,"chosen":2,"correct":true,"response_ms":5400}],)"
    R"("players":[{"learner":1,"joined_at":1000,"present":0,"answered":1,"correct":1,"answer_ms":5400}],)"
    R"("asked":["stage1-state"]})";

/// Inserts, with plain SQL, one or two rows into each table that schema version `version` introduced, so that
/// tests can check rows survive later migrations. Call it for 1..version in order.
inline void seed_version(SQLite::Database& db, int version)
{
    switch (version) {
    case 1:
        db.exec("INSERT INTO workspace (id, platform, external_id, name) VALUES (1, 'discord', '1100', 'GPU club');"
                "INSERT INTO learner (id, platform, external_id, display_name, locale)"
                " VALUES (1, 'discord', '42', 'Ada', 'fr'), (2, 'local', 'bob', 'Bob', NULL);"
                "INSERT INTO membership (workspace_id, learner_id, role)"
                " VALUES (1, 1, 'instructor'), (1, 2, 'learner');");
        break;
    case 2:
        db.exec("INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded');"
                "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'stage1-state');"
                "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'aa11'), (2, 1, 'bb22');");
        break;
    case 3:
        db.exec(std::string("INSERT INTO session (id, learner_id, workspace_id, pack_id, venue, status, started_at_ms,"
                            " state_format, state) VALUES (1, 1, 1, 1, 'dm', 'active', 1000, 1, '") +
                session_state_v1 +
                "');"
                "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
                " VALUES (1, 1, '77', 1, 1, 'active', 1, '" +
                round_state_v1 +
                "');"
                "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 1);"
                "INSERT INTO processed_event (platform, event_id, received_at_ms) VALUES ('discord', 'ev1', 1000);");
        break;
    case 4:
        db.exec("INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, due_at_ms)"
                " VALUES (1, 1, 1, 'review', 3.5, 5.25, 90000);"
                "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct)"
                " VALUES (1, 1, 'zero-stages', -0.25, 4, 1);"
                "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
                " shown_order, correct, rating, first_attempt, response_ms, venue, workspace_id, session_id,"
                " answered_at_ms, next_due_at_ms, retry_in_session) VALUES ('discord:interaction:1', 1, 1, 2, 0,"
                " '2,0,1,3', 1, 3, 1, 5400, 'dm', 1, 1, 1000, 90000, 0);");
        break;
    case 5:
        db.exec("INSERT INTO reminder_log (learner_id, kind, local_date, due_count, sent_at_ms)"
                " VALUES (1, 'due_reviews', '2026-01-05', 3, 1000);");
        break;
    case 6:
        db.exec("INSERT INTO memory_model (learner_id, model, weights, answer_count, fitted_at_ms)"
                " VALUES (1, '{}', '0.2 1.3', 70, 1000);");
        break;
    case 10:
        db.exec("UPDATE learner SET reminders_enabled = 1, reminder_minute = 1080, time_zone = 'Europe/Paris'"
                " WHERE id = 1;"
                "INSERT INTO reminder_schedule (learner_id, next_at_ms, last_sent_at_ms, last_sent_day,"
                " ignored_in_a_row) VALUES (1, 90000, 1000, '2026-01-05', 1);");
        break;
    case 12:
        db.exec("INSERT INTO outbox (id, kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms,"
                " next_at_ms) VALUES (1, 'reminder', 'reminder:1', 1, '{}', 1000, 9000, 1000),"
                " (2, 'reminder', 'reminder:2', 2, '{}', 1000, 9000, 1000);");
        break;
    default:
        break;
    }
}

inline std::int64_t count_rows(SQLite::Database& db, const std::string& table)
{
    return db.execAndGet("SELECT count(*) FROM " + table).getInt64();
}

} // namespace quiz::storage::test
