// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/postgres/pg_content_ids.hpp"
#include "storage/postgres/population_cache.hpp"

#include <chrono>

namespace quiz::storage::postgres {

/// Memory per (learner, question) in the memory table and form per (learner, pack, concept) in concept_mastery,
/// with the per-concept totals over all learners in concept_form_total, on the calling thread's transaction
/// (current_connection()). memories() first takes the learner's row lock (FOR NO KEY UPDATE): a unit reads them to
/// change them, and another unit for the same learner must wait for it. Holds no connection.
class pg_progress_store final : public engine::progress_store {
public:
    explicit pg_progress_store(pg_content_ids& ids, std::chrono::milliseconds typical_fresh_for = {})
        : ids_(ids), typical_(typical_fresh_for)
    {
    }

    [[nodiscard]] std::vector<engine::question_memory> memories(engine::learner_id learner,
                                                                const engine::pack_key& pack) override;
    void save_memory(engine::learner_id learner, const engine::pack_key& pack,
                     const engine::question_memory& memory) override;
    [[nodiscard]] std::vector<engine::concept_skill> skills(engine::learner_id learner,
                                                            const engine::pack_key& pack) override;
    void save_skill(engine::learner_id learner, const engine::pack_key& pack,
                    const engine::concept_skill& skill) override;
    /// From concept_form_total (kept by triggers, striped), one row per concept, as read at most `typical_fresh_for`
    /// ago; read now, exact (other units' commits and this unit's own writes).
    [[nodiscard]] std::vector<engine::concept_skill> typical_forms(const engine::pack_key& pack) override;

private:
    pg_content_ids& ids_;
    population_cache<std::vector<engine::concept_skill>> typical_;
};

} // namespace quiz::storage::postgres
