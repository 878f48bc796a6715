// SPDX-License-Identifier: MIT
// `quizbot remind preview`, run in-process on a real database file made by the tutor on the shipped pack: it lists
// what the server's claim would send and skip, and changes nothing.
#include "bot/time_zones.hpp"
#include "content/pack_loader.hpp"
#include "engine/reminders/reminder_claims.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_reminder_book.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "support/run_quizbot.hpp"
#include "support/temp_dir.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace cli_remind_preview_test {

namespace {

using namespace quiz;
using namespace std::chrono;

using outcome = quiz::test::cli_outcome;

outcome run(const std::vector<std::string>& words) { return quiz::test::run_quizbot(words); }

engine::instant utc(unsigned day, int hh)
{
    return time_point_cast<milliseconds>(sys_days{year{2026} / March / std::chrono::day{day}} + hours{hh});
}

const std::string packs_dir = std::string(QUIZ_SOURCE_DIR) + "/content/packs";

/// Two learners with reminders at 18:00 in Paris (17:00 UTC on 3 March): discord:42 answered on the 2nd, discord:43
/// on the 3rd at noon.
void make_database(const std::string& path)
{
    const std::vector<std::filesystem::path> dirs{packs_dir};
    auto loaded = content::load_packs(dirs);
    REQUIRE(loaded.ok());
    engine::pack_library library;
    const auto key = library.add(std::move(loaded.packs.front())).content().key;
    SQLite::Database db = storage::open_database(path);
    storage::sqlite_identity_store identities(db);
    storage::sqlite_unit_of_work_factory units(db);
    engine::tutor tutor(units, library);
    storage::sqlite_reminder_book book(db);
    const auto paris = bot::load_time_zone("Europe/Paris");
    for (const auto& [id, when] : {std::pair{std::string("42"), utc(2, 9)}, std::pair{std::string("43"), utc(3, 12)}}) {
        const auto learner = identities.ensure_learner({"discord", id}, "");
        engine::start_request start;
        start.learner = learner;
        start.pack = key;
        start.now = when;
        const auto shown = tutor.start_session(start);
        REQUIRE(shown.card);
        // A wrong answer: the question is due the next day.
        const auto* index = library.find(key);
        REQUIRE(index != nullptr);
        const auto q = index->find(shown.card->question);
        REQUIRE(q);
        const auto& question = index->at(*q);
        const auto& right = question.text.get(shown.card->lang)->choices[question.correct].text;
        const auto shown_right = std::ranges::find(shown.card->choices, right) - shown.card->choices.begin();
        engine::answer_request answer;
        answer.learner = learner;
        answer.displayed = shown_right == 0 ? 1 : 0;
        answer.token = {shown.session, shown.card->sequence};
        answer.key = engine::idempotency_key{"k" + id};
        answer.now = when;
        (void)tutor.answer(answer);
        (void)tutor.end_session(learner, shown.session, when);
        book.save(learner, engine::turn_reminders_on({}, {18h, true}, "Europe/Paris", *paris, utc(3, 10)));
    }
}

std::int64_t scalar(const std::string& path, const std::string& sql)
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt64();
}

} // namespace

TEST_CASE("remind preview lists what would be sent and skipped, and changes nothing")
{
    const test::temp_dir dir;
    const auto path = (dir.path() / "quizbot.db").string();
    make_database(path);
    const auto next = "SELECT count(*) FROM reminder_schedule WHERE next_at_ms = " +
                      std::to_string(utc(3, 17).time_since_epoch().count());
    REQUIRE(scalar(path, next) == 2);

    const auto early = run({"remind", "preview", "--db", path, "--content", packs_dir, "--at", "2026-03-03T16:59Z"});
    CHECK(early.code == 0);
    CHECK(early.out == "at 2026-03-03T16:59:00Z: 0 reminders to send\n");

    const auto shown = run({"remind", "preview", "--db", path, "--content", packs_dir, "--at", "2026-03-03T17:00Z"});
    CHECK(shown.code == 0);
    CHECK(shown.out.starts_with("at 2026-03-03T17:00:00Z: 1 reminder to send\n  discord:42  "));
    CHECK(shown.out.find("(due since 2026-03-03T17:00:00Z)") != std::string::npos);
    CHECK(shown.out.ends_with("skipped, reviewed today: 1\n"));
    // Nothing was recorded or moved on.
    CHECK(scalar(path, "SELECT count(*) FROM reminder_log") == 0);
    CHECK(scalar(path, next) == 2);

    const auto bad = run({"remind", "preview", "--db", path, "--at", "tomorrow"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("--at") != std::string::npos);
    const auto missing = run({"remind", "preview", "--db", (dir.path() / "none.db").string()});
    CHECK(missing.code == 1);
    CHECK(missing.err.find("no database at") != std::string::npos);
}

} // namespace cli_remind_preview_test
