// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/outbox.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace quiz::storage {

/// The engine's outbox on one connection, inside the caller's transaction (a group commit unit): one writer at a
/// time, so a claim needs no lock beyond the transaction's. Not thread-safe: the connection's thread only.
class sqlite_outbox final : public engine::outbox {
public:
    explicit sqlite_outbox(SQLite::Database& db);

    void put(std::string_view kind, std::string_view key, std::optional<engine::learner_id> about,
             std::string_view payload, engine::instant now, engine::instant expires) override;
    [[nodiscard]] std::optional<engine::outbox_ticket> put_held(std::string_view kind, std::string_view key,
                                                                std::optional<engine::learner_id> about,
                                                                std::string_view payload, engine::instant now,
                                                                engine::instant expires,
                                                                engine::instant lease_until) override;
    [[nodiscard]] std::vector<engine::outbox_entry> claim(std::string_view kind, engine::instant now,
                                                          engine::instant lease_until, std::size_t limit) override;
    void settle(engine::outbox_id id, std::int64_t version, engine::instant now) override;
    void retry_at(engine::outbox_id id, engine::instant at) override;
    [[nodiscard]] std::optional<engine::instant> next_due(std::string_view kind) override;
    [[nodiscard]] std::int64_t pending(std::string_view kind) override;

private:
    SQLite::Statement put_;
    SQLite::Statement put_held_;
    SQLite::Statement claim_;
    SQLite::Statement remove_;
    SQLite::Statement due_at_;
    SQLite::Statement next_due_;
    SQLite::Statement pending_;
};

} // namespace quiz::storage
