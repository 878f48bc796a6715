// SPDX-License-Identifier: MIT
// Review history on PostgreSQL: the contract SQLite meets too (tests/support/review_history_contract.hpp), then the
// cursor it reads through.
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_review_history.hpp"
#include "storage/postgres/transaction.hpp"
#include "tests/support/pg_scratch.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace quiz::storage::postgres::pg_review_history_test {
namespace {

/// An empty schema at the latest version and a connection to it.
struct pg_history_engine {
    test::pg_scratch scratch;
    connection db{scratch.uri()};

    pg_history_engine() { migrate(db); }
    void exec(const std::string& sql) { db.exec(sql); }
    std::vector<history_row> read(const history_filter& filter) { return read_review_history(db, filter); }
};

} // namespace
} // namespace quiz::storage::postgres::pg_review_history_test

namespace {
using review_history_fixtures = std::tuple<quiz::storage::postgres::pg_review_history_test::pg_history_engine>;
} // namespace

#include "tests/support/review_history_contract.hpp"

namespace quiz::storage::postgres::pg_review_history_test {
namespace {

/// `count` attempts by learner 1 at instants count-1 .. 0 ms (inserted latest first), all at one question.
void add_attempts(connection& db, int count)
{
    db.exec("INSERT INTO learner (id, platform, external_id) VALUES (1, 'local', 'ada');"
            "INSERT INTO pack (id, pack_key) VALUES (1, 'p');"
            "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'q');"
            "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'h');"
            "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
            " shown_order, correct, rating, first_attempt, response_ms, venue, answered_at_ms, next_due_at_ms,"
            " retry_in_session) SELECT 'k' || n, 1, 1, 0, 0, '0,1', n % 2, 3, 0, n, 'dm', n, n, 0"
            " FROM generate_series(" +
            std::to_string(count - 1) + ", 0, -1) AS n");
}

TEST_CASE("review history on PostgreSQL visits rows over several fetches, all of them in time order, once")
{
    for (const int count : {0, 1000, 2001}) { // none; exactly one full fetch; two full fetches and one row
        INFO(count << " attempts");
        pg_history_engine f;
        add_attempts(f.db, count);
        std::int64_t expected = 0;
        bool in_order = true;
        for_each_review(f.db, {}, [&](const history_row& row) {
            in_order = in_order && row.answered_at.time_since_epoch().count() == expected &&
                       row.response_time.count() == expected;
            ++expected;
        });
        CHECK(expected == count);
        CHECK(in_order);
        CHECK_FALSE(in_transaction());
        // Nothing left open on the connection: no transaction, no cursor.
        CHECK(f.db.exec("SELECT count(*) FROM pg_cursors").int64(0, 0) == 0);
        CHECK(f.db.exec("SELECT now() = statement_timestamp()").text(0, 0) == "t");
    }
}

TEST_CASE("review history inside a transaction open on the connection reads in it and leaves it open")
{
    pg_history_engine f;
    add_attempts(f.db, 3);
    {
        transaction unit(f.db);
        f.db.exec("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice,"
                  " displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue, answered_at_ms,"
                  " next_due_at_ms, retry_in_session) VALUES ('late', 1, 1, 0, 0, '0,1', 1, 3, 0, 5, 'dm', 99, 99, 0)");
        const auto rows = read_review_history(f.db, {engine::learner_id{1}, engine::pack_key{"p"}});
        REQUIRE(rows.size() == 4);
        CHECK(rows.back().answered_at.time_since_epoch().count() == 99); // the unit's own row, uncommitted
        CHECK(in_transaction());
        CHECK(f.db.exec("SELECT count(*) FROM pg_cursors").int64(0, 0) == 0);
        unit.commit(); // the unit is still whole: its savepoint was released, not rolled back
    }
    CHECK(read_review_history(f.db, {}).size() == 4);
}

TEST_CASE("review history stops at the first exception of its visitor and leaves the connection usable")
{
    pg_history_engine f;
    add_attempts(f.db, 3);
    int visited = 0;
    CHECK_THROWS_AS(for_each_review(f.db, {},
                                    [&visited](const history_row&) {
                                        ++visited;
                                        throw std::runtime_error("disk full");
                                    }),
                    std::runtime_error);
    CHECK(visited == 1);
    CHECK_FALSE(in_transaction());
    CHECK(read_review_history(f.db, {}).size() == 3);
}

} // namespace
} // namespace quiz::storage::postgres::pg_review_history_test
