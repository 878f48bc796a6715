// SPDX-License-Identifier: MIT
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_unit_of_work.hpp"
#include "storage/postgres/pool.hpp"
#include "storage/postgres/transaction.hpp"
#include "tests/storage/seed_rows.hpp"
#include "tests/support/pg_scratch.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

using namespace quiz;
using namespace quiz::storage::postgres;

/// A migrated scratch schema, a pool on it and the factory under test. `admin` is a connection of its own, outside
/// any unit, in autocommit: the edge's inserts and the tests' checks.
struct pg_fixture {
    explicit pg_fixture(int pool_size = 4, std::chrono::milliseconds wait = std::chrono::seconds{10})
        : connections(pool_options{scratch.uri(), pool_size, wait})
    {
        migrate(admin);
    }

    test::pg_scratch scratch;
    connection admin{scratch.uri()};
    pool connections;
    pg_unit_of_work_factory factory{connections};
    int created = 0;

    engine::unit_of_work_factory& units() { return factory; }
    engine::learner_id add_learner()
    {
        const std::string name = "learner-" + std::to_string(++created);
        return engine::learner_id{
            admin.exec("INSERT INTO learner (platform, external_id) VALUES ('local', '" + name + "') RETURNING id")
                .int64(0, 0)};
    }
    engine::workspace_id add_workspace()
    {
        const std::string name = "guild-" + std::to_string(++created);
        return engine::workspace_id{
            admin.exec("INSERT INTO workspace (platform, external_id) VALUES ('discord', '" + name + "') RETURNING id")
                .int64(0, 0)};
    }
    std::int64_t count(const std::string& sql) { return admin.exec(sql).int64(0, 0); }
};

using port_fixtures = std::tuple<pg_fixture>;

} // namespace

#include "tests/support/port_contract.hpp"

namespace quiz::storage::postgres {
namespace {

using namespace quiz::test::contract;
using namespace std::chrono_literals;

// ---- the SQLite-specific cases of tests/storage/sqlite_ports_test.cpp that hold on PostgreSQL too ----

TEST_CASE("appending an attempt under a key already logged records nothing and returns the earlier attempt")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    auto unit = f.units().begin();
    const append_result first = f.factory.stores().attempts.append_once(an_attempt(ada, "k", "q1", true, true));
    CHECK(first.inserted);
    attempt_record again = an_attempt(ada, "k", "q2", true, false); // the same action, delivered again
    const append_result second = f.factory.stores().attempts.append_once(again);
    CHECK_FALSE(second.inserted);
    CHECK(second.id == first.id);
    CHECK(unit->attempts().append(again) == first.id);
    // No statement failed: the transaction is intact and commits.
    unit->commit();
    CHECK(f.count("SELECT count(*) FROM attempt") == 1);
    CHECK(f.count("SELECT sum(first_attempts) FROM question_stats") == 1);
}

TEST_CASE("a profile cannot be saved for a learner the edge never created")
{
    pg_fixture f;
    auto unit = f.units().begin();
    // Sent with the unit's other writes: the commit throws, and commits nothing.
    std::ignore = unit->learners().save(
        engine::learner_profile{engine::learner_id{77}, engine::language::en, std::nullopt, 0, 0});
    CHECK_THROWS_AS(unit->commit(), std::logic_error);
    unit.reset();
    CHECK_FALSE(f.units().begin()->learners().find(engine::learner_id{77}));
}

TEST_CASE("a learner created by the edge has a default profile in their locale")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    f.admin.exec("UPDATE learner SET locale = 'fr' WHERE id = " + std::to_string(ada.value()));
    auto unit = f.units().begin();
    CHECK(unit->learners().find(ada) == engine::learner_profile{ada, engine::language::fr, std::nullopt, 0, 0});
}

