// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace quiz::storage::storage_group_commit_test {
namespace {

using test::concat;
using test::temp_folder;

void make_table(SQLite::Database& db) { db.exec("CREATE TABLE item (name TEXT PRIMARY KEY) STRICT"); }

std::function<void()> insert(SQLite::Database& db, const std::string& name)
{
    return [&db, name] { db.exec("INSERT INTO item (name) VALUES ('" + name + "')"); };
}

std::int64_t count_items(SQLite::Database& db) { return db.execAndGet("SELECT count(*) FROM item").getInt64(); }

// Holds the writer inside a unit until release(), so that the units submitted meanwhile form the next batch.
class gate {
public:
    /// Submits the holding unit and returns once the writer is inside it.
    void hold(group_commit& writer)
    {
        writer.submit(
            [this] {
                entered_.set_value();
                opened_future_.wait();
            },
            nullptr);
        entered_.get_future().wait();
    }
    void release() { opened_.set_value(); }

private:
    std::promise<void> entered_;
    std::promise<void> opened_;
    std::shared_future<void> opened_future_ = opened_.get_future().share();
};

struct outcome_log {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::pair<std::string, bool>> outcomes; // name, committed
    group_commit::completion record(std::string name)
    {
        return [this, name](std::exception_ptr failure) {
            {
                const std::lock_guard lock(mutex);
                outcomes.emplace_back(name, failure == nullptr);
            }
            changed.notify_all();
        };
    }
    void wait_for(std::size_t count)
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return outcomes.size() >= count; });
    }
};

TEST_CASE("units waiting together are committed in one transaction")
{
    const temp_folder folder;
    SQLite::Database db = open_database(folder.file("quizbot.db"));
    make_table(db);
    outcome_log log;
    {
        gate held;
        group_commit writer(db);
        held.hold(writer);
        for (int i = 0; i < 100; ++i) {
            writer.submit(insert(db, concat("n", std::to_string(i))), log.record(concat("n", std::to_string(i))));
        }
        held.release();
        log.wait_for(100);
        const group_commit_stats stats = writer.stats();
        CHECK(stats.units == 101);
        CHECK(stats.transactions == 1); // the hundred queued while the gate's unit ran, so they joined its batch
        CHECK(stats.failed_units == 0);
    }
    CHECK(count_items(db) == 100);
    REQUIRE(log.outcomes.size() == 100);
    for (std::size_t i = 0; i < log.outcomes.size(); ++i) {
        CHECK(log.outcomes[i].first == concat("n", std::to_string(i))); // acknowledged in submission order
        CHECK(log.outcomes[i].second);
    }
}

TEST_CASE("a batch takes at most max_batch units, the rest wait for the next transaction")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    outcome_log log;
    gate held;
    group_commit writer(db, {.max_batch = 10});
    held.hold(writer);
    for (int i = 0; i < 25; ++i) {
        writer.submit(insert(db, std::to_string(i)), log.record(std::to_string(i)));
    }
    held.release();
    log.wait_for(25);
    const group_commit_stats stats = writer.stats();
    CHECK(stats.units == 26);
    CHECK(stats.transactions == 3); // the gate and 9, then 10, then 6
    CHECK(count_items(db) == 25);
}

TEST_CASE("the batch observer sees each transaction's units, failures and duration before any completion")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    std::mutex mutex;
    std::vector<group_commit_batch> batches;
    std::vector<std::size_t> batches_seen_by_completion;
    group_commit_options options;
    options.on_batch = [&](const group_commit_batch& b) {
        const std::lock_guard lock(mutex);
        batches.push_back(b);
    };
    const auto completion = [&](std::exception_ptr) {
        const std::lock_guard lock(mutex);
        batches_seen_by_completion.push_back(batches.size());
    };
    {
        gate held;
        group_commit writer(db, options);
        held.hold(writer);
        std::promise<void> first_batch_done;
        writer.submit(insert(db, "a"), completion);
        writer.submit([] { throw std::runtime_error("refused"); },
                      [&](std::exception_ptr failure) {
                          completion(failure);
                          first_batch_done.set_value();
                      });
        held.release();
        first_batch_done.get_future().wait(); // so that "b" cannot join the first batch
        writer.run(insert(db, "b"));
    }
    REQUIRE(batches.size() == 2);
    CHECK(batches[0].units == 3); // the gate's unit, "a" and the refused one
    CHECK(batches[0].failed == 1);
    CHECK(batches[1].units == 1);
    CHECK(batches[1].failed == 0);
    CHECK(batches[0].duration > std::chrono::steady_clock::duration::zero());
    CHECK(batches_seen_by_completion == std::vector<std::size_t>{1, 1});
}

TEST_CASE("a failing unit rolls back alone, the rest of its batch commits")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    outcome_log log;
    {
        gate held;
        group_commit writer(db);
        held.hold(writer);
        writer.submit(insert(db, "a"), log.record("a"));
        writer.submit(
            [&db] {
                db.exec("INSERT INTO item (name) VALUES ('b')");
                throw std::runtime_error("the unit changed its mind");
            },
            log.record("b"));
        writer.submit(insert(db, "a"), log.record("a again")); // primary key clash: SQLITE_CONSTRAINT
        writer.submit(insert(db, "c"), log.record("c"));
        held.release();
    }
    CHECK(db.execAndGet("SELECT group_concat(name, ',') FROM (SELECT name FROM item ORDER BY name)").getString() ==
          "a,c");
    const std::vector<std::pair<std::string, bool>> expected{
        {"a", true}, {"b", false}, {"a again", false}, {"c", true}};
    CHECK(log.outcomes == expected);
}

