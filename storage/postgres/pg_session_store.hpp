// SPDX-License-Identifier: MIT
#pragma once

#include "engine/rounds/round_store.hpp"
#include "engine/tutor/ports.hpp"
#include "storage/postgres/pg_content_ids.hpp"

namespace quiz::storage::postgres {

/// Sessions as JSON state (storage/state_codec.hpp, as in SQLite) plus the columns queries need: learner, status; on
/// the calling thread's transaction (current_connection()). find() and active_for() first take the row lock of the
/// session's learner (FOR NO KEY UPDATE, which leaves inserts referencing the learner free): a unit reads a session
/// to change it, and a second unit for the same learner, on any node, waits for the first to end and then reads
/// what it committed. Holds no connection.
class pg_session_store final : public engine::session_store {
public:
    explicit pg_session_store(pg_content_ids& ids) : ids_(ids) {}

    engine::session_id add(const engine::session_state& state) override;
    [[nodiscard]] std::optional<engine::session_state> find(engine::session_id id) override;
    /// The most recent active one, should there ever be several.
    [[nodiscard]] std::optional<engine::session_state> active_for(engine::learner_id learner) override;
    /// Throws std::logic_error for an id that was never added.
    void save(const engine::session_state& state) override;

private:
    pg_content_ids& ids_;
};

/// Group rounds as JSON state plus workspace, channel, host and status columns; round_participant lists everyone a
/// saved state ever named (host, players, answerers). On the calling thread's transaction (current_connection()).
/// find() locks the round's row (FOR NO KEY UPDATE); active_in() first takes a transaction-scoped advisory lock on
/// the channel, so that two nodes cannot both find no round there and open one each. Holds no connection.
class pg_round_store final : public engine::round_store {
public:
    explicit pg_round_store(pg_content_ids& ids) : ids_(ids) {}

    engine::round_id add(const engine::round_state& state) override;
    [[nodiscard]] std::optional<engine::round_state> find(engine::round_id id) override;
    /// The most recent active round of the channel, should there ever be several; its row is locked too.
    [[nodiscard]] std::optional<engine::round_state> active_in(engine::workspace_id workspace,
                                                               const std::string& channel) override;
    /// Throws std::logic_error for an id that was never added.
    void save(const engine::round_state& state) override;
    [[nodiscard]] std::vector<engine::round_deadline> open_deadlines() override;
    [[nodiscard]] std::vector<engine::round_attempt> round_attempts(engine::round_id round) override;

private:
    void sync_participants(engine::round_id id, const engine::round_state& state);

    pg_content_ids& ids_;
};

} // namespace quiz::storage::postgres