TEST_CASE("a unit of work is a READ COMMITTED transaction on a leased connection, one per thread at a time")
{
    pg_fixture f(1, 200ms);
    const auto ada = f.add_learner();
    CHECK_FALSE(in_transaction());
    auto unit = f.units().begin();
    REQUIRE(in_transaction());
    CHECK(current_connection().exec("SHOW transaction_isolation").text(0, 0) == "read committed");
    CHECK_THROWS_AS(f.units().begin(), std::logic_error);
    unit->progress().save_memory(ada, engine::pack_key{"zero"}, full_memory("q1"));
    // The pool's one connection is the unit's: another thread waits for it, in vain.
    CHECK_THROWS_AS(std::async(std::launch::async, [&f] { return f.units().begin(); }).get(), pool_exhausted);
    unit->commit();
    CHECK_FALSE(in_transaction());
    CHECK_THROWS_AS(unit->commit(), std::logic_error);
    CHECK_THROWS_AS(unit->progress(), std::logic_error);
    // Committing gave the connection back, before the unit itself is dropped.
    auto next = std::async(std::launch::async, [&f, ada] {
                    auto other = f.units().begin();
                    return other->progress().memories(ada, engine::pack_key{"zero"}).size();
                }).get();
    CHECK(next == 1);
    unit.reset();
    CHECK(f.units().begin()->progress().memories(ada, engine::pack_key{"zero"}).size() == 1);
}

TEST_CASE("inside an open transaction a unit of work is a savepoint on its connection that rolls back alone")
{
    pg_fixture f(1, 200ms); // the queue's transaction holds the one connection: a unit leasing another would fail
    const auto ada = f.add_learner();
    const engine::pack_key zero{"zero"};
    {
        auto held = f.connections.acquire();
        transaction outer(*held);
        {
            auto unit = f.units().begin();
            unit->progress().save_memory(ada, zero, full_memory("q1"));
            unit->commit(); // releases the savepoint; the outer transaction decides
        }
        {
            auto unit = f.units().begin();
            unit->progress().save_memory(ada, zero, full_memory("q2"));
        } // dropped: only q2 is undone
        {
            // A statement that fails (no such learner) aborts the unit's savepoint, not the outer transaction. The
            // write is sent with the unit's next read, which throws its error.
            auto unit = f.units().begin();
            unit->progress().save_memory(engine::learner_id{9999}, zero, full_memory("q3"));
            CHECK_THROWS_AS(unit->progress().memories(ada, zero), pg_error);
        }
        REQUIRE(in_transaction());
        CHECK(&current_connection() == &*held);
        CHECK(f.count("SELECT count(*) FROM memory") == 0); // nothing visible outside before the outer commit
        outer.commit();
    }
    auto unit = f.units().begin();
    const auto rows = unit->progress().memories(ada, zero);
    REQUIRE(rows.size() == 1);
    CHECK(rows.front().question == engine::question_key{"q1"});
}

TEST_CASE("editing a question's text adds a version and keeps the old attempts on the old one")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "k1", "q1", true, false));
        attempt_record edited = an_attempt(ada, "k2", "q1", false, true);
        edited.content_hash = "hash-q1-v2";
        unit->attempts().append(edited);
        unit->commit();
    }
    CHECK(f.count("SELECT count(*) FROM question") == 1);
    CHECK(f.count("SELECT count(*) FROM question_version") == 2);
    auto unit = f.units().begin();
    CHECK(unit->attempts().find(engine::idempotency_key{"k1"})->content_hash == "hash-q1");
    CHECK(unit->attempts().find(engine::idempotency_key{"k2"})->content_hash == "hash-q1-v2");
}

TEST_CASE("an attempt without a content hash names a version with an empty hash")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    attempt_record plain = an_attempt(ada, "k1", "q1", true, true);
    plain.content_hash.clear();
    {
        auto unit = f.units().begin();
        plain.id = unit->attempts().append(plain);
        unit->commit();
    }
    CHECK(f.count("SELECT count(*) FROM question_version WHERE content_hash = ''") == 1);
    auto unit = f.units().begin();
    CHECK(unit->attempts().find(engine::idempotency_key{"k1"}) == plain);
}

