// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/review_history.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace quiz::storage::storage_review_history_test {
namespace {

// Two learners, two packs. Attempts are inserted out of time order; one instant (5000) is shared by both learners.
void seed(SQLite::Database& db)
{
    db.exec("INSERT INTO learner (id, platform, external_id, display_name) VALUES"
            " (7, 'discord', '42', 'Ada, L.'), (3, 'local', 'bob', '');"
            "INSERT INTO pack (id, pack_key) VALUES (1, 'zero-sharded'), (2, 'gpu-basics');"
            "INSERT INTO question (id, pack_id, question_key) VALUES (1, 1, 'q-a'), (2, 1, 'q-b'), (3, 2, 'g-a');"
            "INSERT INTO question_version (id, question_id, content_hash) VALUES"
            " (1, 1, 'h1'), (2, 1, 'h2'), (3, 2, 'h3'), (4, 3, 'h4');");
    struct attempt {
        const char* key;
        int learner, version, correct, rating, response_ms;
        std::int64_t at;
    };
    const std::vector<attempt> attempts{
        {"k1", 7, 1, 0, 1, 4100, 9000}, {"k2", 7, 2, 1, 3, 2500, 1000},  {"k3", 3, 4, 1, 4, 900, 5000},
        {"k4", 7, 3, 1, 3, 3000, 5000}, {"k5", 3, 1, 1, 2, 12000, 7000},
    };
    SQLite::Statement insert(db, "INSERT INTO attempt (idempotency_key, learner_id, question_version_id,"
                                 " chosen_choice, displayed_as, shown_order, correct, rating, first_attempt,"
                                 " response_ms, venue, answered_at_ms, next_due_at_ms, retry_in_session)"
                                 " VALUES (?1, ?2, ?3, 0, 0, '0,1', ?4, ?5, 0, ?6, 'dm', ?7, 0, 0)");
    for (const auto& a : attempts) {
        insert.reset();
        insert.bind(1, a.key);
        insert.bind(2, a.learner);
        insert.bind(3, a.version);
        insert.bind(4, a.correct);
        insert.bind(5, a.rating);
        insert.bind(6, a.response_ms);
        insert.bind(7, a.at);
        insert.exec();
    }
}

std::string summary(const history_row& r)
{
    return std::to_string(r.learner.value()) + ' ' + r.learner_platform + ':' + r.learner_external_id + " [" +
           r.learner_display_name + "] " + r.pack.value() + '/' + r.question.value() + " rating " +
           std::to_string(static_cast<int>(r.rating)) + (r.correct ? " right" : " wrong") + " at " +
           std::to_string(r.answered_at.time_since_epoch().count()) + " in " + std::to_string(r.response_time.count());
}

std::vector<std::string> summaries(const std::vector<history_row>& rows)
{
    std::vector<std::string> out;
    for (const auto& r : rows) {
        out.push_back(summary(r));
    }
    return out;
}

TEST_CASE("review history: every attempt in time order, ties by learner id, with its question and grade")
{
    SQLite::Database db = open_database(":memory:");
    seed(db);
    // Both versions of question q-a (versions 1 and 2) are the same card.
    CHECK(summaries(read_review_history(db, {})) ==
          std::vector<std::string>{
              "7 discord:42 [Ada, L.] zero-sharded/q-a rating 3 right at 1000 in 2500",
              "3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900",
              "7 discord:42 [Ada, L.] zero-sharded/q-b rating 3 right at 5000 in 3000",
              "3 local:bob [] zero-sharded/q-a rating 2 right at 7000 in 12000",
              "7 discord:42 [Ada, L.] zero-sharded/q-a rating 1 wrong at 9000 in 4100",
          });
}

TEST_CASE("review history: filters by learner, by pack, and by both")
{
    SQLite::Database db = open_database(":memory:");
    seed(db);
    CHECK(summaries(read_review_history(db, {engine::learner_id{3}, std::nullopt})) ==
          std::vector<std::string>{
              "3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900",
              "3 local:bob [] zero-sharded/q-a rating 2 right at 7000 in 12000",
          });
    CHECK(summaries(read_review_history(db, {std::nullopt, engine::pack_key{"gpu-basics"}})) ==
          std::vector<std::string>{"3 local:bob [] gpu-basics/g-a rating 4 right at 5000 in 900"});
    CHECK(read_review_history(db, {engine::learner_id{7}, engine::pack_key{"zero-sharded"}}).size() == 3);
    CHECK(read_review_history(db, {engine::learner_id{7}, engine::pack_key{"gpu-basics"}}).empty());
    CHECK(read_review_history(db, {engine::learner_id{99}, std::nullopt}).empty());
}

TEST_CASE("review history: one learner's attempts are read through the index attempt_by_learner")
{
    SQLite::Database db = open_database(":memory:");
    seed(db);
    const auto plan_of = [&db](const history_filter& filter) {
        SQLite::Statement plan(db, "EXPLAIN QUERY PLAN " + review_history_query(filter));
        if (filter.learner) {
            plan.bind(":learner", filter.learner->value());
        }
        if (filter.pack) {
            plan.bind(":pack", filter.pack->value());
        }
        std::string text;
        while (plan.executeStep()) {
            text += plan.getColumn(3).getString() + '\n';
        }
        return text;
    };
    for (const history_filter& filter : {history_filter{engine::learner_id{3}, std::nullopt},
                                         history_filter{engine::learner_id{3}, engine::pack_key{"gpu-basics"}}}) {
        const std::string plan = plan_of(filter);
        INFO(plan);
        CHECK(plan.find("SEARCH a USING INDEX attempt_by_learner (learner_id=?)") != std::string::npos);
    }
}

} // namespace
} // namespace quiz::storage::storage_review_history_test
