// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/forget.hpp"
#include "storage/migration.hpp"
#include "tests/storage/seed_rows.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

namespace quiz::storage::storage_forget_test {
namespace {

using test::count_rows;
using test::read_bytes;
using test::seed_version;
using test::temp_folder;

// Learner 1 (discord:42) has a row in every table; learner 2 (local:bob) has a membership, an attempt, a memory
// state and a round participation that must survive.
void seed_two_learners(SQLite::Database& db)
{
    for (int v = 1; v <= latest_schema_version(); ++v) {
        seed_version(db, v);
    }
    db.exec("INSERT INTO attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as,"
            " shown_order, correct, rating, first_attempt, response_ms, venue, round_id, answered_at_ms,"
            " next_due_at_ms, retry_in_session) VALUES ('discord:interaction:2', 2, 2, 0, 3, '1,2,3,0', 0, 1, 1,"
            " 800, 'group_round', 1, 2000, 3000, 1);"
            "INSERT INTO memory (learner_id, question_id, version_id, phase, stability, difficulty, due_at_ms)"
            " VALUES (2, 1, 2, 'learning', 0.2, 7.0, 3000);"
            "INSERT INTO round_participant (round_id, learner_id) VALUES (1, 2);");
}

std::map<std::string, std::int64_t> as_map(const std::vector<erased_rows>& erased)
{
    std::map<std::string, std::int64_t> out;
    for (const auto& rows : erased) {
        out[std::string(rows.what)] = rows.count;
    }
    return out;
}

TEST_CASE("forget erases every row about one learner and nothing about the others")
{
    SQLite::Database db = open_database(":memory:");
    seed_two_learners(db);
    const auto first_attempts = [&db] {
        return db.execAndGet("SELECT first_attempts || '/' || first_correct FROM question_stats WHERE question_id = 1")
            .getString();
    };
    REQUIRE(first_attempts() == "2/1");
    const auto erased = forget_learner(db, "discord", "42");
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
    CHECK(db.execAndGet("SELECT count(*) FROM learner WHERE id = 1").getInt() == 0);
    // Everything about learner 2 is still there.
    CHECK(db.execAndGet("SELECT external_id FROM learner WHERE id = 2").getString() == "bob");
    CHECK(count_rows(db, "attempt") == 1);
    CHECK(count_rows(db, "memory") == 1);
    CHECK(count_rows(db, "membership") == 1);
    CHECK(count_rows(db, "round_participant") == 1);
    CHECK(db.execAndGet("SELECT coalesce_key FROM outbox").getString() == "reminder:2");
    // Shared things stay: the round, the pack, the workspace.
    CHECK(db.execAndGet("SELECT host_id IS NULL FROM group_round WHERE id = 1").getInt() == 1);
    // The round's stored state no longer names them: no player line, no answer, no host.
    CHECK(db.execAndGet("SELECT json_extract(state, '$.host') || '/' || json_array_length(state, '$.players') ||"
                        " '/' || json_array_length(state, '$.answers') FROM group_round WHERE id = 1")
              .getString() == "0/0/0");
    CHECK(count_rows(db, "question_version") == 2);
    CHECK(count_rows(db, "workspace") == 1);
    CHECK(first_attempts() == "1/0"); // the population statistics no longer count the forgotten attempt
    CHECK(db.execAndGet("SELECT learners FROM concept_form_total").getInt() == 0); // nor their concept form
    CHECK(count_rows(db, "pragma_foreign_key_check") == 0);
}

TEST_CASE("forget reports an unknown learner and erases nothing")
{
    SQLite::Database db = open_database(":memory:");
    seed_two_learners(db);
    CHECK_FALSE(forget_learner(db, "discord", "43"));
    CHECK_FALSE(forget_learner(db, "slack", "42"));
    CHECK(count_rows(db, "learner") == 2);
    CHECK(count_rows(db, "attempt") == 2);
}

TEST_CASE("forget leaves no trace of the learner's text in the database files")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    {
        SQLite::Database db = open_database(path);
        seed_two_learners(db);
        db.exec("UPDATE learner SET display_name = 'Zyxwvut Forgettable' WHERE id = 1");
        db.exec("UPDATE learner SET display_name = 'Qwertyuiop Forgettable', time_zone = 'Pacific/Chatham'"
                " WHERE id = 1");
    }
    const auto contains = [&](const std::string& needle) {
        std::string all = read_bytes(path);
        if (std::filesystem::exists(path + "-wal")) {
            all += read_bytes(path + "-wal");
        }
        return all.find(needle) != std::string::npos;
    };
    REQUIRE(contains("Qwertyuiop Forgettable"));
    {
        SQLite::Database db = open_database(path);
        REQUIRE(forget_learner(db, "discord", "42"));
    }
    CHECK_FALSE(contains("Zyxwvut Forgettable"));
    CHECK_FALSE(contains("Qwertyuiop Forgettable"));
    CHECK_FALSE(contains("Pacific/Chatham"));
    CHECK(contains("bob"));
}

} // namespace
} // namespace quiz::storage::storage_forget_test