TEST_CASE("a stored state that cannot be read is reported, not guessed")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    engine::session_id id;
    {
        auto unit = f.units().begin();
        id = unit->sessions().add(a_session(ada, std::nullopt));
        unit->commit();
    }
    f.admin.exec("UPDATE session SET state = jsonb_set(state::jsonb, '{phase}', '\"dancing\"')::text");
    {
        auto unit = f.units().begin();
        CHECK_THROWS_WITH(unit->sessions().find(id),
                          Catch::Contains("session " + std::to_string(id.value())) && Catch::Contains("phase"));
    }
    f.admin.exec("UPDATE session SET state_format = 99");
    auto unit = f.units().begin();
    CHECK_THROWS_WITH(unit->sessions().find(id), Catch::Contains("format 99"));
}

// Rows written by SQLite and copied over (`db copy`), or by an earlier build, must read the same: state format 1 as
// it was first stored (tests/storage/seed_rows.hpp).
TEST_CASE("sessions and rounds stored in state format 1 are read back")
{
    pg_fixture f;
    f.admin.exec(std::string("INSERT INTO workspace (id, platform, external_id) VALUES (1, 'discord', '1100');"
                             "INSERT INTO learner (id, platform, external_id) VALUES (1, 'discord', '42');"
                             "INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded');"
                             "INSERT INTO session (id, learner_id, workspace_id, pack_id, venue, status, started_at_ms,"
                             " state_format, state) VALUES (1, 1, 1, 1, 'dm', 'active', 1000, 1, '") +
                 storage::test::session_state_v1 +
                 "');"
                 "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
                 " VALUES (1, 1, '77', 1, 1, 'active', 1, '" +
                 storage::test::round_state_v1 + "');");
    auto unit = f.units().begin();
    const auto session = unit->sessions().find(engine::session_id{1});
    REQUIRE(session);
    CHECK(session->learner == engine::learner_id{1});
    CHECK(session->workspace == engine::workspace_id{1});
    CHECK(session->lang == engine::language::fr);
    CHECK(session->phase == engine::session_phase::asking);
    REQUIRE(session->current);
    CHECK(session->current->order == std::vector<std::uint32_t>{2, 0, 1, 3});
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
    CHECK(unit->rounds().open_deadlines() == std::vector{engine::round_deadline{engine::round_id{1}, at(61'000)}});
}

TEST_CASE("a round lists everyone its saved states named, once each, and keeps them")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    const auto cid = f.add_learner();
    const auto club = f.add_workspace();
    engine::round_state round = a_round(club, ada, bob); // ada hosts and answers; bob plays and answers
    {
        auto unit = f.units().begin();
        round.id = unit->rounds().add(round);
        unit->commit();
    }
    const std::string of_round = " FROM round_participant WHERE round_id = " + std::to_string(round.id.value());
    CHECK(f.count("SELECT count(*)" + of_round) == 2);
    {
        auto unit = f.units().begin();
        round.answers.clear();
        round.players.clear();
        round.players.push_back({cid, at(1'709'553'700'000), 0, 0, 0, std::chrono::milliseconds{0}});
        unit->rounds().save(round);
        unit->commit();
    }
    CHECK(f.count("SELECT count(*)" + of_round) == 3);
    CHECK(f.count("SELECT count(*)" + of_round + " AND learner_id IN (" + std::to_string(ada.value()) + ", " +
                  std::to_string(bob.value()) + ", " + std::to_string(cid.value()) + ")") == 3);
    // The save is sent with the unit's other writes: its failed check is thrown by the commit, which then commits
    // nothing.
    auto unit = f.units().begin();
    round.id = engine::round_id{round.id.value() + 1000};
    unit->rounds().save(round);
    CHECK_THROWS_AS(unit->commit(), std::logic_error);
    unit.reset();
    CHECK(f.count("SELECT count(*) FROM round_participant WHERE round_id = " + std::to_string(round.id.value())) == 0);
}

TEST_CASE("saving a session that was never added is a logic error and the unit commits nothing")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    auto unit = f.units().begin();
    const engine::session_id added = unit->sessions().add(a_session(ada, std::nullopt));
    engine::session_state never = a_session(ada, std::nullopt);
    never.id = engine::session_id{added.value() + 4242};
    unit->sessions().save(never);
    CHECK_THROWS_WITH(unit->commit(), Catch::Contains("which was never added"));
    unit.reset();
    CHECK(f.count("SELECT count(*) FROM session") == 0);
}

// ---- several nodes on one database: units on two connections at once ----

/// The calling thread's backend: the one its open unit runs on.
std::int64_t backend_pid() { return current_connection().exec("SELECT pg_backend_pid()").int64(0, 0); }

/// Whether, within a few seconds, some backend waits on a lock that backend `holder` holds.
bool someone_waits_for(connection& admin, std::int64_t holder)
{
    const std::string query =
        "SELECT count(*) FROM pg_stat_activity WHERE " + std::to_string(holder) + " = ANY (pg_blocking_pids(pid))";
    const auto give_up = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < give_up) {
        if (admin.exec(query).int64(0, 0) > 0) {
            return true;
        }
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

/// Runs `read` in a unit of its own on another thread (another pooled connection: another node, as far as the
/// database can tell), committing after it.
template <class Read>
auto in_other_unit(pg_fixture& f, Read read)
{
    return std::async(std::launch::async, [&f, read] {
        auto unit = f.units().begin();
        auto found = read(*unit);
        unit->commit();
        return found;
    });
}

TEST_CASE("two units for one learner's session: the second's find waits for the first's commit and reads its save")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    engine::session_id id;
    {
        auto unit = f.units().begin();
        id = unit->sessions().add(a_session(ada, std::nullopt));
        unit->commit();
    }
    std::future<std::optional<engine::session_state>> second; // declared first: destroyed after `first` rolls back
    auto first = f.units().begin();
    auto state = first->sessions().find(id);
    REQUIRE(state);
    state->sequence = 5;
    state->planned = 12;
    first->sessions().save(*state);
    second = in_other_unit(f, [id](engine::unit_of_work& unit) { return unit.sessions().find(id); });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    CHECK(second.wait_for(100ms) == std::future_status::timeout);
    first->commit();
    const auto seen = second.get();
    REQUIRE(seen);
    CHECK(seen->sequence == 5);
    CHECK(seen->planned == 12);
    CHECK(seen == state);
}

TEST_CASE("a learner's active session, profile and memories are read one unit at a time")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const engine::pack_key zero{"zero"};
    {
        auto unit = f.units().begin();
        unit->sessions().add(a_session(ada, std::nullopt));
        unit->commit();
    }
    SECTION("active_for waits and reads the session as committed")
    {
        std::future<std::optional<engine::session_state>> second;
        auto first = f.units().begin();
        auto state = first->sessions().active_for(ada);
        REQUIRE(state);
        state->phase = engine::session_phase::ended;
        first->sessions().save(*state);
        second = in_other_unit(f, [ada](engine::unit_of_work& unit) { return unit.sessions().active_for(ada); });
        CHECK(someone_waits_for(f.admin, backend_pid()));
        first->commit();
        CHECK_FALSE(second.get()); // ended by the first
    }
    SECTION("learners().find waits and reads the profile as committed")
    {
        std::future<std::optional<engine::learner_profile>> second;
        auto first = f.units().begin();
        auto profile = first->learners().find(ada);
        REQUIRE(profile);
        profile->streak_days = 3;
        first->learners().save(*profile);
        second = in_other_unit(f, [ada](engine::unit_of_work& unit) { return unit.learners().find(ada); });
        CHECK(someone_waits_for(f.admin, backend_pid()));
        first->commit();
        const auto seen = second.get();
        REQUIRE(seen);
        CHECK(seen->streak_days == 3);
    }
    SECTION("progress().memories waits and reads the memories as committed")
    {
        std::future<std::vector<engine::question_memory>> second;
        auto first = f.units().begin();
        CHECK(first->progress().memories(ada, zero).empty());
        first->progress().save_memory(ada, zero, full_memory("q1"));
        second =
            in_other_unit(f, [ada, zero](engine::unit_of_work& unit) { return unit.progress().memories(ada, zero); });
        CHECK(someone_waits_for(f.admin, backend_pid()));
        first->commit();
        CHECK(second.get() == std::vector{full_memory("q1")});
    }
}

TEST_CASE("units for two different learners do not wait for each other")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    engine::session_id bobs;
    {
        auto unit = f.units().begin();
        unit->sessions().add(a_session(ada, std::nullopt));
        bobs = unit->sessions().add(a_session(bob, std::nullopt));
        unit->commit();
    }
    std::future<bool> second;
    auto first = f.units().begin();
    REQUIRE(first->sessions().active_for(ada));
    REQUIRE(first->learners().find(ada));
    second = in_other_unit(f, [bob, bobs](engine::unit_of_work& unit) {
        return unit.sessions().find(bobs).has_value() && unit.learners().find(bob).has_value() &&
               unit.progress().memories(bob, engine::pack_key{"zero"}).empty();
    });
    REQUIRE(second.wait_for(10s) == std::future_status::ready); // while the first is still open
    CHECK(second.get());
    first->commit();
}

