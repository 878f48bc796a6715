// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "tests/storage/seed_rows.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <string>
#include <tuple>

namespace {

using namespace quiz;
using namespace quiz::storage;
using quiz::storage::test::concat;

struct sqlite_fixture {
    SQLite::Database db = open_database(":memory:");
    sqlite_unit_of_work_factory factory{db};
    sqlite_identity_store identities{db};
    int created = 0;

    engine::unit_of_work_factory& units() { return factory; }
    engine::learner_id add_learner()
    {
        return identities.ensure_learner({"local", concat("learner-", std::to_string(++created))}, "");
    }
    engine::workspace_id add_workspace()
    {
        return identities.ensure_workspace({"discord", concat("guild-", std::to_string(++created))}, "");
    }
};

using port_fixtures = std::tuple<sqlite_fixture>;

} // namespace

#include "tests/support/port_contract.hpp"

namespace quiz::storage {
namespace {

using namespace quiz::test::contract;

TEST_CASE("appending an attempt under a key already logged records nothing and returns the earlier attempt")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    auto unit = f.units().begin();
    const append_result first = f.factory.stores().attempts.append_once(an_attempt(ada, "k", "q1", true, true));
    CHECK(first.inserted);
    attempt_record again = an_attempt(ada, "k", "q2", true, false); // the same action, delivered again
    const append_result second = f.factory.stores().attempts.append_once(again);
    CHECK_FALSE(second.inserted);
    CHECK(second.id == first.id);
    CHECK(unit->attempts().append(again) == first.id);
    unit->commit();
    CHECK(f.db.execAndGet("SELECT count(*) FROM attempt").getInt() == 1);
    CHECK(f.db.execAndGet("SELECT first_attempts FROM question_stats").getInt() == 1);
}

TEST_CASE("a profile cannot be saved for a learner the edge never created")
{
    sqlite_fixture f;
    auto unit = f.units().begin();
    CHECK_THROWS_AS(unit->learners().save(
                        engine::learner_profile{engine::learner_id{77}, engine::language::en, std::nullopt, 0, 0}),
                    std::logic_error);
    CHECK_FALSE(unit->learners().find(engine::learner_id{77}));
}

TEST_CASE("a learner created by the edge has a default profile in their locale")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    f.identities.set_locale(ada, engine::language::fr);
    auto unit = f.units().begin();
    CHECK(unit->learners().find(ada) == engine::learner_profile{ada, engine::language::fr, std::nullopt, 0, 0});
}

TEST_CASE("a unit of work is one IMMEDIATE transaction and only one is open at a time")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    auto unit = f.units().begin();
    CHECK(sqlite3_get_autocommit(f.db.getHandle()) == 0);
    CHECK_THROWS_AS(f.units().begin(), std::logic_error);
    unit->progress().save_memory(ada, engine::pack_key{"zero"}, full_memory("q1"));
    unit->commit();
    CHECK(sqlite3_get_autocommit(f.db.getHandle()) != 0);
    CHECK_THROWS_AS(unit->commit(), std::logic_error);
    CHECK_THROWS_AS(unit->progress(), std::logic_error);
    unit.reset();
    auto next = f.units().begin(); // the connection is free again
    CHECK(next->progress().memories(ada, engine::pack_key{"zero"}).size() == 1);
}

TEST_CASE("inside an open transaction a unit of work is a savepoint that rolls back alone")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    const engine::pack_key zero{"zero"};
    SQLite::Transaction outer(f.db, SQLite::TransactionBehavior::IMMEDIATE);
    {
        auto unit = f.units().begin();
        unit->progress().save_memory(ada, zero, full_memory("q1"));
        unit->commit(); // releases the savepoint; the outer transaction decides
    }
    {
        auto unit = f.units().begin();
        unit->progress().save_memory(ada, zero, full_memory("q2"));
    } // dropped: only q2 is undone
    CHECK(sqlite3_get_autocommit(f.db.getHandle()) == 0);
    outer.commit();
    auto unit = f.units().begin();
    const auto rows = unit->progress().memories(ada, zero);
    REQUIRE(rows.size() == 1);
    CHECK(rows.front().question == engine::question_key{"q1"});
}

TEST_CASE("editing a question's text adds a version and keeps the old attempts on the old one")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "k1", "q1", true, false));
        attempt_record edited = an_attempt(ada, "k2", "q1", false, true);
        edited.content_hash = "hash-q1-v2";
        unit->attempts().append(edited);
        unit->commit();
    }
    CHECK(f.db.execAndGet("SELECT count(*) FROM question").getInt() == 1);
    CHECK(f.db.execAndGet("SELECT count(*) FROM question_version").getInt() == 2);
    auto unit = f.units().begin();
    CHECK(unit->attempts().find(engine::idempotency_key{"k1"})->content_hash == "hash-q1");
    CHECK(unit->attempts().find(engine::idempotency_key{"k2"})->content_hash == "hash-q1-v2");
}

