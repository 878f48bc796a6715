// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"

namespace quiz::storage::postgres {

/// Learner profiles in the learner table, on the calling thread's transaction (current_connection()). The row
/// itself is created by the edge from a platform identity; save() on an id without a row throws std::logic_error.
/// find() takes the learner's row lock (FOR NO KEY UPDATE), as every read that starts a change to a learner's state
/// does: two units acting for one learner, on two nodes, run one after the other. Holds no connection.
class pg_learner_store final : public engine::learner_store {
public:
    [[nodiscard]] std::optional<engine::learner_profile> find(engine::learner_id learner) override;
    std::uint64_t save(const engine::learner_profile& profile) override;
    [[nodiscard]] std::optional<engine::stored_recall_model> recall_model(engine::learner_id learner) override;
    void save_recall_model(engine::learner_id learner, const engine::stored_recall_model& model) override;
};

} // namespace quiz::storage::postgres