TEST_CASE(
    "first attempts of learners in different stripes do not wait on the question's totals, those of one stripe do")
{
    pg_fixture f;
    // Learner ids 1, 2 and 17: 1 and 17 share stripe 1 (learner_id % 16) of the totals, 2 has its own.
    std::vector<engine::learner_id> learners;
    for (int i = 0; i < 17; ++i) {
        learners.push_back(f.add_learner());
    }
    REQUIRE(learners[0].value() % 16 == learners[16].value() % 16);
    REQUIRE(learners[1].value() % 16 != learners[0].value() % 16);
    {
        // The pack's and the question's rows, committed: a unit adding them would hold them until it ends, and the
        // wait measured here is the totals' alone. Not a first attempt: it counts in no stripe.
        auto seed = f.units().begin();
        seed->attempts().append(an_attempt(learners[2], "k-seed", "q1", false, true));
        seed->commit();
    }
    auto first = f.units().begin();
    first->attempts().append(an_attempt(learners[0], "k-first", "q1", true, true));
    auto other_stripe = in_other_unit(f, [&learners](engine::unit_of_work& unit) {
        unit.attempts().append(an_attempt(learners[1], "k-other", "q1", true, false));
        return true;
    });
    const bool alongside = other_stripe.wait_for(10s) == std::future_status::ready; // while the first is still open
    CHECK(alongside);
    if (!alongside) {
        first->commit(); // lets it finish, so that the test ends
        other_stripe.get();
        return;
    }
    CHECK(other_stripe.get());
    auto same_stripe = in_other_unit(f, [&learners](engine::unit_of_work& unit) {
        unit.attempts().append(an_attempt(learners[16], "k-same", "q1", true, true));
        return true;
    });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    first->commit();
    CHECK(same_stripe.get());
    CHECK(f.count("SELECT sum(first_attempts) FROM question_stats") == 3);
    CHECK(f.count("SELECT count(*) FROM question_stats") == 2); // stripes 1 and 2
}

