// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "storage/sqlite_identity_store.hpp"

#include <cstdint>
#include <functional>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// The engine's identity_directory on one connection, inside the caller's transaction (a group commit unit).
/// Handled platform events are kept a day (platforms stop redelivering after minutes to hours) and pruned every
/// thousand deliveries. Not thread-safe: the connection's thread only.
class sqlite_identity_directory final : public engine::identity_directory {
public:
    /// `after_erasure` runs inside the unit that erased a learner (group_commit::truncate_wal_after_commit, so that
    /// the erased rows leave the WAL once it commits); may be empty.
    explicit sqlite_identity_directory(SQLite::Database& db, std::function<void()> after_erasure = {});

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
    bool erase(const engine::platform_identity& who) override;

private:
    SQLite::Database& db_;
    sqlite_identity_store store_;
    std::function<void()> after_erasure_;
    std::uint64_t deliveries_ = 0;
};

} // namespace quiz::storage
