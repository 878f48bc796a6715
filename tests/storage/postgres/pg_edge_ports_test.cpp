// SPDX-License-Identifier: MIT
// The edge's ports on PostgreSQL: the contract SQLite runs too (support/edge_port_contract.hpp), forgetting and
// expiring learners as SQLite does, the server's kept secret, and what several nodes on one database must get right:
// claims that never hand one learner to two nodes, a local day's reminder and a platform event recorded once, one
// secret, and units for one learner serializing on its row.
#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_expire_web_learners.hpp"
#include "storage/postgres/pg_forget.hpp"
#include "storage/postgres/pg_identity_directory.hpp"
#include "storage/postgres/pg_outbox.hpp"
#include "storage/postgres/pg_reminder_book.hpp"
#include "storage/postgres/pg_round_messages.hpp"
#include "storage/postgres/pg_server_secrets.hpp"
#include "storage/postgres/pool.hpp"
#include "storage/postgres/transaction.hpp"
#include "tests/support/pg_scratch.hpp"

#include <string>
#include <tuple>

namespace {

namespace pg = quiz::storage::postgres;

pg::pool_options edge_pool_options(std::string uri)
{
    pg::pool_options options;
    options.uri = std::move(uri);
    options.size = 6;
    return options;
}

pg::pool::lease edge_migrated(pg::pool& connections)
{
    auto lease = connections.acquire();
    pg::migrate(*lease);
    return lease;
}

/// The contract's fixture: one transaction, open on the test's thread for the fixture's life and never committed,
/// on a connection to a migrated scratch schema.
struct pg_edge_fixture {
    quiz::test::pg_scratch scratch;
    pg::pool connections{edge_pool_options(scratch.uri())};
    pg::pool::lease lease = edge_migrated(connections);
    pg::transaction unit{*lease};
    pg::pg_identity_directory directory;
    pg::pg_reminder_book book;
    pg::pg_round_messages round_messages;
    pg::pg_outbox pending;

    quiz::engine::identity_directory& identities() { return directory; }
    quiz::engine::reminder_book& reminders() { return book; }
    quiz::engine::round_messages& messages() { return round_messages; }
    quiz::engine::outbox& outbox() { return pending; }
    void exec(const std::string& sql) { lease->exec(sql); }
    std::int64_t scalar(const std::string& sql) { return lease->exec(sql).int64(0, 0); }
};

using edge_port_fixtures = std::tuple<pg_edge_fixture>;

} // namespace

#include "tests/support/edge_port_contract.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <latch>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <vector>

namespace quiz::storage::postgres {
namespace {

using namespace std::chrono_literals;

/// A migrated scratch database and a pool of connections to it: each connection leased plays a node.
struct pg_nodes {
    test::pg_scratch scratch;
    pool connections{edge_pool_options(scratch.uri())};

    pg_nodes() { (void)edge_migrated(connections); }

