// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/outbox.hpp"

namespace quiz::storage::postgres {

/// The engine's outbox on PostgreSQL (storage/sqlite_outbox.hpp's twin), run on the connection whose transaction is
/// open on the calling thread. claim() takes its entries FOR UPDATE SKIP LOCKED and leases them in the same
/// statement, so senders on several nodes claiming at once take different entries. Holds no connection;
/// thread-safe.
class pg_outbox final : public engine::outbox {
public:
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
};

} // namespace quiz::storage::postgres
