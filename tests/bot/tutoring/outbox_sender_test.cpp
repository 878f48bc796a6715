// SPDX-License-Identifier: MIT
// The outbox's sender on a real SQLite outbox, its units run at once, each in a transaction, and what they hand over
// run when the test says: the interleavings of a node's sends, settles and looks that a loaded server produces, and
// another node's newer state of a message written meanwhile; and, with units on two threads over PostgreSQL's row
// locks, a look and a click's unit meeting on one message (docs/reliability.md, "The outbox").
#include "bot/tutoring/outbox_sender.hpp"
#include "storage/database.hpp"
#include "storage/sqlite_outbox.hpp"

#include <catch2/catch.hpp>
#include <spdlog/logger.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace tutoring = quiz::bot::tutoring;
using quiz::engine::instant;
using namespace std::chrono_literals;

/// Runs each unit at once in its own transaction, as the writer would, and tells it its fate.
class transaction_queue final : public quiz::engine::action_queue {
public:
    explicit transaction_queue(SQLite::Database& db) : db_(db) {}
    [[nodiscard]] std::size_t waiting() const override { return 0; }
    void submit(unit work, completion done) override
    {
        std::exception_ptr failure;
        try {
            SQLite::Transaction t(db_);
            work();
            t.commit();
        } catch (...) {
            failure = std::current_exception();
        }
        done(failure);
    }

private:
    SQLite::Database& db_;
};

