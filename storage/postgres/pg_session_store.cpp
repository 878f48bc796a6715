// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_session_store.hpp"
#include "storage/stored_values.hpp"

#include "storage/postgres/transaction.hpp"
#include "storage/sql_values.hpp"
#include "storage/state_codec.hpp"

#include <set>
#include <stdexcept>
#include <string>

namespace quiz::storage::postgres {

namespace {

const char* session_status_column(engine::session_phase phase)
{
    return phase == engine::session_phase::ended ? "ended" : "active";
}
const char* round_status_column(engine::round_phase phase)
{
    return phase == engine::round_phase::ended ? "ended" : "active";
}

// ---- sessions' statements ----

constexpr statement session_insert{
    "session_store.insert", "INSERT INTO session (learner_id, workspace_id, pack_id, venue, status, started_at_ms,"
                            " state_format, state) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"};
// The learner's lock in a statement of its own, before the read: a lock taken in the statement that joins session
// to learner re-checks only the learner's row once the holder commits (READ COMMITTED), and would return the
// session as it was before that commit.
constexpr statement session_lock_by_session{
    "session_store.lock_by_session",
    "SELECT 1 FROM learner WHERE id = (SELECT learner_id FROM session WHERE id = $1) FOR NO KEY UPDATE"};
constexpr statement session_lock_learner{"session_store.lock_learner",
                                         "SELECT 1 FROM learner WHERE id = $1 FOR NO KEY UPDATE"};
constexpr statement session_find{"session_store.find", "SELECT id, state_format, state FROM session WHERE id = $1"};
constexpr statement session_active{"session_store.active",
                                   "SELECT id, state_format, state FROM session WHERE learner_id = $1"
                                   " AND status = 'active' ORDER BY id DESC LIMIT 1"};
constexpr statement session_update{"session_store.update",
                                   "UPDATE session SET status = $2, state_format = $3, state = $4 WHERE id = $1"};

std::optional<engine::session_state> session_read_one(const result& rows)
{
    if (rows.empty()) {
        return std::nullopt;
    }
    return decode_session(rows.text(0, 2), static_cast<int>(rows.int64(0, 1)), engine::session_id{rows.int64(0, 0)});
}

// ---- rounds' statements ----

constexpr statement round_insert{"round_store.insert",
                                 "INSERT INTO group_round (workspace_id, channel_id, host_id, pack_id, status,"
                                 " state_format, state) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"};
// One table: once the lock is granted, the re-check returns the row as its holder committed it.
constexpr statement round_find{"round_store.find",
                               "SELECT id, state_format, state FROM group_round WHERE id = $1 FOR NO KEY UPDATE"};
// Held until the transaction ends, whether or not a round is found: the lock covers the round not there yet. The
// prefix keeps these keys apart from the other advisory locks' (hashtext spans the int4 range).
constexpr statement round_lock_channel{
    "round_store.lock_channel", "SELECT pg_advisory_xact_lock(hashtext('round ' || $1::bigint || ' ' || $2::text))"};
constexpr statement round_active{"round_store.active",
                                 "SELECT id, state_format, state FROM group_round WHERE workspace_id = $1"
                                 " AND channel_id = $2 AND status = 'active' ORDER BY id DESC LIMIT 1"
                                 " FOR NO KEY UPDATE"};
constexpr statement round_update{
    "round_store.update",
    "UPDATE group_round SET status = $2, host_id = $3, state_format = $4, state = $5 WHERE id = $1"};
constexpr statement round_add_participants{"round_store.add_participants",
                                           "INSERT INTO round_participant (round_id, learner_id)"
                                           " SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING"};
constexpr statement round_all_active{"round_store.all_active",
                                     "SELECT id, state_format, state FROM group_round WHERE status = 'active'"
                                     " ORDER BY id"};
// attempt_by_round; ids grow with time.
constexpr statement round_attempts_of{"round_store.attempts",
                                      "SELECT a.learner_id, q.question_key, a.correct FROM attempt a"
                                      " JOIN question_version v ON v.id = a.question_version_id"
                                      " JOIN question q ON q.id = v.question_id WHERE a.round_id = $1 ORDER BY a.id"};

engine::round_state round_read(const result& rows, int row)
{
    return decode_round(rows.text(row, 2), static_cast<int>(rows.int64(row, 1)), engine::round_id{rows.int64(row, 0)});
}

// A host forgotten by `quizbot forget` is id 0 in the state and NULL in the column.
std::optional<std::int64_t> round_host_column(const engine::round_state& state)
{
    return state.host.value() == 0 ? std::nullopt : std::optional(state.host.value());
}

} // namespace

// ---- sessions ----

engine::session_id pg_session_store::add(const engine::session_state& state)
{
    const std::int64_t pack_id = ids_.ensure_pack(state.pack);
    const result row = current_connection().run(
        session_insert, params()
                            .add(state.learner.value())
                            .add(state.workspace ? std::optional(state.workspace->value()) : std::nullopt)
                            .add(pack_id)
                            .add(engine::name(state.where))
                            .add(session_status_column(state.phase))
                            .add(to_ms(state.started_at))
                            .add(session_state_format)
                            .add(encode_session(state)));
    return engine::session_id{row.int64(0, 0)};
}

std::optional<engine::session_state> pg_session_store::find(engine::session_id id)
{
    connection& db = current_connection();
    db.defer(session_lock_by_session, params().add(id.value())); // travels with the read
    return session_read_one(db.run(session_find, params().add(id.value())));
}

std::optional<engine::session_state> pg_session_store::active_for(engine::learner_id learner)
{
    connection& db = current_connection();
    db.defer(session_lock_learner, params().add(learner.value())); // travels with the read
    return session_read_one(db.run(session_active, params().add(learner.value())));
}

void pg_session_store::save(const engine::session_state& state)
{
    current_connection().defer_changing(session_update,
                                        params()
                                            .add(state.id.value())
                                            .add(session_status_column(state.phase))
                                            .add(session_state_format)
                                            .add(encode_session(state)),
                                        "saving session " + std::to_string(state.id.value()) +
                                            ", which was never added");
}

// ---- rounds ----

engine::round_id pg_round_store::add(const engine::round_state& state)
{
    const std::int64_t pack_id = ids_.ensure_pack(state.pack);
    const result row = current_connection().run(round_insert, params()
                                                                  .add(state.workspace.value())
                                                                  .add(state.channel)
                                                                  .add(round_host_column(state))
                                                                  .add(pack_id)
                                                                  .add(round_status_column(state.phase))
                                                                  .add(round_state_format)
                                                                  .add(encode_round(state)));
    const engine::round_id id{row.int64(0, 0)};
    sync_participants(id, state);
    return id;
}

std::optional<engine::round_state> pg_round_store::find(engine::round_id id)
{
    const result rows = current_connection().run(round_find, params().add(id.value()));
    if (rows.empty()) {
        return std::nullopt;
    }
    return round_read(rows, 0);
}

std::optional<engine::round_state> pg_round_store::active_in(engine::workspace_id workspace, const std::string& channel)
{
    connection& db = current_connection();
    db.defer(round_lock_channel, params().add(workspace.value()).add(channel)); // travels with the read
    const result rows = db.run(round_active, params().add(workspace.value()).add(channel));
    if (rows.empty()) {
        return std::nullopt;
    }
    return round_read(rows, 0);
}

void pg_round_store::save(const engine::round_state& state)
{
    current_connection().defer_changing(round_update,
                                        params()
                                            .add(state.id.value())
                                            .add(round_status_column(state.phase))
                                            .add(round_host_column(state))
                                            .add(round_state_format)
                                            .add(encode_round(state)),
                                        "saving round " + std::to_string(state.id.value()) + ", which was never added");
    sync_participants(state.id, state);
}

std::vector<engine::round_deadline> pg_round_store::open_deadlines()
{
    const result rows = current_connection().run(round_all_active);
    std::vector<engine::round_deadline> open;
    for (int i = 0; i < rows.rows(); ++i) {
        const auto state = round_read(rows, i);
        if (state.phase == engine::round_phase::open) {
            open.push_back({state.id, state.deadline});
        }
    }
    return open;
}

// Participation only grows: whoever took part stays listed (forget is the one thing that removes a learner).
void pg_round_store::sync_participants(engine::round_id id, const engine::round_state& state)
{
    const auto people = storage::participants_of(state);
    if (people.empty()) {
        return;
    }
    // One statement for everyone, as an array literal: {1,2,3}.
    std::string ids = "{";
    for (const std::int64_t learner : people) {
        if (ids.size() > 1) {
            ids += ',';
        }
        ids += std::to_string(learner);
    }
    ids += '}';
    current_connection().defer(round_add_participants, params().add(id.value()).add(ids));
}

std::vector<engine::round_attempt> pg_round_store::round_attempts(engine::round_id round)
{
    const result rows = current_connection().run(round_attempts_of, params().add(round.value()));
    std::vector<engine::round_attempt> found;
    found.reserve(static_cast<std::size_t>(rows.rows()));
    for (int i = 0; i < rows.rows(); ++i) {
        found.push_back({engine::learner_id{rows.int64(i, 0)}, engine::question_key{std::string(rows.text(i, 1))},
                         rows.int64(i, 2) != 0});
    }
    return found;
}

} // namespace quiz::storage::postgres
