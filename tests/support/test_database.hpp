// SPDX-License-Identifier: MIT
#pragma once

// The database a test's in-process `quizbot serve` runs on, on the engine the test runs on (as
// tests/bot/web/test_database.mjs for the scripts): a SQLite file in a temporary folder, or, when the environment has
// QUIZBOT_TEST_ENGINE=postgres (ctest's postgres.* registrations), a fresh database created in the tests' throwaway
// cluster (QUIZBOT_TEST_PG, started by the `postgres` fixture) and dropped with this object. The test reads and
// writes it with each engine's own client library, never through quizbot's stores.

#include "storage/postgres/connection.hpp"
#include "tests/support/pg_scratch.hpp"
#include "tests/support/temp_dir.hpp"

#include <SQLiteCpp/Database.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <unistd.h>

namespace quiz::test {

enum class test_engine { sqlite, postgres };

/// The engine this run's tests use: QUIZBOT_TEST_ENGINE=postgres, or SQLite.
inline test_engine engine_under_test()
{
    const char* engine = std::getenv("QUIZBOT_TEST_ENGINE");
    return engine != nullptr && std::string_view(engine) == "postgres" ? test_engine::postgres : test_engine::sqlite;
}

class test_database {
public:
    test_database() : engine_(engine_under_test())
    {
        if (engine_ == test_engine::sqlite) {
            folder_.emplace();
            location_ = (folder_->path() / "quizbot.db").string();
            return;
        }
        // A database rather than a schema (pg_scratch): quizbot's URI is the operator's, with no search_path.
        name_ = "e2e_" + std::to_string(::getpid()) + "_" + std::to_string(next_number());
        storage::postgres::connection admin(pg_cluster_uri());
        admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        admin.exec("CREATE DATABASE " + name_);
        // The cluster's URI names the `postgres` database: the test's own goes in its path.
        const std::string base = pg_cluster_uri();
        const auto path = base.find('/', base.find("://") + 3);
        const auto query = base.find('?', path);
        location_ = base.substr(0, path) + "/" + name_ + (query == std::string::npos ? "" : base.substr(query));
    }
    ~test_database()
    {
        if (engine_ != test_engine::postgres) {
            return;
        }
        try {
            storage::postgres::connection admin(pg_cluster_uri());
            admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (const std::exception&) {
            // the cluster went away first: it is thrown away at the end of the run anyway
        }
    }
    test_database(const test_database&) = delete;
    test_database& operator=(const test_database&) = delete;

    [[nodiscard]] test_engine engine() const noexcept { return engine_; }
    /// What QUIZBOT_DB names: the SQLite file's path, or the PostgreSQL database's URI.
    [[nodiscard]] const std::string& location() const noexcept { return location_; }

    /// The first column of the first row of `sql` (a count, say), read while the servers may be running.
    [[nodiscard]] std::int64_t count(const std::string& sql) const
    {
        if (engine_ == test_engine::sqlite) {
            SQLite::Database db(location_, SQLite::OPEN_READONLY);
            db.setBusyTimeout(10'000);
            return db.execAndGet(sql).getInt64();
        }
        storage::postgres::connection db(location_);
        return db.exec(sql).int64(0, 0);
    }

    /// Runs `sql` (statements that change rows), as another client of the database would.
    void exec(const std::string& sql) const
    {
        if (engine_ == test_engine::sqlite) {
            SQLite::Database db(location_, SQLite::OPEN_READWRITE);
            db.setBusyTimeout(10'000);
            db.exec(sql);
            return;
        }
        storage::postgres::connection db(location_);
        (void)db.exec(sql);
    }

private:
    static int next_number()
    {
        static std::atomic<int> count{0};
        return ++count;
    }

    test_engine engine_;
    std::optional<temp_dir> folder_;
    std::string name_;
    std::string location_;
};

/// tests/support/action_sequence.hpp's refuse_reminders on either engine: what a reminder the platform refused
/// leaves in the database (reminders off, and the flag that the learner is told about it), for every learner.
inline void refuse_reminders(const test_database& db)
{
    db.exec("UPDATE learner SET reminders_enabled = 0");
    db.exec("INSERT INTO reminder_schedule (learner_id, refused) SELECT id, 1 FROM learner WHERE true"
            " ON CONFLICT (learner_id) DO UPDATE SET refused = 1, next_at_ms = NULL");
}

} // namespace quiz::test
