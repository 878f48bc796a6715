// SPDX-License-Identifier: MIT
// A connection's deferred statements (connection.hpp, defer): sent in one pipeline ahead of the next statement
// whose result is read, in order, with the first failure thrown by the call that sends them.
#include "storage/postgres/connection.hpp"
#include "storage/postgres/transaction.hpp"
#include "tests/support/pg_scratch.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

namespace {

using namespace quiz;
using namespace quiz::storage::postgres;

constexpr statement add_note{"test.add_note", "INSERT INTO note (id, body) VALUES ($1, $2)"};
constexpr statement rename_note{"test.rename_note", "UPDATE note SET body = $2 WHERE id = $1"};
constexpr statement note_bodies{"test.note_bodies", "SELECT string_agg(body, ',' ORDER BY id) FROM note"};
constexpr statement note_count{"test.note_count", "SELECT count(*) FROM note"};
constexpr statement broken_sql{"test.broken_sql", "SELEKT body FROM note"};

/// A scratch schema with one table, a connection on it, and a second one to look from outside.
struct notes {
    notes() { db.exec("CREATE TABLE note (id bigint PRIMARY KEY, body text NOT NULL)"); }
    std::int64_t committed() { return outside.run(note_count).int64(0, 0); }

    test::pg_scratch scratch;
    connection db{scratch.uri()};
    connection outside{scratch.uri()};
};

} // namespace

TEST_CASE("deferred statements run in the order deferred, before the read that follows them")
{
    notes n;
    n.db.defer(add_note, params().add(1).add("a"));
    n.db.defer(add_note, params().add(2).add("b"));
    n.db.defer(rename_note, params().add(1).add("c"));
    CHECK(n.db.run(note_bodies).text(0, 0) == "c,b");
    // The statements prepared inside the pipeline stay prepared: run again on their own, they are not re-prepared
    // (PostgreSQL refuses a second PREPARE of one name).
    n.db.run(add_note, params().add(3).add("d"));
    CHECK(n.db.run(note_bodies).text(0, 0) == "c,b,d");
}

TEST_CASE("a deferred statement's failure is thrown by the call that sends it, and those after it do not run")
{
    notes n;
    n.db.exec("BEGIN");
    n.db.defer(add_note, params().add(1).add("a"));
    n.db.defer(add_note, params().add(1).add("again")); // the same key
    n.db.defer(add_note, params().add(2).add("b"));
    try {
        n.db.sync();
        FAIL("the duplicate key was not reported");
    } catch (const pg_error& e) {
        CHECK(e.sqlstate() == "23505"); // unique_violation, as if it had run on its own
    }
    CHECK(n.db.transaction_failed());
    CHECK_FALSE(n.db.broken());
    n.db.exec("ROLLBACK");
    CHECK(n.db.run(note_count).int64(0, 0) == 0);
}

TEST_CASE("a statement whose text fails to prepare in a pipeline is reported again when run again")
{
    notes n;
    n.db.defer(add_note, params().add(1).add("a"));
    CHECK_THROWS_WITH(n.db.run(broken_sql), Catch::Contains("syntax error"));
    // Not remembered as prepared: the next run prepares it again and gets the same error, not "does not exist".
    CHECK_THROWS_WITH(n.db.run(broken_sql), Catch::Contains("syntax error"));
    // Outside a transaction a pipeline is one implicit transaction (PostgreSQL's protocol, "Pipelining"): the insert
    // sent with the failed statement was rolled back with it.
    CHECK(n.db.run(note_count).int64(0, 0) == 0);
}

TEST_CASE("a transaction's writes go with its commit, and a write failing there commits none of them")
{
    notes n;
    {
        transaction t(n.db);
        n.db.defer(add_note, params().add(1).add("a"));
        CHECK(n.committed() == 0);
        CHECK_FALSE(n.db.transaction_open()); // nothing sent yet, not even BEGIN
        t.commit();
    }
    CHECK(n.committed() == 1);
    {
        transaction t(n.db);
        n.db.defer(add_note, params().add(2).add("b"));
        n.db.defer(add_note, params().add(1).add("again"));
        CHECK_THROWS_AS(t.commit(), pg_error);
    }
    CHECK_FALSE(n.db.transaction_open()); // rolled back
    CHECK(n.committed() == 1);
    CHECK(n.db.run(note_bodies).text(0, 0) == "a");
}

TEST_CASE("a transaction rolled back before it sent anything sends nothing")
{
    notes n;
    {
        transaction t(n.db);
        n.db.defer(add_note, params().add(1).add("a"));
    }
    CHECK_FALSE(n.db.transaction_open());
    CHECK(n.db.run(note_count).int64(0, 0) == 0);
}

TEST_CASE("a checked write that changes no row fails its transaction before the commit is sent")
{
    notes n;
    n.db.run(add_note, params().add(1).add("a"));
    {
        transaction t(n.db);
        n.db.defer(add_note, params().add(2).add("b"));
        n.db.defer_changing(rename_note, params().add(1).add("c"), "note 1 is gone");
        t.commit(); // the row is there: the check passes
    }
    CHECK(n.outside.run(note_bodies).text(0, 0) == "c,b");
    {
        transaction t(n.db);
        n.db.defer(add_note, params().add(3).add("d"));
        n.db.defer_changing(rename_note, params().add(99).add("e"), "note 99 is gone");
        CHECK(n.db.deferred_checks());
        CHECK_THROWS_WITH(t.commit(), "note 99 is gone");
    }
    CHECK(n.outside.run(note_bodies).text(0, 0) == "c,b"); // note 3 was not committed
}

TEST_CASE("a savepoint rolled back undoes its own deferred writes and keeps the outer transaction's")
{
    notes n;
    {
        transaction outer(n.db);
        n.db.defer(add_note, params().add(1).add("outer"));
        {
            transaction inner(n.db);
            n.db.defer(add_note, params().add(2).add("inner"));
            n.db.defer(add_note, params().add(1).add("clash")); // fails inside the savepoint
        }
        CHECK_FALSE(n.db.transaction_failed());
        {
            transaction kept(n.db);
            n.db.defer(add_note, params().add(3).add("kept"));
            kept.commit();
        }
        outer.commit();
    }
    CHECK(n.outside.run(note_bodies).text(0, 0) == "outer,kept");
}
