// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"

#include <SQLiteCpp/Statement.h>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Learner profiles in the learner table. The row itself is created by the edge (sqlite_identity_store) from a
/// platform identity; save() on an id without a row throws std::logic_error.
class sqlite_learner_store final : public engine::learner_store {
public:
    explicit sqlite_learner_store(SQLite::Database& db);

    [[nodiscard]] std::optional<engine::learner_profile> find(engine::learner_id learner) override;
    std::uint64_t save(const engine::learner_profile& profile) override;
    [[nodiscard]] std::optional<engine::stored_recall_model> recall_model(engine::learner_id learner) override;
    void save_recall_model(engine::learner_id learner, const engine::stored_recall_model& model) override;

private:
    SQLite::Statement find_;
    SQLite::Statement save_;
    SQLite::Statement touch_;
    SQLite::Statement find_model_;
    SQLite::Statement save_model_;
};

} // namespace quiz::storage