TEST_CASE("a unit is acknowledged only once its transaction is committed")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    SQLite::Database db = open_database(path);
    make_table(db);
    SQLite::Database observer = open_database(path);
    std::atomic<int> seen_in_callback{-1};
    {
        group_commit writer(db);
        writer.submit(insert(db, "x"), [&](std::exception_ptr failure) {
            // Another connection sees only committed data.
            seen_in_callback = failure ? -2 : static_cast<int>(count_items(observer));
        });
    }
    CHECK(seen_in_callback == 1);
}

TEST_CASE("a failed commit fails every unit of the batch and the writer carries on")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    // A deferred constraint is checked only at COMMIT.
    db.exec("CREATE TABLE parent (id INTEGER PRIMARY KEY);"
            "CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)");
    outcome_log log;
    gate held;
    group_commit writer(db);
    held.hold(writer);
    writer.submit(insert(db, "a"), log.record("a"));
    writer.submit([&db] { db.exec("INSERT INTO child (parent_id) VALUES (7)"); }, log.record("orphan"));
    held.release();
    log.wait_for(2);
    writer.run(insert(db, "b"));
    CHECK(count_items(db) == 1);
    CHECK(db.execAndGet("SELECT name FROM item").getString() == "b");
    const std::vector<std::pair<std::string, bool>> expected{{"a", false}, {"orphan", false}};
    CHECK(log.outcomes == expected);
}

TEST_CASE("run returns the unit's value and rethrows its exception")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    group_commit writer(db);
    CHECK(writer.run([&db] {
        db.exec("INSERT INTO item (name) VALUES ('v')");
        return count_items(db);
    }) == 1);
    CHECK_THROWS_WITH(writer.run([]() -> int { throw std::runtime_error("nope"); }), "nope");
    CHECK(writer.run([&db] { return count_items(db); }) == 1);
}

TEST_CASE("a rolled-back unit sees its own changes and returns its value, then leaves nothing behind")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    group_commit writer(db);
    writer.run(insert(db, "kept"));
    CHECK(writer.run_rolled_back([&db] {
        db.exec("INSERT INTO item (name) VALUES ('previewed')");
        return count_items(db);
    }) == 2);
    CHECK(db.execAndGet("SELECT group_concat(name, ',') FROM item").getString() == "kept");
    CHECK(writer.stats().failed_units == 0);
    CHECK_THROWS_WITH(writer.run_rolled_back([]() -> int { throw std::runtime_error("nope"); }), "nope");
    writer.run(insert(db, "after"));
    CHECK(count_items(db) == 2);
}

TEST_CASE("a unit that asks for it leaves the WAL checkpointed and empty once committed")
{
    const temp_folder folder;
    const std::string path = concat(folder.path(), "/erase.db");
    SQLite::Database db = open_database(path);
    make_table(db);
    const auto wal_bytes = [&path] { return std::filesystem::file_size(path + "-wal"); };
    group_commit writer(db);
    writer.run([&db] { db.exec("INSERT INTO item (name) VALUES ('someone')"); });
    REQUIRE(wal_bytes() > 0); // an ordinary commit leaves its pages in the WAL
    writer.run([&db, &writer] {
        db.exec("DELETE FROM item WHERE name = 'someone'");
        writer.truncate_wal_after_commit();
    });
    CHECK(wal_bytes() == 0);
    CHECK(writer.run([&db] { return count_items(db); }) == 0);
    // The request lasts one transaction: the next commit writes to the WAL again.
    writer.run([&db] { db.exec("INSERT INTO item (name) VALUES ('next')"); });
    CHECK(wal_bytes() > 0);
}

TEST_CASE("units from many threads are all recorded exactly once")
{
    const temp_folder folder;
    SQLite::Database db = open_database(folder.file("quizbot.db"));
    make_table(db);
    {
        group_commit writer(db);
        std::vector<std::thread> clients;
        for (int t = 0; t < 6; ++t) {
            clients.emplace_back([&writer, &db, t] {
                for (int i = 0; i < 50; ++i) {
                    writer.run(insert(db, concat(std::to_string(t), ":", std::to_string(i))));
                }
            });
        }
        for (auto& client : clients) {
            client.join();
        }
        CHECK(writer.stats().units == 300);
    }
    CHECK(count_items(db) == 300);
}

TEST_CASE("shutting down finishes every submitted unit")
{
    SQLite::Database db = open_database(":memory:");
    make_table(db);
    std::atomic<int> acknowledged{0};
    {
        group_commit writer(db, {.max_batch = 7});
        for (int i = 0; i < 40; ++i) {
            writer.submit(insert(db, std::to_string(i)), [&](std::exception_ptr failure) {
                if (!failure) {
                    ++acknowledged;
                }
            });
        }
    }
    CHECK(acknowledged == 40);
    CHECK(count_items(db) == 40);
}

} // namespace
} // namespace quiz::storage::storage_group_commit_test
