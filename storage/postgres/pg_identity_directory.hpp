// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <atomic>
#include <cstdint>

namespace quiz::storage::postgres {

/// The engine's identity_directory on PostgreSQL (storage/sqlite_identity_directory.hpp's twin), run on the
/// connection whose transaction is open on the calling thread (the action queue's unit): it holds no connection, so
/// one directory serves every worker. ensure_learner takes the learner's row lock and holds it until the unit ends:
/// units for one learner serialize on that row, as the other stores' FOR NO KEY UPDATE expect. Handled platform
/// events are kept a day and pruned every thousand first deliveries this node records. Thread-safe.
class pg_identity_directory final : public engine::identity_directory {
public:
    [[nodiscard]] std::optional<engine::learner_id> find_learner(const engine::platform_identity& who) override;
    engine::learner_entry ensure_learner(const engine::platform_identity& who,
                                         const std::string& display_name) override;
    [[nodiscard]] std::optional<engine::learner_entry> enter_known_learner(const engine::platform_identity& who,
                                                                           const std::string& display_name) override;
    void clear_reminders_refused(engine::learner_id learner) override;
    engine::workspace_id join_workspace(const engine::platform_identity& workspace, const std::string& name,
                                        engine::learner_id learner) override;
    [[nodiscard]] std::string display_name(engine::learner_id learner) override;
    [[nodiscard]] std::optional<engine::stored_language> language_of(engine::learner_id learner) override;
    void set_language(engine::learner_id learner, engine::stored_language lang) override;
    bool first_delivery(const std::string& platform, const std::string& event_id, engine::instant received_at) override;
    /// Erases as pg_forget's erase_learner does, in the caller's transaction. PostgreSQL's old row versions are
    /// reclaimed by (auto)vacuum, not by anything done here.
    bool erase(const engine::platform_identity& who) override;

private:
    std::atomic<std::uint64_t> deliveries_{0};
};

} // namespace quiz::storage::postgres
