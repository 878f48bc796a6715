// SPDX-License-Identifier: MIT
// `quizbot backup` and `quizbot forget`, run in-process on a real database file.
#include "storage/database.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "support/run_quizbot.hpp"
#include "support/temp_dir.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cli_backup_forget_test {

namespace fs = std::filesystem;

namespace {

using namespace quiz;

using outcome = quiz::test::cli_outcome;

outcome run(const std::vector<std::string>& words) { return quiz::test::run_quizbot(words); }

/// One answer of `learner`'s to question q1 of pack zero, under `key`.
void add_attempt(SQLite::Database& db, engine::learner_id learner, const std::string& key)
{
    storage::sqlite_unit_of_work_factory units(db);
    auto unit = units.begin();
    engine::attempt_record attempt;
    attempt.key = engine::idempotency_key{key};
    attempt.learner = learner;
    attempt.pack = engine::pack_key{"zero"};
    attempt.question = engine::question_key{"q1"};
    attempt.content_hash = "h1";
    attempt.shown_order = {0, 1};
    unit->attempts().append(attempt);
    unit->commit();
}

// A database with two learners: discord:42 with a membership, a session and an attempt, and local "bob".
void make_database(const std::string& path)
{
    SQLite::Database db = storage::open_database(path);
    storage::sqlite_identity_store identities(db);
    const auto ada = identities.ensure_learner({"discord", "42"}, "Ada");
    identities.ensure_learner({"local", "bob"}, "Bob");
    const auto guild = identities.ensure_workspace({"discord", "1100"}, "GPU club");
    identities.set_role(guild, ada, storage::member_role::learner);
    add_attempt(db, ada, "discord:interaction:1");
}

std::int64_t count(const std::string& path, const std::string& sql)
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt64();
}

TEST_CASE("quizbot backup copies the database and refuses to overwrite without --force")
{
    const quiz::test::temp_dir dir;
    const std::string db = (dir.path() / "quizbot.db").string();
    make_database(db);
    const std::string copy = (dir.path() / "backups/copy.db").string();

    const auto done = run({"backup", copy, "--db", db});
    CHECK(done.code == 0);
    CHECK_THAT(done.out, Catch::Contains("backed up") && Catch::Contains("integrity check ok"));
    CHECK(count(copy, "SELECT count(*) FROM attempt") == 1);
    CHECK(count(copy, "SELECT count(*) FROM learner") == 2);

    const auto refused = run({"backup", copy, "--db", db});
    CHECK(refused.code == 1);
    CHECK_THAT(refused.err, Catch::Contains("already exists") && Catch::Contains("--force"));

    CHECK(run({"backup", copy, "--force", "--db", db}).code == 0);
}

TEST_CASE("quizbot backup reports a missing database or bad arguments")
{
    const quiz::test::temp_dir dir;
    const std::string missing = (dir.path() / "none.db").string();
    const auto absent = run({"backup", (dir.path() / "copy.db").string(), "--db", missing});
    CHECK(absent.code == 1);
    CHECK_THAT(absent.err, Catch::Contains("no database at"));
    CHECK_FALSE(fs::exists(missing));
    CHECK(run({"backup", "--db", missing}).code == 2);
    CHECK(run({"backup", "a.db", "b.db", "--db", missing}).code == 2);
    CHECK(run({"backup", "a.db", "--unknown"}).code == 2);
}

TEST_CASE("a database URI of no engine is refused with exit 2 by every command that takes --db, naming its scheme only")
{
    const std::string uri = "mysql://quiz:hunter2@db.example.org/quizbot";
    for (const auto& words : std::vector<std::vector<std::string>>{
             {"backup", "copy.db", "--db", uri},
             {"forget", "web:someone", "--db", uri},
             {"report", "learners", "--db", uri},
             {"srs", "export", "--db", uri},
         }) {
        CAPTURE(words.front());
        const auto refused = run(words);
        CHECK(refused.code == 2);
        CHECK_THAT(refused.err, Catch::Contains("--db or QUIZBOT_DB: a mysql:// URI names no storage engine"));
        CHECK_THAT(refused.err, !Catch::Contains("hunter2") && !Catch::Contains("db.example.org"));
    }
    CHECK_FALSE(fs::exists("mysql:")); // SQLite would have made the URI's scheme a folder
}

