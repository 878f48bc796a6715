// SPDX-License-Identifier: MIT
#pragma once

// Review history's contract (storage/review_history.hpp and its PostgreSQL twin), written once and run against both
// engines: SQLite (storage_tests) and PostgreSQL (storage_postgres_tests).
//
// An including file defines `review_history_fixtures`, a std::tuple of fixture types, before including this header.
// A fixture is default-constructible, starts with an empty database at the latest schema and provides:
//   void exec(const std::string& sql);   // plain SQL on the engine's database, several statements at once
//   std::vector<quiz::storage::history_row> read(const quiz::storage::history_filter& filter); // read_review_history

#include "storage/review_history.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace quiz::test::history_contract {

/// Two learners, two packs. Attempts are inserted out of time order; one instant (5000) is shared by both learners.
inline std::string history_rows()
{
    std::string sql = "INSERT INTO learner (id, platform, external_id, display_name) VALUES"
                      " (7, 'discord', '42', 'Ada, L.'), (3, 'local', 'bob', '');"
                      "INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded'), (2, 'gpu-basics');"
                      "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'q-a'), (2, 1, 'q-b'),"
                      " (3, 2, 'g-a');"
                      "INSERT INTO question_version (id, question_id, content_hash) VALUES"
                      " (1, 1, 'h1'), (2, 1, 'h2'), (3, 2, 'h3'), (4, 3, 'h4');"
                      "INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice,"
                      " displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue,"
                      " answered_at_ms, next_due_at_ms, retry_in_session) VALUES";
    struct attempt {
        const char* key;
        int learner, version, correct, rating, response_ms;
        std::int64_t at;
    };
    const std::vector<attempt> attempts{
        {"k1", 7, 1, 0, 1, 4100, 9000}, {"k2", 7, 2, 1, 3, 2500, 1000},  {"k3", 3, 4, 1, 4, 900, 5000},
        {"k4", 7, 3, 1, 3, 3000, 5000}, {"k5", 3, 1, 1, 2, 12000, 7000},
    };
    const char* separator = " ";
    for (const auto& a : attempts) {
        sql += separator +
               ("('" + std::string(a.key) + "', " + std::to_string(a.learner) + ", " + std::to_string(a.version) +
                ", 0, 0, '0,1', " + std::to_string(a.correct) + ", " + std::to_string(a.rating) + ", 0, " +
                std::to_string(a.response_ms) + ", 'dm', " + std::to_string(a.at) + ", 0, 0)");
        separator = ", ";
    }
    return sql;
}

inline std::string summary(const storage::history_row& r)
{
    return std::to_string(r.learner.value()) + ' ' + r.learner_platform + ':' + r.learner_external_id + " [" +
           r.learner_display_name + "] " + r.pack.value() + '/' + r.question.value() + " rating " +
           std::to_string(static_cast<int>(r.rating)) + (r.correct ? " right" : " wrong") + " at " +
           std::to_string(r.answered_at.time_since_epoch().count()) + " in " + std::to_string(r.response_time.count());
}

inline std::vector<std::string> summaries(const std::vector<storage::history_row>& rows)
{
    std::vector<std::string> out;
    for (const auto& r : rows) {
        out.push_back(summary(r));
    }
    return out;
}

} // namespace quiz::test::history_contract

TEMPLATE_LIST_TEST_CASE("review history: every attempt in time order, ties by learner id, with its question and grade",
                        "[history]", review_history_fixtures)
{
    using namespace quiz::test::history_contract;
    TestType db;
    db.exec(history_rows());
    // Both versions of question q-a (versions 1 and 2) are the same card.
    CHECK(summaries(db.read({})) == std::vector<std::string>{
                                        "7 discord:42 [Ada, L.] zero-sharded/q-a rating 3 right at 1000 in 2500",
                                        "3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900",
                                        "7 discord:42 [Ada, L.] zero-sharded/q-b rating 3 right at 5000 in 3000",
                                        "3 local:bob [] zero-sharded/q-a rating 2 right at 7000 in 12000",
                                        "7 discord:42 [Ada, L.] zero-sharded/q-a rating 1 wrong at 9000 in 4100",
                                    });
}

TEMPLATE_LIST_TEST_CASE("review history: filters by learner, by pack, and by both", "[history]",
                        review_history_fixtures)
{
    using namespace quiz::test::history_contract;
    using quiz::engine::learner_id;
    using quiz::engine::pack_key;
    TestType db;
    db.exec(history_rows());
    CHECK(summaries(db.read({learner_id{3}, std::nullopt})) ==
          std::vector<std::string>{
              "3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900",
              "3 local:bob [] zero-sharded/q-a rating 2 right at 7000 in 12000",
          });
    CHECK(summaries(db.read({std::nullopt, pack_key{"gpu-basics"}})) ==
          std::vector<std::string>{"3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900"});
    CHECK(summaries(db.read({learner_id{7}, pack_key{"zero-sharded"}})) ==
          std::vector<std::string>{
              "7 discord:42 [Ada, L.] zero-sharded/q-a rating 3 right at 1000 in 2500",
              "7 discord:42 [Ada, L.] zero-sharded/q-b rating 3 right at 5000 in 3000",
              "7 discord:42 [Ada, L.] zero-sharded/q-a rating 1 wrong at 9000 in 4100",
          });
    CHECK(db.read({learner_id{7}, pack_key{"gpu-basics"}}).empty());
    CHECK(db.read({learner_id{99}, std::nullopt}).empty());
    CHECK(db.read({std::nullopt, pack_key{"no-such-pack"}}).empty());
}