TEST_CASE("an action delivered to two nodes: the second's attempt lookup waits and then finds the first's attempt")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const engine::idempotency_key key{"discord:1187"};
    std::future<std::optional<engine::attempt_record>> second;
    auto first = f.units().begin();
    CHECK_FALSE(first->attempts().find(key));
    attempt_record attempt = an_attempt(ada, key.value(), "q1", true, true);
    attempt.id = first->attempts().append(attempt);
    second = in_other_unit(f, [key](engine::unit_of_work& unit) { return unit.attempts().find(key); });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    CHECK(second.wait_for(100ms) == std::future_status::timeout);
    first->commit();
    CHECK(second.get() == attempt);
}

TEST_CASE("when the first node's unit rolls back, the second finds no attempt under the key and may log its own")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const engine::idempotency_key key{"discord:1188"};
    std::future<bool> second;
    auto first = f.units().begin();
    CHECK_FALSE(first->attempts().find(key));
    first->attempts().append(an_attempt(ada, key.value(), "q1", true, true));
    second = in_other_unit(f, [key, ada](engine::unit_of_work& unit) {
        const bool found = unit.attempts().find(key).has_value();
        unit.attempts().append(an_attempt(ada, key.value(), "q1", true, false));
        return found;
    });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    first.reset(); // rolled back
    CHECK_FALSE(second.get());
    CHECK(f.count("SELECT count(*) FROM attempt WHERE correct = 0") == 1);
}

