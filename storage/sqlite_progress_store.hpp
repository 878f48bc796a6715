// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/ports.hpp"
#include "storage/sqlite_content_ids.hpp"

#include <SQLiteCpp/Statement.h>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// Memory per (learner, question) in the memory table and form per (learner, pack, concept) in concept_mastery,
/// with the per-concept totals over all learners in concept_form_total.
class sqlite_progress_store final : public engine::progress_store {
public:
    sqlite_progress_store(SQLite::Database& db, sqlite_content_ids& ids);

    [[nodiscard]] std::vector<engine::question_memory> memories(engine::learner_id learner,
                                                                const engine::pack_key& pack) override;
    void save_memory(engine::learner_id learner, const engine::pack_key& pack,
                     const engine::question_memory& memory) override;
    [[nodiscard]] std::vector<engine::concept_skill> skills(engine::learner_id learner,
                                                            const engine::pack_key& pack) override;
    void save_skill(engine::learner_id learner, const engine::pack_key& pack,
                    const engine::concept_skill& skill) override;
    /// From concept_form_total (kept by triggers): exact, not stale, one row per concept.
    [[nodiscard]] std::vector<engine::concept_skill> typical_forms(const engine::pack_key& pack) override;

private:
    sqlite_content_ids& ids_;
    SQLite::Statement memories_;
    SQLite::Statement save_memory_;
    SQLite::Statement skills_;
    SQLite::Statement save_skill_;
    SQLite::Statement typical_forms_;
};

} // namespace quiz::storage
