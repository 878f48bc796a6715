// SPDX-License-Identifier: MIT
// The learner's side of the tutoring layer on a real SQLite file and the group-commit writer: what every screen
// carries besides its body, decided once for every front end (the heads-up after a refused reminder, said once;
// whether a notice answers forget-me's question).
#include "bot/tutoring/reminder_texts.hpp"
#include "bot/tutoring/service.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"
#include "support/test_pack.hpp"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>
#include <spdlog/logger.h>
#include <spdlog/sinks/null_sink.h>

namespace tutoring_learner_service_test {

namespace {

namespace tutoring = quiz::bot::tutoring;
using quiz::engine::language;

/// The service as the server wires it, on one database file.
struct desk {
    explicit desk(const std::filesystem::path& file)
        : path(file.string()), db(quiz::storage::open_database(path)), units(db), tutor(units, library), identities(db),
          log("service", std::make_shared<spdlog::sinks::null_sink_mt>())
    {
        library.add(quiz::test::pack_builder("pack")
                        .concept_tag("c", "Concept", "Notion")
                        .section("s", "Section", "Section")
                        .question("q1", "s", {"c"}, 4, 0)
                        .build());
        writer.emplace(db);
        service.emplace(tutoring::service_parts{tutor,
                                                identities,
                                                *writer,
                                                library,
                                                {quiz::engine::pack_key{"pack"}},
                                                [] { return quiz::engine::instant{std::chrono::hours{24 * 20'000}}; },
                                                [] { return std::uint64_t{7}; },
                                                log,
                                                {},
                                                {},
                                                {},
                                                nullptr});
    }
    ~desk() { writer.reset(); }

    tutoring::screen run(tutoring::action what)
    {
        tutoring::actor who;
        who.identity = {"discord", "42"};
        who.platform_lang = language::en;
        return service->run({who, std::move(what), std::nullopt});
    }

    /// What a reminder the platform refused leaves: the flag, set by the reminders' own unit.
    void refuse_reminders()
    {
        SQLite::Database other(path, SQLite::OPEN_READWRITE);
        other.setBusyTimeout(10'000);
        other.exec("INSERT INTO reminder_schedule (learner_id, refused) SELECT id, 1 FROM learner WHERE true"
                   " ON CONFLICT (learner_id) DO UPDATE SET refused = 1");
    }

    long long refused() const
    {
        SQLite::Database other(path, SQLite::OPEN_READONLY);
        return other.execAndGet("SELECT ifnull(max(refused), 0) FROM reminder_schedule").getInt64();
    }

    std::string path;
    SQLite::Database db;
    quiz::engine::pack_library library;
    quiz::storage::sqlite_unit_of_work_factory units;
    quiz::engine::tutor tutor;
    quiz::storage::sqlite_identity_directory identities;
    spdlog::logger log;
    std::optional<quiz::storage::group_commit> writer;
    std::optional<tutoring::service> service;
};

tutoring::notice_kind kind_of(const tutoring::screen& shown)
{
    REQUIRE(std::holds_alternative<tutoring::notice_screen>(shown.body));
    return std::get<tutoring::notice_screen>(shown.body).kind;
}

} // namespace

TEST_CASE("service: a refused reminder's heads-up comes with the next action's screen, once", "[tutoring]")
{
    const quiz::test::temp_dir dir;
    desk d(dir.path() / "quizbot.db");
    const auto first = d.run(tutoring::start{});
    CHECK(std::holds_alternative<tutoring::card_screen>(first.body));
    CHECK(first.heads_up.empty());

    d.refuse_reminders();
    // Asking about reminders answers the matter itself: no heads-up, and it waits for another action.
    const auto asked = d.run(tutoring::remind{});
    CHECK(kind_of(asked) == tutoring::notice_kind::reminders_unavailable);
    CHECK(asked.heads_up.empty());
    CHECK(d.refused() == 1);

    const auto said = d.run(tutoring::stats{});
    CHECK(std::holds_alternative<tutoring::stats_screen>(said.body));
    CHECK(said.heads_up == tutoring::reminders_refused_text(language::en));
    CHECK(said.heads_up.starts_with("Your reminders by DM are off"));
    CHECK(d.refused() == 0);

    const auto again = d.run(tutoring::help{});
    CHECK(kind_of(again) == tutoring::notice_kind::help);
    CHECK(again.heads_up.empty());
}

TEST_CASE("service: only the answers to forget-me's question close it", "[tutoring]")
{
    const quiz::test::temp_dir dir;
    desk d(dir.path() / "quizbot.db");
    const auto stranger = d.run(tutoring::forget{tutoring::forget::step::ask});
    CHECK(kind_of(stranger) == tutoring::notice_kind::nothing_to_forget); // nobody to ask
    CHECK_FALSE(stranger.closes_confirmation);

    (void)d.run(tutoring::start{});
    const auto asked = d.run(tutoring::forget{tutoring::forget::step::ask});
    CHECK(std::holds_alternative<tutoring::confirm_screen>(asked.body));
    CHECK_FALSE(asked.closes_confirmation);
    const auto cancelled = d.run(tutoring::forget{tutoring::forget::step::cancel});
    CHECK(kind_of(cancelled) == tutoring::notice_kind::forget_cancelled);
    CHECK(cancelled.closes_confirmation);
    CHECK_FALSE(cancelled.learner_erased);

    const auto erased = d.run(tutoring::forget{tutoring::forget::step::confirm});
    CHECK(kind_of(erased) == tutoring::notice_kind::forgotten);
    CHECK(erased.closes_confirmation);
    CHECK(erased.learner_erased);
    // The same question answered again from another window: nothing left, and its buttons go all the same.
    const auto twice = d.run(tutoring::forget{tutoring::forget::step::confirm});
    CHECK(kind_of(twice) == tutoring::notice_kind::nothing_to_forget);
    CHECK(twice.closes_confirmation);
    CHECK_FALSE(twice.learner_erased);
    CHECK_FALSE(d.run(tutoring::help{}).closes_confirmation);
}

} // namespace tutoring_learner_service_test
