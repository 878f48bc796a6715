// SPDX-License-Identifier: MIT
#include "storage/sqlite_session_store.hpp"
#include "storage/stored_values.hpp"

#include "storage/sql_values.hpp"
#include "storage/state_codec.hpp"
#include "storage/statement_use.hpp"

#include <SQLiteCpp/Database.h>

#include <set>
#include <stdexcept>
#include <string>

namespace quiz::storage {

namespace {

const char* status_of(engine::session_phase phase)
{
    return phase == engine::session_phase::ended ? "ended" : "active";
}
const char* status_of(engine::round_phase phase) { return phase == engine::round_phase::ended ? "ended" : "active"; }

} // namespace

// ---- sessions ----

sqlite_session_store::sqlite_session_store(SQLite::Database& db, sqlite_content_ids& ids)
    : db_(db), ids_(ids),
      insert_(db, "INSERT INTO session (learner_id, workspace_id, pack_id, venue, status, started_at_ms,"
                  " state_format, state) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
      find_(db, "SELECT id, state_format, state FROM session WHERE id = ?1"),
      active_(db, "SELECT id, state_format, state FROM session WHERE learner_id = ?1 AND status = 'active'"
                  " ORDER BY id DESC LIMIT 1"),
      update_(db, "UPDATE session SET status = ?2, state_format = ?3, state = ?4 WHERE id = ?1")
{
}

engine::session_id sqlite_session_store::add(const engine::session_state& state)
{
    const std::int64_t pack_id = ids_.ensure_pack(state.pack);
    const statement_use use(insert_);
    use->bind(1, state.learner.value());
    bind_optional(*use, 2, state.workspace ? std::optional(state.workspace->value()) : std::nullopt);
    use->bind(3, pack_id);
    use->bind(4, std::string(engine::name(state.where)));
    use->bind(5, status_of(state.phase));
    use->bind(6, to_ms(state.started_at));
    use->bind(7, session_state_format);
    use->bind(8, encode_session(state));
    use->exec();
    return engine::session_id{db_.getLastInsertRowid()};
}

std::optional<engine::session_state> sqlite_session_store::read_one(SQLite::Statement& query)
{
    if (!query.executeStep()) {
        return std::nullopt;
    }
    return decode_session(query.getColumn(2).getString(), query.getColumn(1).getInt(),
                          engine::session_id{query.getColumn(0).getInt64()});
}

std::optional<engine::session_state> sqlite_session_store::find(engine::session_id id)
{
    const statement_use use(find_);
    use->bind(1, id.value());
    return read_one(*use);
}

std::optional<engine::session_state> sqlite_session_store::active_for(engine::learner_id learner)
{
    const statement_use use(active_);
    use->bind(1, learner.value());
    return read_one(*use);
}

void sqlite_session_store::save(const engine::session_state& state)
{
    const statement_use use(update_);
    use->bind(1, state.id.value());
    use->bind(2, status_of(state.phase));
    use->bind(3, session_state_format);
    use->bind(4, encode_session(state));
    if (use->exec() == 0) {
        throw std::logic_error("saving session " + std::to_string(state.id.value()) + ", which was never added");
    }
}

// ---- rounds ----

sqlite_round_store::sqlite_round_store(SQLite::Database& db, sqlite_content_ids& ids)
    : db_(db), ids_(ids),
      insert_(db, "INSERT INTO group_round (workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
                  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
      find_(db, "SELECT id, state_format, state FROM group_round WHERE id = ?1"),
      active_(db, "SELECT id, state_format, state FROM group_round WHERE workspace_id = ?1 AND channel_id = ?2"
                  " AND status = 'active' ORDER BY id DESC LIMIT 1"),
      update_(db, "UPDATE group_round SET status = ?2, host_id = ?3, state_format = ?4, state = ?5 WHERE id = ?1"),
      add_participant_(db, "INSERT OR IGNORE INTO round_participant (round_id, learner_id) VALUES (?1, ?2)"),
      all_active_(db, "SELECT id, state_format, state FROM group_round WHERE status = 'active' ORDER BY id"),
      // attempt_by_round; ids grow with time.
      attempts_(db, "SELECT a.learner_id, q.question_key, a.correct FROM attempt a"
                    " JOIN question_version v ON v.id = a.question_version_id"
                    " JOIN question q ON q.id = v.question_id WHERE a.round_id = ?1 ORDER BY a.id")
{
}

namespace {
// A host forgotten by `quizbot forget` is id 0 in the state and NULL in the column.
std::optional<std::int64_t> host_column(const engine::round_state& state)
{
    return state.host.value() == 0 ? std::nullopt : std::optional(state.host.value());
}
} // namespace

engine::round_id sqlite_round_store::add(const engine::round_state& state)
{
    const std::int64_t pack_id = ids_.ensure_pack(state.pack);
    engine::round_id id;
    {
        const statement_use use(insert_);
        use->bind(1, state.workspace.value());
        use->bind(2, state.channel);
        bind_optional(*use, 3, host_column(state));
        use->bind(4, pack_id);
        use->bind(5, status_of(state.phase));
        use->bind(6, round_state_format);
        use->bind(7, encode_round(state));
        use->exec();
        id = engine::round_id{db_.getLastInsertRowid()};
    }
    sync_participants(id, state);
    return id;
}

std::optional<engine::round_state> sqlite_round_store::read_one(SQLite::Statement& query)
{
    if (!query.executeStep()) {
        return std::nullopt;
    }
    return decode_round(query.getColumn(2).getString(), query.getColumn(1).getInt(),
                        engine::round_id{query.getColumn(0).getInt64()});
}

std::optional<engine::round_state> sqlite_round_store::find(engine::round_id id)
{
    const statement_use use(find_);
    use->bind(1, id.value());
    return read_one(*use);
}

std::optional<engine::round_state> sqlite_round_store::active_in(engine::workspace_id workspace,
                                                                 const std::string& channel)
{
    const statement_use use(active_);
    use->bind(1, workspace.value());
    use->bind(2, channel);
    return read_one(*use);
}

void sqlite_round_store::save(const engine::round_state& state)
{
    {
        const statement_use use(update_);
        use->bind(1, state.id.value());
        use->bind(2, status_of(state.phase));
        bind_optional(*use, 3, host_column(state));
        use->bind(4, round_state_format);
        use->bind(5, encode_round(state));
        if (use->exec() == 0) {
            throw std::logic_error("saving round " + std::to_string(state.id.value()) + ", which was never added");
        }
    }
    sync_participants(state.id, state);
}

std::vector<engine::round_deadline> sqlite_round_store::open_deadlines()
{
    const statement_use use(all_active_);
    std::vector<engine::round_deadline> open;
    while (use->executeStep()) {
        const auto state = decode_round(use->getColumn(2).getString(), use->getColumn(1).getInt(),
                                        engine::round_id{use->getColumn(0).getInt64()});
        if (state.phase == engine::round_phase::open) {
            open.push_back({state.id, state.deadline});
        }
    }
    return open;
}

// Participation only grows: whoever took part stays listed (forget is the one thing that removes a learner).
void sqlite_round_store::sync_participants(engine::round_id id, const engine::round_state& state)
{
    for (const std::int64_t learner : participants_of(state)) {
        const statement_use use(add_participant_);
        use->bind(1, id.value());
        use->bind(2, learner);
        use->exec();
    }
}

std::vector<engine::round_attempt> sqlite_round_store::round_attempts(engine::round_id round)
{
    const statement_use use(attempts_);
    use->bind(1, round.value());
    std::vector<engine::round_attempt> rows;
    while (use->executeStep()) {
        rows.push_back({engine::learner_id{use->getColumn(0).getInt64()},
                        engine::question_key{use->getColumn(1).getString()}, use->getColumn(2).getInt() != 0});
    }
    return rows;
}

} // namespace quiz::storage