struct node {
    SQLite::Database db = quiz::storage::open_database(":memory:");
    quiz::storage::sqlite_outbox outbox{db};
    transaction_queue queue{db};
    spdlog::logger log{"outbox"};
    instant now{std::chrono::hours{24 * 20'000}};
    std::deque<std::function<void()>> handed_over;                ///< what the IO threads would run, in order
    std::function<void()> next_look;                              ///< the look `after` asked for
    std::vector<std::string> sent;                                ///< payloads handed to the platform, in order
    std::vector<std::function<void(tutoring::delivery)>> answers; ///< the platform's answers still to come
    std::optional<tutoring::outbox_sender> sender;

    node()
    {
        sender.emplace(tutoring::outbox_sender_parts{
            outbox,
            queue,
            [this] { return now; },
            log,
            [this](std::function<void()> f) { handed_over.push_back(std::move(f)); },
            [this](std::chrono::milliseconds, std::function<void()> f) { next_look = std::move(f); },
            {},
            {},
            {}});
        sender->add_sender("discord.round", [this](const std::string& payload, auto done) {
            sent.push_back(payload);
            answers.push_back(std::move(done));
        });
    }

    void run_handed_over()
    {
        while (!handed_over.empty()) {
            auto f = std::move(handed_over.front());
            handed_over.pop_front();
            f();
        }
    }

    /// A unit writing `payload` as the round message's new state; the sender sends it once the unit commits if it
    /// holds it.
    void write(const std::string& payload)
    {
        std::optional<tutoring::held_letter> held;
        queue.submit(
            [&] {
                held = sender->write({"discord.round", "discord:round:1", payload, 15min}, now);
            },
            [](std::exception_ptr) {});
        if (held) {
            sender->send_held(std::move(*held));
        }
    }

    /// Another node's unit writing a newer state of the same message: it waits where the entry is.
    void other_node_writes(const std::string& payload)
    {
        queue.submit([&] { outbox.put("discord.round", "discord:round:1", std::nullopt, payload, now, now + 15min); },
                     [](std::exception_ptr) {});
    }

    /// The platform takes the `n`th send (from 0), and the node settles it.
    void platform_answers(std::size_t n)
    {
        answers.at(n)(tutoring::delivery::sent);
        run_handed_over();
    }

    /// The look `after` asked for, a second on.
    void next_look_runs()
    {
        now += 1s;
        REQUIRE(next_look);
        next_look();
        run_handed_over();
    }

    std::int64_t waiting() { return db.execAndGet("SELECT count(*) FROM outbox").getInt64(); }
};

/// The SQLite outbox with PostgreSQL's row locks as concurrent units meet them: the rows a claim returns stay locked
/// until its unit ends, and a put() of that message waits for them (up to 2 s, then noted as a deadlock). The claim
/// lingers until a put() waits, so that the two units meet. Statements are serialized, as one connection needs.
class row_locking_outbox final : public quiz::engine::outbox {
public:
    explicit row_locking_outbox(quiz::engine::outbox& inner) : inner_(inner) {}

    void put(std::string_view kind, std::string_view key, std::optional<quiz::engine::learner_id> about,
             std::string_view payload, instant now, instant expires) override
    {
        {
            std::unique_lock lock(locks_);
            put_waits_ = true;
            changed_.notify_all();
            if (!changed_.wait_for(lock, 2s, [this] { return !claimed_; })) {
                deadlocked_ = true; // the claim's unit never ended while this put waited
            }
        }
        const std::scoped_lock statement(statements_);
        inner_.put(kind, key, about, payload, now, expires);
    }
    std::optional<quiz::engine::outbox_ticket> put_held(std::string_view kind, std::string_view key,
                                                        std::optional<quiz::engine::learner_id> about,
                                                        std::string_view payload, instant now, instant expires,
                                                        instant lease_until) override
    {
        const std::scoped_lock statement(statements_);
        return inner_.put_held(kind, key, about, payload, now, expires, lease_until);
    }
    std::vector<quiz::engine::outbox_entry> claim(std::string_view kind, instant now, instant lease_until,
                                                  std::size_t limit) override
    {
        std::vector<quiz::engine::outbox_entry> taken;
        {
            const std::scoped_lock statement(statements_);
            taken = inner_.claim(kind, now, lease_until, limit);
        }
        std::unique_lock lock(locks_);
        claimed_ = !taken.empty();
        changed_.notify_all();
        (void)changed_.wait_for(lock, 2s, [this] { return put_waits_; });
        return taken;
    }
    void settle(quiz::engine::outbox_id id, std::int64_t version, instant now) override
    {
        const std::scoped_lock statement(statements_);
        inner_.settle(id, version, now);
    }
    void retry_at(quiz::engine::outbox_id id, instant at) override
    {
        const std::scoped_lock statement(statements_);
        inner_.retry_at(id, at);
    }
    std::optional<instant> next_due(std::string_view kind) override
    {
        const std::scoped_lock statement(statements_);
        return inner_.next_due(kind);
    }
    std::int64_t pending(std::string_view kind) override
    {
        const std::scoped_lock statement(statements_);
        return inner_.pending(kind);
    }

    /// A unit ended: the rows it claimed are free.
    void unit_ended()
    {
        const std::scoped_lock lock(locks_);
        claimed_ = false;
        changed_.notify_all();
    }
    /// Waits until a claim holds rows.
    void wait_for_claim()
    {
        std::unique_lock lock(locks_);
        (void)changed_.wait_for(lock, 2s, [this] { return claimed_; });
    }
    [[nodiscard]] bool deadlocked()
    {
        const std::scoped_lock lock(locks_);
        return deadlocked_;
    }

private:
    quiz::engine::outbox& inner_;
    std::mutex statements_;
    std::mutex locks_;
    std::condition_variable changed_;
    bool claimed_ = false;
    bool put_waits_ = false;
    bool deadlocked_ = false;
};

/// Units run on the thread that submits them, several at once, as PostgreSQL's pool runs them.
class concurrent_queue final : public quiz::engine::action_queue {
public:
    explicit concurrent_queue(row_locking_outbox& outbox) : outbox_(outbox) {}
    [[nodiscard]] std::size_t waiting() const override { return 0; }
    void submit(unit work, completion done) override
    {
        std::exception_ptr failure;
        try {
            work();
        } catch (...) {
            failure = std::current_exception();
        }
        outbox_.unit_ended();
        done(failure);
    }

private:
    row_locking_outbox& outbox_;
};

} // namespace

TEST_CASE("the sender runs no statement while a unit of another thread may wait for it: a look and a spaced edit "
          "of the same message do not deadlock on PostgreSQL")
{
    SQLite::Database db = quiz::storage::open_database(":memory:");
    quiz::storage::sqlite_outbox stored{db};
    row_locking_outbox outbox{stored};
    concurrent_queue queue{outbox};
    spdlog::logger log{"outbox"};
    const instant now{std::chrono::hours{24 * 20'000}};
    std::mutex sent_mutex;
    std::vector<std::string> sent;
    tutoring::outbox_sender sender({outbox, queue, [now] { return now; }, log, {}, {}, {}, {}, {}});
    sender.add_sender(
        "discord.round",
        [&](const std::string& payload, auto done) {
            {
                const std::scoped_lock lock(sent_mutex);
                sent.push_back(payload);
            }
            done(tutoring::delivery::sent);
        },
        250ms);
    const auto write = [&](const std::string& payload) {
        std::optional<tutoring::held_letter> held;
        queue.submit(
            [&] {
                held = sender.write({"discord.round", "discord:round:1", payload, 15min}, now);
            },
            [](std::exception_ptr) {});
        if (held) {
            sender.send_held(std::move(*held));
        }
    };
    write("v1"); // sent and settled at once: the message's next edit within 250 ms waits for a look
    stored.put("discord.round", "discord:round:1", std::nullopt, "v2", now, now + 15min); // another node's, due

    // A look claims the message (its row locked until its unit ends) while a click's unit writes the next edit.
    std::thread looking([&] { sender.start(); });
    outbox.wait_for_claim();
    write("v3");
    looking.join();

    CHECK_FALSE(outbox.deadlocked());
    const std::scoped_lock lock(sent_mutex);
    CHECK(sent == std::vector<std::string>{"v1", "v2"}); // v3 waits for the next look
}

TEST_CASE("a newer state written while this node settles the older one goes out at the next look, not a lease later")
{
    node a;
    a.write("v1");
    REQUIRE(a.sent == std::vector<std::string>{"v1"});
    a.other_node_writes("v2"); // the entry is leased to this node: v2 waits for its settle

    // The platform takes v1; its settle finds v2 and makes it due. Before that settle's completion runs, the node's
    // look takes the entry, as a loaded server's does.
    a.answers.at(0)(tutoring::delivery::sent);
    a.sender->start();
    a.run_handed_over();
    CHECK(a.sent == std::vector<std::string>{"v1"}); // not sent over the settle of v1

    a.next_look_runs();
    REQUIRE(a.sent == std::vector<std::string>{"v1", "v2"});
    a.platform_answers(1);
    CHECK(a.waiting() == 0);
}

TEST_CASE("an entry this node still sends past its lease is not sent again by its look")
{
    node a;
    a.write("v1");
    a.now += 31s; // the platform is slower than the lease: the look takes the entry again
    a.sender->start();
    a.run_handed_over();
    CHECK(a.sent == std::vector<std::string>{"v1"});
    a.platform_answers(0);
    CHECK(a.waiting() == 0);
    CHECK(a.sent == std::vector<std::string>{"v1"});
}

TEST_CASE("a newer state written while this node still sends the older one waits for that send and then goes out")
{
    node a;
    a.write("v1");
    a.other_node_writes("v2");
    a.now += 31s; // v1's send outlasts its lease: the look takes v2 while v1 is in flight
    a.sender->start();
    a.run_handed_over();
    CHECK(a.sent == std::vector<std::string>{"v1"}); // v2 must not overtake v1
    a.platform_answers(0);
    a.next_look_runs();
    REQUIRE(a.sent == std::vector<std::string>{"v1", "v2"});
    a.platform_answers(1);
    CHECK(a.waiting() == 0);
}