TEST_CASE("two units appending under one key at once: one attempt, and the second is given its id")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    {
        auto unit = f.units().begin(); // the pack, question and version exist: nothing but the key is contended
        unit->attempts().append(an_attempt(ada, "k0", "q1", true, true));
        unit->commit();
    }
    std::future<append_result> second;
    auto first = f.units().begin();
    const auto id = first->attempts().append(an_attempt(ada, "k", "q1", false, true));
    // Without a find first: the insert itself waits on the key's unique index, then does nothing.
    second = std::async(std::launch::async, [&f, ada] {
        auto unit = f.units().begin();
        const auto appended = f.factory.stores().attempts.append_once(an_attempt(ada, "k", "q1", false, false));
        unit->commit();
        return appended;
    });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    first->commit();
    const append_result appended = second.get();
    CHECK_FALSE(appended.inserted);
    CHECK(appended.id == id);
    CHECK(f.count("SELECT count(*) FROM attempt WHERE idempotency_key = 'k'") == 1);
    CHECK(f.count("SELECT correct FROM attempt WHERE idempotency_key = 'k'") == 1); // the first's
}

TEST_CASE("two units adding the same new pack and question at once share one row of each")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    std::future<bool> second;
    auto first = f.units().begin();
    first->progress().save_memory(ada, engine::pack_key{"fresh"}, full_memory("q1"));
    second = std::async(std::launch::async, [&f, bob] {
        auto unit = f.units().begin();
        unit->progress().save_memory(bob, engine::pack_key{"fresh"}, full_memory("q1"));
        unit->commit();
        return true;
    });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    first->commit();
    CHECK(second.get());
    CHECK(f.count("SELECT count(*) FROM pack WHERE pack_key = 'fresh'") == 1);
    CHECK(f.count("SELECT count(*) FROM question") == 1);
    CHECK(f.count("SELECT count(*) FROM question_version") == 1);
    CHECK(f.count("SELECT count(*) FROM memory") == 2);
}

TEST_CASE("two nodes opening a round in one channel: the second waits and finds the first's round")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    const auto club = f.add_workspace();
    std::future<std::optional<engine::round_state>> second;
    auto first = f.units().begin();
    REQUIRE_FALSE(first->rounds().active_in(club, "C024BE91L"));
    engine::round_state round = a_round(club, ada, bob);
    round.id = first->rounds().add(round);
    second =
        in_other_unit(f, [club](engine::unit_of_work& unit) { return unit.rounds().active_in(club, "C024BE91L"); });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    CHECK(second.wait_for(100ms) == std::future_status::timeout);
    first->commit();
    CHECK(second.get() == round);
}

TEST_CASE("two units answering in one round: the second's find waits for the first's commit and reads its save")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    const auto club = f.add_workspace();
    engine::round_state round = a_round(club, ada, bob);
    {
        auto unit = f.units().begin();
        round.id = unit->rounds().add(round);
        unit->commit();
    }
    std::future<std::optional<engine::round_state>> second;
    auto first = f.units().begin();
    auto state = first->rounds().find(round.id);
    REQUIRE(state);
    state->players[1].correct = 3;
    first->rounds().save(*state);
    second = in_other_unit(f, [id = round.id](engine::unit_of_work& unit) { return unit.rounds().find(id); });
    CHECK(someone_waits_for(f.admin, backend_pid()));
    first->commit();
    const auto seen = second.get();
    REQUIRE(seen);
    CHECK(seen->players[1].correct == 3);
}

} // namespace
} // namespace quiz::storage::postgres