TEST_CASE("quizbot backup of a PostgreSQL database is refused with exit 2, pointing at pg_dump")
{
    const auto refused = run({"backup", "copy.db", "--db", "postgresql://quiz:hunter2@db.example.org/quizbot"});
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::Contains("pg_dump"));
    CHECK_THAT(refused.err, !Catch::Contains("hunter2"));
    CHECK_FALSE(fs::exists("copy.db"));
}

TEST_CASE("quizbot backup refuses a file that is not a database")
{
    const quiz::test::temp_dir dir;
    const std::string notes = (dir.path() / "notes.txt").string();
    std::ofstream(notes) << std::string(5000, 'x');
    const auto refused = run({"backup", (dir.path() / "copy.db").string(), "--db", notes});
    CHECK(refused.code == 1);
    CHECK_THAT(refused.err, Catch::Contains("not a SQLite database"));
}

TEST_CASE("quizbot forget erases one learner and prints what it erased")
{
    const quiz::test::temp_dir dir;
    const std::string db = (dir.path() / "quizbot.db").string();
    make_database(db);
    const auto done = run({"forget", "discord:42", "--db", db});
    CHECK(done.code == 0);
    CHECK_THAT(done.out, Catch::Contains("forgot learner discord:42") && Catch::Contains("attempts: 1") &&
                             Catch::Contains("memberships: 1") && Catch::Contains("learner: 1"));
    CHECK(count(db, "SELECT count(*) FROM learner") == 1);
    CHECK(count(db, "SELECT count(*) FROM attempt") == 0);

    const auto again = run({"forget", "discord:42", "--db", db});
    CHECK(again.code == 1);
    CHECK_THAT(again.err, Catch::Contains("no learner discord:42"));

    // A bare name is a local learner.
    CHECK(run({"forget", "bob", "--db", db}).code == 0);
    CHECK(count(db, "SELECT count(*) FROM learner") == 0);
}

TEST_CASE("forget and srs export take every name report learners prints: another platform's learner, a local name "
          "with a colon")
{
    const quiz::test::temp_dir dir;
    const std::string db = (dir.path() / "class.db").string();
    {
        SQLite::Database open = storage::open_database(db);
        storage::sqlite_identity_store identities(open);
        // As `report demo-class` makes them, and `report learners` prints them: demo:learner-009.
        const auto generated = identities.ensure_learner({"demo", "learner-009"}, "Learner 009");
        identities.ensure_learner({"local", "x:y"}, "");
        add_attempt(open, generated, "demo:1");
    }
    const auto exported = run({"srs", "export", "--learner", "demo:learner-009", "--db", db});
    CHECK(exported.code == 0);
    CHECK(std::count(exported.out.begin(), exported.out.end(), '\n') == 2); // the header and the one review

    const auto generated = run({"forget", "demo:learner-009", "--db", db});
    CHECK(generated.code == 0);
    CHECK_THAT(generated.out, Catch::Contains("forgot learner demo:learner-009") && Catch::Contains("attempts: 1"));
    const auto colon = run({"forget", "x:y", "--db", db}); // no platform x: the local learner of that name
    CHECK(colon.code == 0);
    CHECK_THAT(colon.out, Catch::Contains("forgot learner local:x:y"));
    CHECK(count(db, "SELECT count(*) FROM learner") == 0);

    const auto none = run({"forget", "demo:learner-404", "--db", db});
    CHECK(none.code == 1);
    CHECK_THAT(none.err, Catch::Contains("no learner demo:learner-404"));
    CHECK(run({"srs", "export", "--learner", "demo:learner-404", "--db", db}).code == 1);
}

TEST_CASE("quizbot forget reports bad arguments and a missing database without creating one")
{
    const quiz::test::temp_dir dir;
    const std::string missing = (dir.path() / "sub/none.db").string();
    const auto absent = run({"forget", "bob", "--db", missing});
    CHECK(absent.code == 1);
    CHECK_THAT(absent.err, Catch::Contains("no database at"));
    CHECK_FALSE(fs::exists(missing));
    CHECK(run({"forget", "--db", missing}).code == 2);
    CHECK(run({"forget", "discord:", "--db", missing}).code == 2);
    CHECK(run({"forget", "a", "b", "--db", missing}).code == 2);
}

} // namespace

} // namespace cli_backup_forget_test
