// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace quiz::storage {

/// The engine's round_messages on one connection, inside the caller's transaction (a group commit unit). Not
/// thread-safe: the connection's thread only.
class sqlite_round_messages final : public engine::round_messages {
public:
    explicit sqlite_round_messages(SQLite::Database& db);

    [[nodiscard]] std::optional<engine::round_message> find(engine::round_id round) override;
    void save(engine::round_id round, const engine::round_message& message) override;
    void save_note_token(engine::round_id round, const engine::member_note_token& token) override;
    [[nodiscard]] std::vector<engine::member_note_token> note_tokens(engine::round_id round) override;

private:
    SQLite::Statement find_;
    SQLite::Statement save_;
    SQLite::Statement save_note_token_;
    SQLite::Statement note_tokens_;
};

} // namespace quiz::storage
