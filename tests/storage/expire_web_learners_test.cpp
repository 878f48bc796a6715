// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/expire_web_learners.hpp"
#include "tests/storage/seed_rows.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <string>

namespace quiz::storage::storage_expire_web_learners_test {
namespace {

constexpr std::int64_t hour_ms = 60LL * 60 * 1000;
constexpr std::int64_t day_ms = 24 * hour_ms;

void add_web_learner(SQLite::Database& db, int id)
{
    db.exec("INSERT INTO learner (id, platform, external_id) VALUES (" + std::to_string(id) + ", 'web', 'w" +
            std::to_string(id) + "')");
}

void add_session(SQLite::Database& db, int learner, std::int64_t at_ms)
{
    db.exec("INSERT INTO session (learner_id, pack_id, venue, status, started_at_ms, state_format, state) VALUES (" +
            std::to_string(learner) + ", 1, 'web', 'ended', " + std::to_string(at_ms) + ", 1, '{}')");
}

void add_attempt(SQLite::Database& db, int learner, std::int64_t at_ms)
{
    db.exec("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
            " shown_order, correct, rating, first_attempt, response_ms, venue, answered_at_ms, next_due_at_ms,"
            " retry_in_session) VALUES ('web:" +
            std::to_string(learner) + ":" + std::to_string(at_ms) + "', " + std::to_string(learner) +
            ", 1, 0, 0, '0,1,2,3', 1, 3, 1, 900, 'web', " + std::to_string(at_ms) + ", " +
            std::to_string(at_ms + day_ms) + ", 0)");
}

bool present(SQLite::Database& db, int learner)
{
    return db.execAndGet("SELECT count(*) FROM learner WHERE id = " + std::to_string(learner)).getInt() == 1;
}

} // namespace

TEST_CASE("expiry erases playground learners who never came back, and only them")
{
    SQLite::Database db = open_database(":memory:");
    test::seed_version(db, 1); // learners 1 (discord) and 2 (local)
    test::seed_version(db, 2); // the pack and question versions
    const std::int64_t start = 100 * day_ms;
    const std::int64_t cutoff = start + 40 * day_ms;

    add_web_learner(db, 10); // one visit on day 0, long ago: expired
    add_session(db, 10, start);
    add_attempt(db, 10, start + hour_ms);
    add_web_learner(db, 11); // came back three days later: kept
    add_session(db, 11, start);
    add_attempt(db, 11, start + 3 * day_ms);
    add_web_learner(db, 12); // one visit, after the cutoff: kept
    add_session(db, 12, cutoff + hour_ms);
    add_web_learner(db, 13); // nothing to date them by: kept
    add_web_learner(db, 14); // a session with no answer, long ago: expired
    add_session(db, 14, start + 2 * day_ms);
    add_web_learner(db, 15); // an answer with no session of theirs (a room's), long ago: expired
    add_attempt(db, 15, start + 2 * day_ms + hour_ms);
    add_web_learner(db, 16); // answers only, on two days: kept
    add_attempt(db, 16, start);
    add_attempt(db, 16, start + 2 * day_ms);
    add_session(db, 1, start); // a Discord learner's single old visit: not anonymous, kept

    CHECK(expire_web_learners(db, cutoff, 1) == 1); // the limit holds; the longest idle first
    CHECK_FALSE(present(db, 10));
    CHECK(present(db, 14));
    CHECK(expire_web_learners(db, cutoff, 100) == 2);
    CHECK_FALSE(present(db, 14));
    CHECK_FALSE(present(db, 15));
    CHECK(expire_web_learners(db, cutoff, 100) == 0);
    for (const int kept : {1, 2, 11, 12, 13, 16}) {
        INFO(kept);
        CHECK(present(db, kept));
    }
    // Erased as forget-me erases: nothing of theirs is left.
    CHECK(db.execAndGet("SELECT count(*) FROM session WHERE learner_id IN (10, 14)").getInt() == 0);
    CHECK(db.execAndGet("SELECT count(*) FROM attempt WHERE learner_id = 10").getInt() == 0);
    CHECK(db.execAndGet("SELECT count(*) FROM attempt WHERE learner_id = 11").getInt() == 1);
}

} // namespace quiz::storage::storage_expire_web_learners_test
