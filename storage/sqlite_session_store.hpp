// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/round_store.hpp"
#include "engine/tutor/ports.hpp"
#include "storage/sqlite_content_ids.hpp"

#include <SQLiteCpp/Statement.h>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Sessions as JSON state (storage/state_codec.hpp) plus the columns queries need: learner, status.
class sqlite_session_store final : public engine::session_store {
public:
    sqlite_session_store(SQLite::Database& db, sqlite_content_ids& ids);

    engine::session_id add(const engine::session_state& state) override;
    [[nodiscard]] std::optional<engine::session_state> find(engine::session_id id) override;
    /// The most recent active one, should there ever be several.
    [[nodiscard]] std::optional<engine::session_state> active_for(engine::learner_id learner) override;
    /// Throws std::logic_error for an id that was never added.
    void save(const engine::session_state& state) override;

private:
    std::optional<engine::session_state> read_one(SQLite::Statement& query);

    SQLite::Database& db_;
    sqlite_content_ids& ids_;
    SQLite::Statement insert_;
    SQLite::Statement find_;
    SQLite::Statement active_;
    SQLite::Statement update_;
};

/// Group rounds as JSON state plus workspace, channel, host and status columns; round_participant lists everyone
/// a saved state ever named (host, players, answerers).
class sqlite_round_store final : public engine::round_store {
public:
    sqlite_round_store(SQLite::Database& db, sqlite_content_ids& ids);

    engine::round_id add(const engine::round_state& state) override;
    [[nodiscard]] std::optional<engine::round_state> find(engine::round_id id) override;
    /// The most recent active round of the channel, should there ever be several.
    [[nodiscard]] std::optional<engine::round_state> active_in(engine::workspace_id workspace,
                                                               const std::string& channel) override;
    /// Throws std::logic_error for an id that was never added.
    void save(const engine::round_state& state) override;
    [[nodiscard]] std::vector<engine::round_deadline> open_deadlines() override;
    [[nodiscard]] std::vector<engine::round_attempt> round_attempts(engine::round_id round) override;

private:
    std::optional<engine::round_state> read_one(SQLite::Statement& query);
    void sync_participants(engine::round_id id, const engine::round_state& state);

    SQLite::Database& db_;
    sqlite_content_ids& ids_;
    SQLite::Statement insert_;
    SQLite::Statement find_;
    SQLite::Statement active_;
    SQLite::Statement update_;
    SQLite::Statement add_participant_;
    SQLite::Statement all_active_;
    SQLite::Statement attempts_;
};

} // namespace quiz::storage
