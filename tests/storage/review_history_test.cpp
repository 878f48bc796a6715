// SPDX-License-Identifier: MIT
// Review history on SQLite: the contract both engines meet (tests/support/review_history_contract.hpp), then what is
// SQLite's own.
#include "storage/database.hpp"
#include "storage/review_history.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

namespace quiz::storage::storage_review_history_test {
namespace {

/// A fresh database, for the contract.
struct sqlite_history_engine {
    SQLite::Database db = open_database(":memory:");

    void exec(const std::string& sql) { db.exec(sql); }
    std::vector<history_row> read(const history_filter& filter) { return read_review_history(db, filter); }
};

} // namespace
} // namespace quiz::storage::storage_review_history_test

namespace {
using review_history_fixtures = std::tuple<quiz::storage::storage_review_history_test::sqlite_history_engine>;
} // namespace

#include "tests/support/review_history_contract.hpp"

namespace quiz::storage::storage_review_history_test {
namespace {

TEST_CASE("review history: one learner's attempts are read through the index attempt_by_learner")
{
    SQLite::Database db = open_database(":memory:");
    db.exec(quiz::test::history_contract::history_rows());
    const auto plan_of = [&db](const history_filter& filter) {
        SQLite::Statement plan(db, "EXPLAIN QUERY PLAN " + review_history_query(filter));
        if (filter.learner) {
            plan.bind(":learner", filter.learner->value());
        }
        if (filter.pack) {
            plan.bind(":pack", filter.pack->value());
        }
        std::string text;
        while (plan.executeStep()) {
            text += plan.getColumn(3).getString() + '\n';
        }
        return text;
    };
    for (const history_filter& filter : {history_filter{engine::learner_id{3}, std::nullopt},
                                         history_filter{engine::learner_id{3}, engine::pack_key{"gpu-basics"}}}) {
        const std::string plan = plan_of(filter);
        INFO(plan);
        CHECK(plan.find("SEARCH a USING INDEX attempt_by_learner (learner_id=?)") != std::string::npos);
    }
}

} // namespace
} // namespace quiz::storage::storage_review_history_test
