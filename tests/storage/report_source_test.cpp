// SPDX-License-Identifier: MIT
// The report source on SQLite: the contract every engine meets (tests/support/report_source_contract.hpp), then what
// is SQLite's own.
#include "engine/reports/activity_report.hpp"
#include "storage/database.hpp"
#include "storage/forget.hpp"
#include "storage/sqlite_report_source.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <tuple>

namespace quiz::storage::storage_report_source_test {
namespace {

/// A fresh database and its report source, for the contract.
struct sqlite_report_engine {
    SQLite::Database db = open_database(":memory:");
    sqlite_report_source reports{db};

    void exec(const std::string& sql) { db.exec(sql); }
    bool forget(const std::string& platform, const std::string& external_id)
    {
        return forget_learner(db, platform, external_id).has_value();
    }
    engine::report_source& source() { return reports; }
};

} // namespace
} // namespace quiz::storage::storage_report_source_test

namespace {
using report_source_fixtures = std::tuple<quiz::storage::storage_report_source_test::sqlite_report_engine>;
} // namespace

#include "tests/support/report_source_contract.hpp"

namespace quiz::storage::storage_report_source_test {
namespace {

using namespace std::chrono;

TEST_CASE("ISO weeks at year ends")
{
    CHECK(engine::iso_week_of(sys_days{2021y / January / 3}) == engine::iso_week{2020, 53});
    CHECK(engine::iso_week_of(sys_days{2024y / December / 30}) == engine::iso_week{2025, 1});
    CHECK(engine::iso_week_of(sys_days{2026y / March / 8}) == engine::iso_week{2026, 10});
    CHECK(engine::iso_week_of(sys_days{2026y / March / 9}) == engine::iso_week{2026, 11});
}

} // namespace
} // namespace quiz::storage::storage_report_source_test