// ---- what a node remembers between units (transaction.hpp's after_commit) ----

TEST_CASE("what a transaction registers after_commit runs once it commits, and never after a rollback of it or of the "
          "savepoint it came from")
{
    pg_fixture f;
    auto lease = f.connections.acquire();
    std::vector<std::string> ran;
    {
        transaction outer(*lease);
        after_commit([&] { ran.emplace_back("outer"); });
        {
            transaction kept(*lease);
            after_commit([&] { ran.emplace_back("kept savepoint"); });
            kept.commit();
        }
        {
            transaction dropped(*lease); // rolled back: its callback goes with it
            after_commit([&] { ran.emplace_back("dropped savepoint"); });
        }
        CHECK(ran.empty()); // nothing before the outermost commit
        outer.commit();
    }
    CHECK(ran == std::vector<std::string>{"outer", "kept savepoint"});
    ran.clear();
    {
        transaction rolled_back(*lease);
        after_commit([&] { ran.emplace_back("rolled back"); });
    }
    {
        transaction next(*lease);
        next.commit();
    }
    CHECK(ran.empty());
    CHECK_THROWS_AS(after_commit([] {}), std::logic_error);
}

TEST_CASE("a question's ids seen by a unit that rolled back are not reused: the next unit adds the rows again")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "k1", "q-new", true, true)); // adds pack, question, version
    }                                                                        // rolled back: those rows are gone
    CHECK(f.count("SELECT count(*) FROM question") == 0);
    {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "k2", "q-new", true, true));
        unit->commit();
    }
    CHECK(f.count("SELECT count(*) FROM attempt a JOIN question_version v ON v.id = a.question_version_id "
                  "JOIN question q ON q.id = v.question_id WHERE q.question_key = 'q-new'") == 1);
    {
        // Committed now: the ids are the node's to reuse, and they name the same rows.
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(ada, "k3", "q-new", false, false));
        unit->commit();
    }
    CHECK(f.count("SELECT count(DISTINCT question_version_id) FROM attempt") == 1);
    CHECK(f.count("SELECT count(*) FROM question_version") == 1);
}

TEST_CASE("a node keeps a pack's population figures for as long as it is told, and only once their unit committed")
{
    pg_fixture f;
    const auto ada = f.add_learner();
    const auto bob = f.add_learner();
    const auto cid = f.add_learner();
    pg_unit_of_work_factory kept{f.connections, std::chrono::hours{1}};
    const engine::pack_key zero{"zero"};
    const auto first_attempts = [&](engine::unit_of_work_factory& units) {
        auto unit = units.begin();
        auto stats = unit->attempts().first_attempt_stats(zero);
        unit->commit();
        return stats.empty() ? 0 : stats.front().first_attempts;
    };
    const auto answer = [&](engine::learner_id who, const std::string& key) {
        auto unit = f.units().begin();
        unit->attempts().append(an_attempt(who, key, "q1", true, true));
        unit->commit();
    };
    {
        // Read by a unit that rolls back: not kept.
        auto unit = kept.begin();
        CHECK(unit->attempts().first_attempt_stats(zero).empty());
    }
    answer(ada, "k1");
    CHECK(first_attempts(kept) == 1); // read now, and kept
    answer(bob, "k2");
    CHECK(first_attempts(kept) == 1);      // as kept
    CHECK(first_attempts(f.units()) == 2); // the factory told to keep nothing reads every time
    answer(cid, "k3");
    CHECK(first_attempts(f.units()) == 3);
    CHECK(first_attempts(kept) == 1);
}
