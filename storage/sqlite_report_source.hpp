// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/report_ports.hpp"
#include "storage/sqlite_attempt_log.hpp"
#include "storage/sqlite_content_ids.hpp"
#include "storage/sqlite_progress_store.hpp"

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// The engine's report_source on SQLite: each method is one query over its table, whatever the number of learners
/// (the scope is a subquery, never a loop). Writes nothing. Forgotten learners have no rows left to read
/// (storage/forget.cpp), and the population figures are kept by triggers, so nothing of them shows.
class sqlite_report_source final : public engine::report_source {
public:
    explicit sqlite_report_source(SQLite::Database& db);

    [[nodiscard]] std::vector<engine::report_learner> learners(const engine::report_scope& scope) override;
    [[nodiscard]] std::vector<engine::pack_key> packs(const engine::report_scope& scope) override;
    [[nodiscard]] std::vector<engine::report_answer> answers(const engine::report_scope& scope,
                                                             const std::optional<engine::pack_key>& pack) override;
    [[nodiscard]] std::vector<engine::report_memory> memories(const engine::report_scope& scope,
                                                              const engine::pack_key& pack) override;
    [[nodiscard]] std::vector<engine::report_skill> skills(const engine::report_scope& scope,
                                                           const engine::pack_key& pack) override;
    [[nodiscard]] std::vector<engine::report_recall_model> recall_models(const engine::report_scope& scope) override;
    [[nodiscard]] std::vector<engine::question_stats> population(const engine::pack_key& pack) override;
    [[nodiscard]] std::vector<engine::concept_skill> typical_forms(const engine::pack_key& pack) override;
    [[nodiscard]] std::optional<engine::language> chosen_language(const engine::platform_identity& who) override;

private:
    SQLite::Database& db_;
    // The tutor's own reads of the population figures, so that reports predict exactly as the tutor does.
    sqlite_content_ids ids_;
    sqlite_attempt_log attempts_;
    sqlite_progress_store progress_;
};

} // namespace quiz::storage