    /// Runs `sql` in a transaction of its own, committed.
    void commit_sql(const std::string& sql)
    {
        auto lease = connections.acquire();
        lease->exec("BEGIN; " + sql + "; COMMIT");
    }
    std::int64_t scalar(const std::string& sql) { return connections.acquire()->exec(sql).int64(0, 0); }
    std::string text(const std::string& sql) { return std::string(connections.acquire()->exec(sql).text(0, 0)); }
};

/// `work` as a unit of another node: on a thread of its own, in a transaction on a connection of its own, committed
/// when `work` returns. A lock the unit would wait for longer than 5 s fails it (55P03) instead of hanging the test.
/// The connection's backend pid goes to `pid` first, when given.
template <class Work>
auto on_other_node(pool& connections, Work work, std::promise<std::int64_t>* pid = nullptr)
{
    return std::async(std::launch::async, [&connections, work = std::move(work), pid] {
        auto lease = connections.acquire();
        lease->exec("SET lock_timeout = '5s'");
        if (pid != nullptr) {
            pid->set_value(lease->exec("SELECT pg_backend_pid()").int64(0, 0));
        }
        transaction unit(*lease);
        auto out = work();
        unit.commit();
        return out;
    });
}

/// Whether the backend `pid` comes to wait for a lock within 5 s: the statement it runs is blocked.
bool comes_to_wait(connection& observer, std::int64_t pid)
{
    const auto give_up = std::chrono::steady_clock::now() + 5s;
    while (std::chrono::steady_clock::now() < give_up) {
        if (observer.exec("SELECT count(*) FROM pg_locks WHERE NOT granted AND pid = " + std::to_string(pid))
                .int64(0, 0) > 0) {
            return true;
        }
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

/// Keeps a node's unit open, its claims held, until the other node's has claimed too (or failed): two nodes'
/// claims at once, not one after the other's commit.
class both_hold_claims {
public:
    explicit both_hold_claims(std::latch& done) : done_(done) {}
    both_hold_claims(const both_hold_claims&) = delete;
    both_hold_claims& operator=(const both_hold_claims&) = delete;
    ~both_hold_claims() { done_.arrive_and_wait(); }

private:
    std::latch& done_;
};

std::map<std::string, std::int64_t> as_map(const std::vector<erased_rows>& erased)
{
    std::map<std::string, std::int64_t> out;
    for (const auto& rows : erased) {
        out[std::string(rows.what)] = rows.count;
    }
    return out;
}

// ---- forgetting a learner ----

// Learner 1 (discord:42) has a row in every table; learner 2 (local:bob) has a membership, an attempt, a memory
// state, a round participation and a line and an answer in the round's state, all of which must survive. The rows
// of tests/storage/seed_rows.hpp's seed_version, 1 to 10, and forget_test.cpp's second learner.
constexpr const char* forget_round_state =
    R"({"workspace":1,"channel":"77","host":1,"pack":"zero-sharded","lang":"fr","seed":7,)"
    R"("options":{"questions":5,"min_time_s":30,"max_time_s":120},"phase":"open","sequence":1,)"
    R"("question":"stage1-state","order":[2,0,1,3],"opened_at":1000,"deadline":61000,"closed_by":null,)"
    R"("answers":[{"learner":1,"displayed":0,"chosen":2,"correct":true,"response_ms":5400},)"
    R"({"learner":2,"displayed":3,"chosen":0,"correct":false,"response_ms":800}],)"
    R"("players":[{"learner":1,"joined_at":1000,"present":0,"answered":1,"correct":1,"answer_ms":5400},)"
    R"({"learner":2,"joined_at":1500,"present":0,"answered":1,"correct":0,"answer_ms":800}],)"
    R"("asked":["stage1-state"]})";

void seed_two_learners(pg_nodes& db)
{
    db.commit_sql(
        "INSERT INTO workspace (id, platform, external_id, name) VALUES (1, 'discord', '1100', 'GPU club');"
        "INSERT INTO learner (id, platform, external_id, display_name, locale)"
        " VALUES (1, 'discord', '42', 'Ada', 'fr'), (2, 'local', 'bob', 'Bob', NULL);"
        "INSERT INTO membership (workspace_id, learner_id, role) VALUES (1, 1, 'instructor'), (1, 2, 'learner');"
        "INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded');"
        "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'stage1-state');"
        "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'aa11'), (2, 1, 'bb22');"
        "INSERT INTO session (id, learner_id, workspace_id, pack_id, venue, status, started_at_ms, state_format,"
        " state) VALUES (1, 1, 1, 1, 'dm', 'active', 1000, 1, '{}');"
        "INSERT INTO group_round (id, workspace_id, channel_id, host_id, pack_id, status, state_format, state)"
        " VALUES (1, 1, '77', 1, 1, 'active', 1, '" +
        std::string(forget_round_state) +
        "');"
        "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 1), (1, 2);"
        "INSERT INTO processed_event (platform, event_id, received_at_ms) VALUES ('discord', 'ev1', 1000);"
        "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, due_at_ms)"
        " VALUES (1, 1, 1, 'review', 3.5, 5.25, 90000), (2, 1, 2, 'learning', 0.2, 7.0, 3000);"
        "INSERT INTO concept_mastery (learner_id, pack_id, concept_key, form, answers, correct)"
        " VALUES (1, 1, 'zero-stages', -0.25, 4, 1);"
        "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
        " shown_order, correct, rating, first_attempt, response_ms, venue, workspace_id, session_id, round_id,"
        " answered_at_ms, next_due_at_ms, retry_in_session) VALUES"
        " ('discord:interaction:1', 1, 1, 2, 0, '2,0,1,3', 1, 3, 1, 5400, 'dm', 1, 1, NULL, 1000, 90000, 0),"
        " ('discord:interaction:2', 2, 2, 0, 3, '1,2,3,0', 0, 1, 1, 800, 'group_round', NULL, NULL, 1, 2000, 3000,"
        " 1);"
        "INSERT INTO reminder_log (learner_id, kind, local_date, due_count, sent_at_ms)"
        " VALUES (1, 'due_reviews', '2026-01-05', 3, 1000);"
        "INSERT INTO memory_model (learner_id, model, weights, answer_count, fitted_at_ms)"
        " VALUES (1, '{}', '0.2 1.3', 70, 1000);"
        "UPDATE learner SET reminders_enabled = 1, reminder_minute = 1080, time_zone = 'Europe/Paris' WHERE id = 1;"
        "INSERT INTO reminder_schedule (learner_id, next_at_ms, last_sent_at_ms, last_sent_day, ignored_in_a_row)"
        " VALUES (1, 90000, 1000, '2026-01-05', 1);"
        "INSERT INTO outbox (id, kind, coalesce_key, learner_id, payload, created_at_ms, expires_at_ms, next_at_ms)"
        " VALUES (1, 'reminder', 'reminder:1', 1, '{}', 1000, 9000, 1000),"
        " (2, 'reminder', 'reminder:2', 2, '{}', 1000, 9000, 1000)");
}

TEST_CASE("forget erases every row about one learner and nothing about the others")
{
    pg_nodes db;
    seed_two_learners(db);
    const auto first_attempts = [&db] {
        return db.text(
            "SELECT sum(first_attempts) || '/' || sum(first_correct) FROM question_stats WHERE question_id = 1");
    };
    REQUIRE(first_attempts() == "2/1");
    std::optional<std::vector<erased_rows>> erased;
    {
        auto lease = db.connections.acquire();
        erased = forget_learner(*lease, "discord", "42");
    }
    REQUIRE(erased);
    const std::map<std::string, std::int64_t> expected{
        {"round states rewritten without them", 1},
        {"attempts", 1},
        {"memory states", 1},
        {"concept mastery rows", 1},
        {"sessions", 1},
        {"round participations", 1},
        {"rounds hosted (host removed)", 1},
        {"memberships", 1},
        {"reminders", 1},
        {"reminder schedule", 1},
        {"messages waiting to be sent", 1},
        {"memory model", 1},
        {"learner", 1},
    };
    CHECK(as_map(*erased) == expected);
    // In SQLite's order: the rounds' states first, the learner's row last.
    REQUIRE(erased->size() == 13);
    CHECK(erased->front().what == "round states rewritten without them");
    CHECK((*erased)[1].what == "attempts");
    CHECK(erased->back().what == "learner");
    CHECK(db.scalar("SELECT count(*) FROM learner WHERE id = 1") == 0);
    // Everything about learner 2 is still there.
    CHECK(db.text("SELECT external_id FROM learner WHERE id = 2") == "bob");
    CHECK(db.scalar("SELECT count(*) FROM attempt") == 1);
    CHECK(db.scalar("SELECT count(*) FROM memory") == 1);
    CHECK(db.scalar("SELECT count(*) FROM membership") == 1);
    CHECK(db.scalar("SELECT count(*) FROM round_participant") == 1);
    CHECK(db.text("SELECT coalesce_key FROM outbox") == "reminder:2");
    // Shared things stay: the round, the pack, the workspace, the handled event.
    CHECK(db.scalar("SELECT count(*) FROM group_round WHERE id = 1 AND host_id IS NULL") == 1);
    // The round's stored state no longer names them (no host, no line, no answer); the other player's stay.
    CHECK(db.text("SELECT (state::json->>'host') || '/' || json_array_length(state::json->'players') || '/' ||"
                  " json_array_length(state::json->'answers') || '/' || (state::json->'players'->0->>'learner') ||"
                  " '/' || (state::json->'answers'->0->>'learner') || '/' || state_format FROM group_round") ==
          "0/1/1/2/2/1");
    CHECK(db.scalar("SELECT count(*) FROM question_version") == 2);
    CHECK(db.scalar("SELECT count(*) FROM workspace") == 1);
    CHECK(db.scalar("SELECT count(*) FROM processed_event") == 1);
    CHECK(first_attempts() == "1/0"); // the population statistics no longer count the forgotten attempt
    CHECK(db.scalar("SELECT sum(learners) FROM concept_form_total") == 0); // nor their concept form
}

TEST_CASE("forget reports an unknown learner and erases nothing")
{
    pg_nodes db;
    seed_two_learners(db);
    auto lease = db.connections.acquire();
    CHECK_FALSE(forget_learner(*lease, "discord", "43"));
    CHECK_FALSE(forget_learner(*lease, "slack", "42"));
    CHECK(db.scalar("SELECT count(*) FROM learner") == 2);
    CHECK(db.scalar("SELECT count(*) FROM attempt") == 2);
}

TEST_CASE("an erasure inside a unit commits or rolls back with it")
{
    pg_nodes db;
    seed_two_learners(db);
    auto lease = db.connections.acquire();
    {
        transaction unit(*lease);
        REQUIRE(erase_learner("discord", "42"));
        CHECK(lease->exec("SELECT count(*) FROM learner WHERE id = 1").int64(0, 0) == 0); // the unit sees it
    }                                                                                     // rolled back
    CHECK(db.scalar("SELECT count(*) FROM learner WHERE id = 1") == 1);
    CHECK(db.scalar("SELECT count(*) FROM attempt WHERE learner_id = 1") == 1);
    CHECK(db.text("SELECT state::json->>'host' FROM group_round") == "1");
    {
        transaction unit(*lease);
        pg_identity_directory directory;
        REQUIRE(directory.erase({"discord", "42"}));
        unit.commit();
    }
    CHECK(db.scalar("SELECT count(*) FROM learner") == 1);
    CHECK(db.scalar("SELECT count(*) FROM attempt WHERE learner_id = 1") == 0);
}

TEST_CASE("an erasure waits for the learner's unit in flight, which holds their row")
{
    pg_nodes db;
    seed_two_learners(db);
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    REQUIRE(directory.ensure_learner({"discord", "42"}, "").id == engine::learner_id{1});
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    auto erasing = on_other_node(
        db.connections, [] { return erase_learner("discord", "42").has_value(); }, &pid);
    CHECK(comes_to_wait(*lease, pid_known.get()));
    // The unit in flight writes on, as a unit does: a row the erasure's statements would not have seen had they
    // run before it committed, and the learner's row could not go.
    lease->exec("INSERT INTO reminder_log (learner_id, kind, local_date, due_count, sent_at_ms)"
                " VALUES (1, 'due_reviews', '2026-01-06', 1, 2000)");
    unit.commit();
    CHECK(erasing.get());
    CHECK(db.scalar("SELECT count(*) FROM learner WHERE id = 1") == 0);
    CHECK(db.scalar("SELECT count(*) FROM reminder_log") == 0);
}

// ---- expiring playground learners ----

constexpr std::int64_t hour_ms = 60LL * 60 * 1000;
constexpr std::int64_t day_ms = 24 * hour_ms;

std::string web_learner_sql(int id)
{
    return "INSERT INTO learner (id, platform, external_id) VALUES (" + std::to_string(id) + ", 'web', 'w" +
           std::to_string(id) + "');";
}

std::string session_sql(int learner, std::int64_t at_ms)
{
    return "INSERT INTO session (learner_id, pack_id, venue, status, started_at_ms, state_format, state) VALUES (" +
           std::to_string(learner) + ", 1, 'web', 'ended', " + std::to_string(at_ms) + ", 1, '{}');";
}

std::string attempt_sql(int learner, std::int64_t at_ms)
{
    return "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
           " shown_order, correct, rating, first_attempt, response_ms, venue, answered_at_ms, next_due_at_ms,"
           " retry_in_session) VALUES ('web:" +
           std::to_string(learner) + ":" + std::to_string(at_ms) + "', " + std::to_string(learner) +
           ", 1, 0, 0, '0,1,2,3', 1, 3, 1, 900, 'web', " + std::to_string(at_ms) + ", " +
           std::to_string(at_ms + day_ms) + ", 0);";
}

/// Learners 1 (discord) and 2 (local), the pack and its question versions.
void seed_expiry(pg_nodes& db)
{
    db.commit_sql("INSERT INTO learner (id, platform, external_id) VALUES (1, 'discord', '42'), (2, 'local', 'bob');"
                  "INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded');"
                  "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'stage1-state');"
                  "INSERT INTO question_version (id, question_id, content_hash) VALUES (1, 1, 'aa11')");
}

bool present(pg_nodes& db, int learner)
{
    return db.scalar("SELECT count(*) FROM learner WHERE id = " + std::to_string(learner)) == 1;
}

std::int64_t sweep(pg_nodes& db, std::int64_t idle_before_ms, int limit)
{
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_expire_web_learners expiry;
    const auto erased = expiry.expire(engine::instant{std::chrono::milliseconds{idle_before_ms}}, limit);
    unit.commit();
    return erased;
}

TEST_CASE("expiry erases playground learners who never came back, and only them")
{
    pg_nodes db;
    seed_expiry(db);
    const std::int64_t start = 100 * day_ms;
    const std::int64_t cutoff = start + 40 * day_ms;
    db.commit_sql(web_learner_sql(10) + session_sql(10, start) + attempt_sql(10, start + hour_ms) +    // expired
                  web_learner_sql(11) + session_sql(11, start) + attempt_sql(11, start + 3 * day_ms) + // came back
                  web_learner_sql(12) + session_sql(12, cutoff + hour_ms) +             // after the cutoff: kept
                  web_learner_sql(13) +                                                 // nothing to date them by: kept
                  web_learner_sql(14) + session_sql(14, start + 2 * day_ms) +           // a session, no answer: expired
                  web_learner_sql(15) + attempt_sql(15, start + 2 * day_ms + hour_ms) + // an answer only: expired
                  web_learner_sql(16) + attempt_sql(16, start) + attempt_sql(16, start + 2 * day_ms) + // two days
                  session_sql(1, start)); // a Discord learner's single old visit: not anonymous, kept

    CHECK(sweep(db, cutoff, 1) == 1); // the limit holds; the longest idle first
    CHECK_FALSE(present(db, 10));
    CHECK(present(db, 14));
    CHECK(sweep(db, cutoff, 100) == 2);
    CHECK_FALSE(present(db, 14));
    CHECK_FALSE(present(db, 15));
    CHECK(sweep(db, cutoff, 100) == 0);
    for (const int kept : {1, 2, 11, 12, 13, 16}) {
        INFO(kept);
        CHECK(present(db, kept));
    }
    // Erased as forget-me erases: nothing of theirs is left.
    CHECK(db.scalar("SELECT count(*) FROM session WHERE learner_id IN (10, 14)") == 0);
    CHECK(db.scalar("SELECT count(*) FROM attempt WHERE learner_id IN (10, 15)") == 0);
    CHECK(db.scalar("SELECT count(*) FROM attempt WHERE learner_id = 11") == 1);
}

/// Web learners first..last, each with one visit long ago, learner `first` the longest idle; the cutoff after them.
std::int64_t seed_idle_web_learners(pg_nodes& db, int first, int last)
{
    seed_expiry(db);
    std::string sql;
    for (int id = first; id <= last; ++id) {
        sql += web_learner_sql(id) + session_sql(id, 100 * day_ms + id * hour_ms);
    }
    sql += web_learner_sql(99) + session_sql(99, 100 * day_ms) + attempt_sql(99, 103 * day_ms); // came back: kept
    db.commit_sql(sql);
    return 200 * day_ms;
}

TEST_CASE("a sweep passes over the learners another node's sweep claimed, and erases the next ones")
{
    pg_nodes db;
    const std::int64_t cutoff = seed_idle_web_learners(db, 20, 25);
    {
        auto lease = db.connections.acquire();
        transaction unit(*lease);
        pg_expire_web_learners expiry;
        const engine::instant idle_before{std::chrono::milliseconds{cutoff}};
        CHECK(expiry.expire(idle_before, 2) == 2); // 20 and 21, claimed until this unit ends
        // The other node neither waits for them nor erases them again.
        auto other = on_other_node(db.connections, [&expiry, idle_before] { return expiry.expire(idle_before, 10); });
        CHECK(other.get() == 4);
        unit.commit();
    }
    for (int id = 20; id <= 25; ++id) {
        INFO(id);
        CHECK_FALSE(present(db, id));
    }
    CHECK(present(db, 99));
    CHECK(sweep(db, cutoff, 10) == 0);
}

TEST_CASE("two nodes sweeping at once erase each learner once")
{
    pg_nodes db;
    const std::int64_t cutoff = seed_idle_web_learners(db, 20, 59);
    std::latch start(2);
    std::latch swept(2);
    const auto node = [&db, &start, &swept, cutoff] {
        return on_other_node(db.connections, [&start, &swept, cutoff] {
            pg_expire_web_learners expiry;
            start.arrive_and_wait();
            const both_hold_claims hold{swept};
            return expiry.expire(engine::instant{std::chrono::milliseconds{cutoff}}, 100);
        });
    };
    auto a = node();
    auto b = node();
    const std::int64_t erased_a = a.get();
    const std::int64_t erased_b = b.get();
    CHECK(erased_a + erased_b == 40);
    CHECK(db.scalar("SELECT count(*) FROM learner WHERE platform = 'web'") == 1);
    CHECK(db.scalar("SELECT count(*) FROM session") == 1);
}

TEST_CASE("a sweep leaves a learner whose unit is running for a later one")
{
    pg_nodes db;
    const std::int64_t cutoff = seed_idle_web_learners(db, 20, 21);
    auto lease = db.connections.acquire();
    {
        transaction unit(*lease);
        pg_identity_directory directory;
        REQUIRE(directory.ensure_learner({"web", "w20"}, "").id == engine::learner_id{20}); // they are back, now
        auto other = on_other_node(db.connections, [cutoff] { return expire_web_learners(cutoff, 10); });
        CHECK(other.get() == 1); // 21 only, without waiting
        unit.commit();
    }
    CHECK(present(db, 20));
    CHECK_FALSE(present(db, 21));
    CHECK(sweep(db, cutoff, 10) == 1); // their visit added nothing to date them by: idle still
}

// ---- the server's kept secret ----

TEST_CASE("a server secret is generated on first use, kept, and the same for every connection")
{
    pg_nodes db;
    const std::string first_key("first-key-\0with-a-zero-byte-and-more", 36); // keys are bytes, not text
    int generated = 0;
    const auto make = [&](std::string key) {
        return [&generated, key] {
            ++generated;
            return key;
        };
    };
    const auto keep = [&db](const std::string& name, const std::function<std::string()>& generate, std::int64_t now) {
        auto lease = db.connections.acquire();
        transaction unit(*lease);
        auto secret = server_secret(name, generate, now);
        unit.commit();
        return secret;
    };
    CHECK(keep("report_links", make(first_key), 1000) == first_key);
    CHECK(generated == 1);
    CHECK(keep("report_links", make("a second key that must not win"), 2000) == first_key);
    CHECK(generated == 1); // kept: nothing new was made
    CHECK(db.scalar("SELECT created_at_ms FROM server_secret WHERE name = 'report_links'") == 1000);
    CHECK(db.scalar("SELECT length(value) FROM server_secret WHERE name = 'report_links'") == 36);
    // Another name is another key.
    CHECK(keep("other", make("another key"), 3000) == "another key");
    CHECK(generated == 2);
}

TEST_CASE("two nodes keeping a secret at once read the same value")
{
    pg_nodes db;
    std::latch both_generating(2);
    const auto node = [&db, &both_generating](std::string key) {
        return on_other_node(db.connections, [&both_generating, key] {
            // Both looked and found none before either inserts: both make a key, one is kept.
            return server_secret(
                "report_links",
                [&both_generating, key] {
                    both_generating.arrive_and_wait();
                    return key;
                },
                1000);
        });
    };
    auto a = node("key of node a");
    auto b = node("key of node b");
    const std::string secret_a = a.get();
    const std::string secret_b = b.get();
    CHECK(secret_a == secret_b);
    CHECK((secret_a == "key of node a" || secret_a == "key of node b"));
    CHECK(db.scalar("SELECT count(*) FROM server_secret") == 1);
    CHECK(db.text("SELECT convert_from(value, 'UTF8') FROM server_secret") == secret_a);
}

// ---- reminders claimed by several nodes ----

/// Learners 1..count with reminders due, learner i at minute i of 2026-03-03 17:00; the claim's `now` after all.
engine::instant seed_due_reminders(pg_nodes& db, int count)
{
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    pg_reminder_book book;
    for (int i = 1; i <= count; ++i) {
        engine::reminder_schedule s;
        s.enabled = true;
        s.next_at = test::edge_contract::march(3, 17) + std::chrono::minutes{i};
        book.save(directory.ensure_learner({"discord", std::to_string(i)}, "").id, s);
    }
    unit.commit();
    return test::edge_contract::march(3, 18);
}

std::set<std::int64_t> learners_of(const std::vector<engine::due_reminder>& due)
{
    std::set<std::int64_t> out;
    for (const auto& d : due) {
        out.insert(d.learner.value());
    }
    return out;
}

TEST_CASE("a node claiming due reminders passes over those another node claimed, without waiting")
{
    pg_nodes db;
    const engine::instant now = seed_due_reminders(db, 4);
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_reminder_book book;
    const auto mine = book.due(now, 2);
    REQUIRE(mine.size() == 2);
    CHECK(learners_of(mine) == std::set<std::int64_t>{1, 2}); // the earliest
    auto other = on_other_node(db.connections, [&book, now] { return book.due(now, 10); });
    const auto theirs = other.get();
    CHECK(learners_of(theirs) == std::set<std::int64_t>{3, 4});
    REQUIRE(theirs.size() == 2);
    CHECK(theirs[0].learner == engine::learner_id{3}); // earliest first still
    CHECK(theirs[0].who == engine::platform_identity{"discord", "3"});
    // Once this node moved its claims on and committed, they are not due for anyone.
    for (const auto& d : mine) {
        auto moved = d.schedule;
        moved.next_at = test::edge_contract::march(4, 17);
        book.save(d.learner, moved);
    }
    unit.commit();
    auto later = on_other_node(db.connections, [&book, now] { return book.due(now, 10); });
    CHECK(learners_of(later.get()) == std::set<std::int64_t>{3, 4});
}

TEST_CASE("two nodes ticking at the same moment claim different learners")
{
    pg_nodes db;
    const engine::instant now = seed_due_reminders(db, 40);
    pg_reminder_book book;
    std::latch start(2);
    std::latch claimed(2);
    const auto node = [&db, &book, &start, &claimed, now] {
        return on_other_node(db.connections, [&book, &start, &claimed, now] {
            start.arrive_and_wait();
            const both_hold_claims hold{claimed};
            return book.due(now, 100);
        });
    };
    auto a = node();
    auto b = node();
    const auto claimed_a = learners_of(a.get());
    const auto claimed_b = learners_of(b.get());
    std::vector<std::int64_t> both;
    std::set_intersection(claimed_a.begin(), claimed_a.end(), claimed_b.begin(), claimed_b.end(),
                          std::back_inserter(both));
    CHECK(both.empty());
    CHECK(claimed_a.size() + claimed_b.size() == 40);
}

TEST_CASE("a local day's reminder recorded by two nodes at once is recorded once")
{
    pg_nodes db;
    (void)seed_due_reminders(db, 1);
    const engine::learner_id ann{1};
    const auto day = std::chrono::year{2026} / std::chrono::March / 3;
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_reminder_book book;
    CHECK(book.record_sent(ann, day, 2, test::edge_contract::march(3, 17)));
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    auto other = on_other_node(
        db.connections, [&book, ann, day] { return book.record_sent(ann, day, 2, test::edge_contract::march(3, 17)); },
        &pid);
    CHECK(comes_to_wait(*lease, pid_known.get())); // it waits for this unit's row
    unit.commit();
    CHECK_FALSE(other.get());
    CHECK(db.scalar("SELECT count(*) FROM reminder_log") == 1);
}

TEST_CASE("a day recorded by a unit that rolled back can be recorded by another node")
{
    pg_nodes db;
    (void)seed_due_reminders(db, 1);
    const engine::learner_id ann{1};
    const auto day = std::chrono::year{2026} / std::chrono::March / 3;
    auto lease = db.connections.acquire();
    pg_reminder_book book;
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    std::future<bool> other;
    {
        transaction unit(*lease);
        CHECK(book.record_sent(ann, day, 2, test::edge_contract::march(3, 17)));
        other = on_other_node(
            db.connections,
            [&book, ann, day] { return book.record_sent(ann, day, 2, test::edge_contract::march(3, 18)); }, &pid);
        CHECK(comes_to_wait(*lease, pid_known.get()));
    } // rolled back: the send failed before it was made
    CHECK(other.get());
    CHECK(db.scalar("SELECT sent_at_ms FROM reminder_log") ==
          test::edge_contract::march(3, 18).time_since_epoch().count());
}

// ---- one learner, several nodes ----

TEST_CASE("ensure_learner holds the learner's row until the unit ends, whether it added them or found them")
{
    pg_nodes db;
    db.commit_sql("INSERT INTO learner (platform, external_id) VALUES ('discord', 'ada'), ('discord', 'bob')");
    const auto try_lock = [&db](const std::string& external_id) {
        return on_other_node(db.connections, [external_id] {
            current_connection().exec("SET LOCAL lock_timeout = '200ms'");
            try {
                // In a savepoint: its failure leaves the other node's transaction whole, to be committed.
                transaction probe(current_connection());
                current_connection().exec("SELECT 1 FROM learner WHERE external_id = '" + external_id +
                                          "' FOR NO KEY UPDATE");
                probe.commit();
                return std::string("locked");
            } catch (const pg_error& e) {
                return e.sqlstate();
            }
        });
    };
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    const auto ada = directory.ensure_learner({"discord", "ada"}, "").id; // found, no name to write
    CHECK(try_lock("ada").get() == "55P03");                              // lock_not_available
    CHECK(try_lock("bob").get() == "locked");                             // another learner's units go on
    unit.commit();
    CHECK(try_lock("ada").get() == "locked");
    CHECK(db.scalar("SELECT count(*) FROM learner") == 2);
    CHECK(ada == engine::learner_id{db.scalar("SELECT id FROM learner WHERE external_id = 'ada'")});
}

TEST_CASE("two nodes adding the same new learner at once get one learner")
{
    pg_nodes db;
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    const auto mine = directory.ensure_learner({"web", "tok"}, "Ada");
    CHECK_FALSE(mine.reminders_refused);
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    auto other = on_other_node(
        db.connections,
        [&directory] {
            return directory.ensure_learner({"web", "tok"}, "").id;
        },
        &pid);
    CHECK(comes_to_wait(*lease, pid_known.get())); // on the row this unit added
    unit.commit();
    CHECK(other.get() == mine.id);
    CHECK(db.scalar("SELECT count(*) FROM learner") == 1);
    CHECK(db.text("SELECT display_name FROM learner") == "Ada");
}

TEST_CASE("a platform event delivered to two nodes at once is handled by one")
{
    pg_nodes db;
    const auto t = test::edge_contract::march(3, 12);
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    CHECK(directory.first_delivery("slack", "Ev01", t));
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    auto other = on_other_node(
        db.connections, [&directory, t] { return directory.first_delivery("slack", "Ev01", t + 1s); }, &pid);
    CHECK(comes_to_wait(*lease, pid_known.get()));
    unit.commit();
    CHECK_FALSE(other.get());
    CHECK(db.scalar("SELECT count(*) FROM processed_event") == 1);
}

TEST_CASE("a heads-up another unit of the learner's said while this one waited is not said again")
{
    pg_nodes db;
    db.commit_sql("INSERT INTO learner (id, platform, external_id) VALUES (1, 'discord', 'ada');"
                  "INSERT INTO reminder_schedule (learner_id, refused) VALUES (1, 1)");
    auto lease = db.connections.acquire();
    transaction unit(*lease);
    pg_identity_directory directory;
    const auto entered = directory.ensure_learner({"discord", "ada"}, "");
    REQUIRE(entered.reminders_refused);
    std::promise<std::int64_t> pid;
    auto pid_known = pid.get_future();
    auto other = on_other_node(
        db.connections,
        [&directory] {
            return directory.ensure_learner({"discord", "ada"}, "").reminders_refused;
        },
        &pid);
    CHECK(comes_to_wait(*lease, pid_known.get()));
    directory.clear_reminders_refused(entered.id); // said
    unit.commit();
    CHECK_FALSE(other.get());
}

} // namespace
} // namespace quiz::storage::postgres
