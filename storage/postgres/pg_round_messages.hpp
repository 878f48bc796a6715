// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

namespace quiz::storage::postgres {

/// The engine's round_messages on PostgreSQL (storage/sqlite_round_messages.hpp's twin), run on the connection whose
/// transaction is open on the calling thread (the action queue's unit). Holds no connection; thread-safe.
class pg_round_messages final : public engine::round_messages {
public:
    [[nodiscard]] std::optional<engine::round_message> find(engine::round_id round) override;
    void save(engine::round_id round, const engine::round_message& message) override;
    void save_note_token(engine::round_id round, const engine::member_note_token& token) override;
    [[nodiscard]] std::vector<engine::member_note_token> note_tokens(engine::round_id round) override;
};

} // namespace quiz::storage::postgres
