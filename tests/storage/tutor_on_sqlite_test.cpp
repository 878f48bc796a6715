// SPDX-License-Identifier: MIT
// The engine's use cases end to end on the SQLite stores, run as group commit units on the writer thread, as the
// server will run them.
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "tests/storage/temp_folder.hpp"
#include "tests/support/test_pack.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

namespace quiz::storage::storage_tutor_on_sqlite_test {
namespace {

using namespace quiz::engine;
using test::concat;
using test::temp_folder;

engine::pack library_pack()
{
    quiz::test::pack_builder builder("zero");
    builder.concept_tag("a", "Sharding", "Partitionnement");
    builder.misconception("mix", "Stages mixed up", "Étapes confondues");
    builder.section("s1", "Stages", "Étapes");
    builder.question("q0", "s1", {"a"}, 4, 0, {"", "mix"});
    builder.question("q1", "s1", {"a"}, 4, 0, {"", "", "mix"});
    builder.question("q2", "s1", {"a"}, 4, 0);
    return builder.build();
}

instant noon() { return instant{std::chrono::sys_days{std::chrono::year{2024} / 3 / 4} + std::chrono::hours{12}}; }

// The server's wiring: one connection, its stores and the tutor, all used on the group commit's writer thread.
struct server {
    explicit server(const std::string& path) : db(open_database(path)), units(db), identities(db), writer(db)
    {
        packs.add(library_pack());
    }

    SQLite::Database db;
    sqlite_unit_of_work_factory units;
    sqlite_identity_store identities;
    pack_library packs;
    engine::tutor tutor{units, packs};
    group_commit writer; // last: stops before the rest is destroyed

    learner_id learner(const std::string& name)
    {
        return writer.run([&] { return identities.ensure_learner({"local", name}, name); });
    }
    session_outcome start(learner_id who)
    {
        start_request request;
        request.learner = who;
        request.pack = pack_key{"zero"};
        request.where = venue::terminal;
        request.seed = 99;
        request.now = noon();
        return writer.run([&] { return tutor.start_session(request); });
    }
    answer_outcome answer(learner_id who, const session_outcome& on, std::uint32_t displayed, const std::string& key)
    {
        answer_request request;
        request.learner = who;
        request.token = {on.session, on.card->sequence};
        request.displayed = displayed;
        request.key = idempotency_key{key};
        request.now = noon();
        return writer.run([&] { return tutor.answer(request); });
    }
    session_outcome next(learner_id who, const session_outcome& on)
    {
        return writer.run([&] { return tutor.next_question(who, on.session, noon()); });
    }
};

TEST_CASE("the tutor on SQLite records an answer once per key and keeps it across a restart")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    {
        server s(path);
        const learner_id alice = s.learner("alice");
        const auto on = s.start(alice);
        REQUIRE(on.card);
        const auto first = s.answer(alice, on, 1, "terminal:1");
        REQUIRE(first.status == answer_status::accepted);
        const auto again = s.answer(alice, on, 1, "terminal:1");
        CHECK(again.status == answer_status::replayed);
        REQUIRE(again.told);
        CHECK(again.told->replayed);
        CHECK(again.told->correct == first.told->correct);
        CHECK(again.told->next_due == first.told->next_due);
        CHECK(s.answer(alice, on, 0, "terminal:2").status == answer_status::stale);
    }
    server s(path); // a restart: everything comes from the file
    const learner_id alice = s.learner("alice");
    CHECK(s.db.execAndGet("SELECT count(*) FROM attempt").getInt() == 1);
    CHECK(s.db.execAndGet("SELECT attempts FROM memory").getInt() == 1);
    CHECK(s.db.execAndGet("SELECT streak_days FROM learner WHERE external_id = 'alice'").getInt() == 1);
    // The session continues where it was: the answered card gives way to the next question.
    const auto session = s.db.execAndGet("SELECT id FROM session").getInt64();
    const auto next = s.writer.run([&] { return s.tutor.next_question(alice, session_id{session}, noon()); });
    CHECK(next.status == session_status::ok);
    CHECK(next.card);
}

TEST_CASE("a whole session on SQLite gives the same summary as the in-memory tutor tests")
{
    const temp_folder folder;
    server s(folder.file("quizbot.db"));
    const learner_id alice = s.learner("alice");
    auto on = s.start(alice);
    int asked = 0;
    while (on.card) {
        ++asked;
        // Display position of choice 0 (the right one): read from the stored session.
        const auto order = s.writer.run([&] { return s.units.stores().sessions.find(on.session)->current->order; });
        const auto right = static_cast<std::uint32_t>(std::find(order.begin(), order.end(), 0U) - order.begin());
        REQUIRE(s.answer(alice, on, right, concat("k", std::to_string(asked))).status == answer_status::accepted);
        on = s.next(alice, on);
        REQUIRE(asked < 20);
    }
    REQUIRE(on.summary);
    CHECK(asked == 10);
    CHECK(on.summary->correct == 10);
    CHECK(on.summary->fresh == 3);
    CHECK(on.summary->practice == 7);
    CHECK(s.db.execAndGet("SELECT count(*) FROM attempt WHERE first_attempt = 1").getInt() == 3);
    CHECK(s.db.execAndGet("SELECT sum(first_attempts) FROM question_stats").getInt() == 3);
}

TEST_CASE("learners answering from several threads at once are all recorded")
{
    const temp_folder folder;
    server s(folder.file("quizbot.db"));
    std::vector<std::thread> clients;
    std::atomic<int> accepted{0};
    for (int t = 0; t < 4; ++t) {
        clients.emplace_back([&, t] {
            const learner_id who = s.learner(concat("learner", std::to_string(t)));
            auto on = s.start(who);
            for (int n = 0; on.card && n < 10; ++n) {
                if (s.answer(who, on, 0, concat(std::to_string(t), ":", std::to_string(n))).status ==
                    answer_status::accepted) {
                    ++accepted;
                }
                on = s.next(who, on);
            }
        });
    }
    for (auto& client : clients) {
        client.join();
    }
    CHECK(accepted == 40);
    CHECK(s.db.execAndGet("SELECT count(*) FROM attempt").getInt() == 40);
    CHECK(s.db.execAndGet("SELECT count(DISTINCT learner_id) FROM attempt").getInt() == 4);
}

} // namespace
} // namespace quiz::storage::storage_tutor_on_sqlite_test