TEST_CASE("identities map to the same ids every time and memberships carry a role")
{
    sqlite_fixture f;
    const identity ada{"discord", "80351110224678912"};
    const auto id = f.identities.ensure_learner(ada, "Ada");
    CHECK(f.identities.ensure_learner(ada, "Ada L.") == id);
    CHECK(f.identities.find_learner(ada) == id);
    CHECK_FALSE(f.identities.find_learner({"slack", "80351110224678912"}));
    CHECK(f.db.execAndGet("SELECT display_name FROM learner").getString() == "Ada L.");
    const auto guild = f.identities.ensure_workspace({"discord", "1100"}, "GPU club");
    CHECK(f.identities.ensure_workspace({"discord", "1100"}, "") == guild);
    CHECK_FALSE(f.identities.role_of(guild, id));
    f.identities.set_role(guild, id, member_role::learner);
    f.identities.set_role(guild, id, member_role::instructor);
    CHECK(f.identities.role_of(guild, id) == member_role::instructor);
}

TEST_CASE("a platform event is handled once")
{
    sqlite_fixture f;
    const auto t = at(1'709'553'600'000);
    CHECK(f.identities.first_delivery("discord", "1187", t));
    CHECK_FALSE(f.identities.first_delivery("discord", "1187", t + std::chrono::seconds{3}));
    CHECK(f.identities.first_delivery("slack", "1187", t));
    CHECK(f.identities.forget_events_before(t + std::chrono::seconds{1}) == 2);
    CHECK(f.identities.first_delivery("discord", "1187", t + std::chrono::hours{2}));
}

TEST_CASE("a stored state that cannot be read is reported, not guessed")
{
    sqlite_fixture f;
    const auto ada = f.add_learner();
    engine::session_id id;
    {
        auto unit = f.units().begin();
        id = unit->sessions().add(a_session(ada, std::nullopt));
        unit->commit();
    }
    f.db.exec("UPDATE session SET state = json_set(state, '$.phase', 'dancing')");
    auto unit = f.units().begin();
    CHECK_THROWS_WITH(unit->sessions().find(id),
                      Catch::Contains(concat("session ", std::to_string(id.value()))) && Catch::Contains("phase"));
    f.db.exec("UPDATE session SET state_format = 99");
    CHECK_THROWS_WITH(unit->sessions().find(id), Catch::Contains("format 99"));
}

} // namespace
} // namespace quiz::storage

namespace quiz::storage {
namespace {

// Rows written by an earlier build must stay readable: these literals are state format 1 as it was first stored.
TEST_CASE("sessions and rounds stored in state format 1 are read back")
{
    SQLite::Database db = open_database(":memory:");
    for (int v = 1; v <= 3; ++v) {
        test::seed_version(db, v);
    }
    sqlite_unit_of_work_factory units(db);
    auto unit = units.begin();
    const auto session = unit->sessions().find(engine::session_id{1});
    REQUIRE(session);
    CHECK(session->learner == engine::learner_id{1});
    CHECK(session->workspace == engine::workspace_id{1});
    CHECK(session->lang == engine::language::fr);
    CHECK(session->phase == engine::session_phase::asking);
    REQUIRE(session->current);
    CHECK(session->current->order == std::vector<std::uint32_t>{2, 0, 1, 3});
    CHECK(session->current->reason == engine::pick_reason::fresh);
    CHECK(session->planned == 10);
    CHECK(unit->sessions().active_for(engine::learner_id{1}) == session);

    const auto round = unit->rounds().active_in(engine::workspace_id{1}, "77");
    REQUIRE(round);
    CHECK(round->id == engine::round_id{1});
    CHECK(round->host == engine::learner_id{1});
    CHECK(round->phase == engine::round_phase::open);
    CHECK(round->deadline == at(61'000));
    REQUIRE(round->answers.size() == 1);
    CHECK(round->answers.front().response_time == std::chrono::milliseconds{5400});
    REQUIRE(round->players.size() == 1);
    CHECK(round->players.front().correct == 1);
    CHECK(round->asked == std::vector{engine::question_key{"stage1-state"}});
}

} // namespace
} // namespace quiz::storage

TEST_CASE("a deferred unit reads a snapshot while another connection holds the write lock, an immediate one waits")
{
    const quiz::storage::test::temp_folder folder;
    const std::string path = folder.file("locks.db");
    SQLite::Database writer = open_database(path);
    storage::open_options quick;
    quick.busy_timeout = std::chrono::milliseconds{50};
    SQLite::Database reader = open_database(path, quick);
    sqlite_unit_of_work_factory writes(writer);
    sqlite_unit_of_work_factory reads(reader, sqlite_unit_of_work_factory::start::deferred);
    sqlite_unit_of_work_factory immediate(reader);

    const auto held = writes.begin(); // BEGIN IMMEDIATE: the write lock, until it ends
    {
        const auto unit = reads.begin();
        CHECK_FALSE(unit->learners().find(engine::learner_id{1}));
        CHECK(unit->attempts().history(engine::learner_id{1}).empty());
    }
    CHECK_THROWS(immediate.begin()); // SQLITE_BUSY once its 50 ms are up
}
