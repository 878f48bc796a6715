// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/report_ports.hpp"
#include "storage/postgres/pool.hpp"
#include "storage/postgres/transaction.hpp"

#include <optional>
#include <vector>

namespace quiz::storage::postgres {

/// The engine's report_source on PostgreSQL, row for row and in the same order as sqlite_report_source: each method
/// is one query over its table, whatever the number of learners (the scope is a subquery, never a loop), and text
/// is ordered bytewise (COLLATE "C") whatever the database's collation, so that a report gives the same bytes on
/// both engines. Writes nothing.
///
/// Snapshots: the port has no "report begins / ends" call (a report is several calls, engine::load_class's seven),
/// so each call on its own leases a pooled connection and reads in a REPEATABLE READ, READ ONLY transaction of its
/// own. A caller that wants all of one report's calls to see the same moment holds a `snapshot` around them; calls
/// made on a thread that has a transaction open (a snapshot, or a unit of work) read in that transaction.
class pg_report_source final : public engine::report_source {
public:
    /// `connections` must outlive the source.
    explicit pg_report_source(pool& connections);

    /// One read-only snapshot for the calling thread, on a pooled connection held until it is destroyed: every call
    /// of any report source on this thread meanwhile reads in it. Inside a transaction the thread has open already,
    /// it is that transaction and holds nothing. Destroy it on the thread that made it.
    class snapshot {
    public:
        explicit snapshot(pool& connections);
        snapshot(const snapshot&) = delete;
        snapshot& operator=(const snapshot&) = delete;

    private:
        std::optional<pool::lease> lease_;
        std::optional<transaction> reads_; // after lease_, so it ends first (rolled back: it wrote nothing)
    };
    /// A snapshot on this source's pool.
    [[nodiscard]] snapshot one_snapshot() { return snapshot(pool_); }

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
    /// `read(connection&)` in the thread's open transaction, else in a snapshot of its own.
    template <class Read>
    auto in_snapshot(Read read);

    pool& pool_;
};

} // namespace quiz::storage::postgres
