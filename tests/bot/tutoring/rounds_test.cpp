// SPDX-License-Identifier: MIT
// Study groups' rounds through the tutoring layer, on a real SQLite file and the group-commit writer: private
// acknowledgements, the three ways a question closes, the scoreboard, the review of misses, and a restart that
// finds a question left open.
#include "bot/tutoring/rounds.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_round_messages.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"
#include "support/test_pack.hpp"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>
#include <spdlog/logger.h>
#include <spdlog/sinks/null_sink.h>

#include <algorithm>
#include <atomic>
#include <mutex>

namespace tutoring_rounds_test {

namespace {

namespace tutoring = quiz::bot::tutoring;
using namespace std::chrono_literals;
using quiz::engine::instant;
using quiz::engine::round_id;
using stage = tutoring::round_screen::stage;

quiz::engine::pack three_questions()
{
    return quiz::test::pack_builder("rounds")
        .concept_tag("c", "Concept", "Notion")
        .misconception("m", "A confusion", "Une confusion")
        .section("s", "Section", "Section")
        .question("q1", "s", {"c"}, 4, 0, {"", "m"})
        .question("q2", "s", {"c"}, 4, 0, {"", "m"})
        .question("q3", "s", {"c"}, 4, 0, {"", "m"})
        .build();
}

/// The server's parts for rounds, on one database file; a second stack on the same file is a restart.
struct stack {
    explicit stack(const std::filesystem::path& file, std::function<instant()> clock)
        : db(quiz::storage::open_database(file.string())), units(db), tutor(units, library), groups(units, library),
          identities(db), messages(db), log("rounds", std::make_shared<spdlog::sinks::null_sink_mt>())
    {
        library.add(three_questions());
        writer.emplace(db);
        rounds.emplace(tutoring::rounds_parts{groups,
                                              tutor,
                                              identities,
                                              messages,
                                              *writer,
                                              shelf,
                                              std::move(clock),
                                              [] { return std::uint64_t{7}; },
                                              log,
                                              {},
                                              {},
                                              [this](round_id round, instant deadline) {
                                                  const std::lock_guard lock(mutex);
                                                  wakes.emplace_back(round, deadline);
                                              },
                                              [this](const tutoring::round_screen& shown) {
                                                  const std::lock_guard lock(mutex);
                                                  published.push_back(shown);
                                              },
                                              {},
                                              nullptr});
    }
    ~stack()
    {
        writer.reset(); // finishes queued units while the rounds are alive
    }

    std::vector<tutoring::round_screen> published_copy()
    {
        const std::lock_guard lock(mutex);
        return published;
    }
    std::vector<std::pair<round_id, instant>> wakes_copy()
    {
        const std::lock_guard lock(mutex);
        return wakes;
    }

    SQLite::Database db;
    quiz::engine::pack_library library;
    quiz::storage::sqlite_unit_of_work_factory units;
    quiz::engine::tutor tutor;
    quiz::engine::group_tutor groups;
    quiz::storage::sqlite_identity_directory identities;
    quiz::storage::sqlite_round_messages messages;
    spdlog::logger log;
    tutoring::pack_shelf shelf{library, {quiz::engine::pack_key{"rounds"}}};
    std::optional<quiz::storage::group_commit> writer;
    std::optional<tutoring::rounds> rounds;
    std::mutex mutex;
    std::vector<tutoring::round_screen> published;
    std::vector<std::pair<round_id, instant>> wakes;
};

tutoring::actor person(const std::string& name)
{
    tutoring::actor who;
    who.identity = {"web", name};
    who.display_name = name;
    who.platform_lang = quiz::engine::language::en;
    return who;
}

/// Looks in the database for open questions, as the server does at start and every second; gives the wakes that look
/// asked for.
std::vector<std::pair<round_id, instant>> look_for_deadlines(stack& s)
{
    const auto before = s.wakes_copy().size();
    s.rounds->look_for_deadlines();
    // Its wakes are asked for once its unit commits, before a unit queued after it answers.
    (void)s.rounds->run({person("someone"), tutoring::look_at_round{round_id{0}}, std::nullopt, std::nullopt});
    const auto all = s.wakes_copy();
    return {all.begin() + static_cast<std::ptrdiff_t>(before), all.end()};
}

const tutoring::round_place room{{"web", "playground"}, "Playground", "ROOM1"};

/// The display position of the right choice (choice 0 in pack order), read off the card's texts.
std::uint32_t right_position(const tutoring::round_screen& shown)
{
    REQUIRE(shown.card);
    const auto& choices = shown.card->choices;
    const auto it = std::find(choices.begin(), choices.end(), shown.card->question.value() + " choice 0");
    REQUIRE(it != choices.end());
    return static_cast<std::uint32_t>(it - choices.begin());
}

/// The display position of choice 1 in pack order: wrong, and tagged with the pack's misconception.
std::uint32_t wrong_position(const tutoring::round_screen& shown)
{
    REQUIRE(shown.card);
    const auto& choices = shown.card->choices;
    const auto it = std::find(choices.begin(), choices.end(), shown.card->question.value() + " choice 1");
    REQUIRE(it != choices.end());
    return static_cast<std::uint32_t>(it - choices.begin());
}

long long count(SQLite::Database& db, const std::string& sql) { return db.execAndGet(sql).getInt64(); }

/// Runs one person's round action and waits for its reply.
auto actor_on(tutoring::rounds& rounds)
{
    return [&rounds](const std::string& who, tutoring::round_action what) {
        return rounds.run({person(who), std::move(what), std::nullopt, std::nullopt});
    };
}

} // namespace

TEST_CASE("rounds: a round of three questions, closed by everyone answering, by the host and by the timer", "[rounds]")
{
    const quiz::test::temp_dir dir;
    std::atomic<instant> now{instant{std::chrono::milliseconds{1'780'000'000'000}}};
    stack s(dir.path() / "quizbot.db", [&now] { return now.load(); });
    auto& rounds = *s.rounds;
    const auto act = actor_on(rounds);

    // The host opens the round: its first question is on the channel's message, with a timer asked for.
    const auto opened = act("ana", tutoring::open_round{room, std::nullopt, 3, 30});
    REQUIRE(opened.shared);
    const auto round = opened.shared->round;
    CHECK(opened.shared->at == stage::open);
    CHECK(opened.shared->number == 1);
    CHECK(opened.shared->questions == 3);
    CHECK(opened.shared->platform == "web");
    CHECK(opened.shared->channel == "ROOM1");
    CHECK(opened.shared->host_name == "ana");
    REQUIRE(opened.shared->card->deadline);
    CHECK(*opened.shared->card->deadline == now.load() + 30s);
    CHECK(s.wakes_copy().back() == std::pair{round, now.load() + 30s});

    // A second round in the same channel is refused and points to the first.
    const auto second = act("ben", tutoring::open_round{room, std::nullopt, 3, 30});
    CHECK(std::get<tutoring::notice_screen>(second.mine).kind == tutoring::notice_kind::round_busy);
    // Options out of bounds are refused with the bounds.
    const auto too_many = act("ben", tutoring::open_round{{{"web", "playground"}, "", "ROOM2"}, std::nullopt, 21, 30});
    CHECK(std::get<tutoring::notice_screen>(too_many.mine).text.find("1 to 20 questions") != std::string::npos);

    // Question 1: a private acknowledgement; a double click keeps the first answer; nobody is judged yet.
    const auto q1 = *opened.shared;
    now = now.load() + 2s;
    const auto ben = act("ben", tutoring::answer_round{round, 1, wrong_position(q1)});
    const auto& in = std::get<tutoring::answer_in_screen>(ben.mine);
    CHECK(in.position == wrong_position(q1));
    CHECK(in.text.find("Your answer is in") != std::string::npos);
    CHECK(ben.answer_recorded);
    REQUIRE(ben.shared);
    CHECK(ben.shared->at == stage::open);
    CHECK(ben.shared->answered == 1);
    const auto ben_again = act("ben", tutoring::answer_round{round, 1, right_position(q1)});
    CHECK(std::get<tutoring::answer_in_screen>(ben_again.mine).position == wrong_position(q1));
    CHECK_FALSE(ben_again.answer_recorded);
    const auto early_look = act("ben", tutoring::look_at_round{round});
    CHECK(std::get_if<tutoring::judged_screen>(&early_look.mine) == nullptr);
    (void)act("chloe", tutoring::answer_round{round, 1, right_position(q1)});
    // The host's answer is the last one: everyone has answered, the question closes.
    const auto last = act("ana", tutoring::answer_round{round, 1, right_position(q1)});
    REQUIRE(last.shared);
    CHECK(last.shared->at == stage::revealed);
    REQUIRE(last.shared->reveal);
    CHECK(last.shared->reveal->closed_by == quiz::engine::close_reason::all_answered);
    CHECK(last.shared->reveal->distribution[right_position(q1)] == 2);
    CHECK(last.shared->reveal->distribution[wrong_position(q1)] == 1);
    CHECK(last.shared->reveal->answer.position == right_position(q1));
    CHECK(last.shared->reveal->answer.explanation == "Why q1 choice 0");
    CHECK(last.shared->guide->section.value() == "s");
    // Ben's answer after the reveal: judged privately, with the explanation of his own choice.
    const auto judged = act("ben", tutoring::look_at_round{round});
    const auto& told = std::get<tutoring::judged_screen>(judged.mine).told;
    CHECK_FALSE(told.correct);
    CHECK(told.chosen.position == wrong_position(q1));
    CHECK(told.chosen.explanation.find("Why q1 choice") != std::string::npos);

    // Question 2: only the host asks it and reveals it early.
    CHECK(std::get<tutoring::notice_screen>(act("ben", tutoring::next_round_question{round}).mine).kind ==
          tutoring::notice_kind::not_host);
    const auto asked2 = act("ana", tutoring::next_round_question{round});
    REQUIRE(asked2.shared);
    CHECK(asked2.shared->number == 2);
    const auto q2 = *asked2.shared;
    now = now.load() + 10s;
    (void)act("ana", tutoring::answer_round{round, 2, right_position(q2)});
    (void)act("ben", tutoring::answer_round{round, 2, wrong_position(q2)});
    CHECK(std::get<tutoring::notice_screen>(act("ben", tutoring::reveal_round{round}).mine).kind ==
          tutoring::notice_kind::not_host);
    const auto revealed2 = act("ana", tutoring::reveal_round{round});
    REQUIRE(revealed2.shared);
    CHECK(revealed2.shared->reveal->closed_by == quiz::engine::close_reason::host);
    CHECK(revealed2.shared->reveal->common_wrong->position == wrong_position(q2));
    CHECK(revealed2.shared->reveal->common_misconception == "A confusion");

    // Question 3: a late member joins by answering; the timer closes it, once.
    const auto q3 = *act("ana", tutoring::next_round_question{round}).shared;
    now = now.load() + 10s;
    (void)act("chloe", tutoring::answer_round{round, 3, wrong_position(q3)});
    (void)act("dan", tutoring::answer_round{round, 3, right_position(q3)});
    rounds.tick(round); // before the deadline: nothing closes
    const auto before_deadline = s.published_copy().size();
    now = *q3.card->deadline + 1s;
    rounds.tick(round);
    rounds.tick(round);
    (void)act("dan", tutoring::look_at_round{round}); // after both ticks' units
    const auto published = s.published_copy();
    const auto timer_reveals = std::count_if(published.begin() + static_cast<long>(before_deadline), published.end(),
                                             [](const tutoring::round_screen& p) { return p.at == stage::revealed; });
    CHECK(timer_reveals == 1);
    CHECK(published.back().reveal->closed_by == quiz::engine::close_reason::timer);
    const auto late = act("ben", tutoring::answer_round{round, 3, right_position(q3)});
    CHECK(std::get<tutoring::notice_screen>(late.mine).kind == tutoring::notice_kind::round_closed);

    // The end: ranked by accuracy over the questions each was present for; the hardest question.
    const auto ended = act("ana", tutoring::next_round_question{round});
    REQUIRE(ended.shared);
    CHECK(ended.shared->at == stage::ended);
    std::vector<std::string> ranking;
    for (const auto& line : ended.shared->scores) {
        ranking.push_back(line.name);
    }
    CHECK(ranking == std::vector<std::string>{"dan", "ana", "chloe", "ben"});
    CHECK(ended.shared->hardest == "Stem " + q2.card->question.value());

    // Review of misses: Ben's own session starts with what he missed, first missed first.
    const auto review = act("ben", tutoring::review_misses{round});
    const auto& card = std::get<tutoring::card_screen>(review.mine);
    CHECK(card.card.question == q1.card->question);
    CHECK(card.card.reason == quiz::engine::pick_reason::retry);
    CHECK(std::get<tutoring::notice_screen>(act("dan", tutoring::review_misses{round}).mine).kind ==
          tutoring::notice_kind::no_misses);
    // Chloé missed only the last question, the one she answered last: it comes back first all the same.
    const auto chloe_review = act("chloe", tutoring::review_misses{round});
    CHECK(std::get<tutoring::card_screen>(chloe_review.mine).card.question == q3.card->question);

    // Every answer is in each member's memory once: one attempt per member and question, in the round.
    s.writer.reset();
    CHECK(count(s.db, "SELECT count(*) FROM attempt WHERE round_id = " + std::to_string(round.value())) == 7);
    CHECK(count(s.db, "SELECT count(*) FROM (SELECT learner_id, question_version_id FROM attempt"
                      " GROUP BY 1, 2 HAVING count(*) > 1)") == 0);
    CHECK(count(s.db, "SELECT count(*) FROM attempt a JOIN learner l ON l.id = a.learner_id"
                      " WHERE l.external_id = 'ben' AND a.venue = 'group_round'") == 2);
}

TEST_CASE("rounds: after a restart, a question left open is revealed once at its deadline and the round goes on",
          "[rounds]")
{
    const quiz::test::temp_dir dir;
    const auto file = dir.path() / "quizbot.db";
    std::atomic<instant> now{instant{std::chrono::milliseconds{1'780'000'000'000}}};
    round_id round;
    instant deadline;
    {
        stack before(file, [&now] { return now.load(); });
        const auto opened = before.rounds->run({person("ana"),
                                                tutoring::open_round{room, std::nullopt, 2, 20},
                                                {},
                                                tutoring::message_news{std::nullopt, "token-of-the-command"}});
        CHECK(opened.shared->message->edit_token == "token-of-the-command");
        round = opened.shared->round;
        deadline = *opened.shared->card->deadline;
        const auto answered =
            before.rounds->run({person("ben"), tutoring::answer_round{round, 1, right_position(*opened.shared)},
                                std::nullopt, tutoring::message_news{std::nullopt, "token-of-a-click"}});
        CHECK(answered.shared->message->edit_token == "token-of-a-click");
        CHECK(answered.shared->message->token_at == now.load());
        before.rounds->record_message(round, {"C01:1700000000.000100", std::nullopt});
    } // the server stops with the question open; its timer is lost

    now = deadline + 5s;
    stack after(file, [&now] { return now.load(); });
    const auto wakes = look_for_deadlines(after);
    REQUIRE(wakes.size() == 1);
    CHECK(wakes.front() == std::pair{round, deadline});
    after.rounds->tick(round);
    after.rounds->tick(round);
    const auto looked = after.rounds->run({person("ben"), tutoring::look_at_round{round}, std::nullopt, std::nullopt});
    CHECK(looked.shared->at == stage::revealed);
    CHECK(looked.shared->reveal->closed_by == quiz::engine::close_reason::timer);
    CHECK(looked.shared->reveal->answered == 1);
    CHECK(std::get<tutoring::judged_screen>(looked.mine).told.correct);
    const auto published = after.published_copy();
    CHECK(std::count_if(published.begin(), published.end(),
                        [](const tutoring::round_screen& p) { return p.at == stage::revealed; }) == 1);
    // The timer's reveal knows how to edit the message: the freshest token, kept across the restart.
    REQUIRE(published.back().message);
    CHECK(published.back().message->edit_token == "token-of-a-click");
    CHECK(published.back().message->reference == "C01:1700000000.000100");
    const auto next =
        after.rounds->run({person("ana"), tutoring::next_round_question{round}, std::nullopt, std::nullopt});
    CHECK(next.shared->at == stage::open);
    CHECK(next.shared->number == 2);
}

TEST_CASE("rounds: a question opened through another node on the same database is found by its look, revealed once",
          "[rounds]")
{
    const quiz::test::temp_dir dir;
    const auto file = dir.path() / "quizbot.db";
    std::atomic<instant> now{instant{std::chrono::milliseconds{1'780'000'000'000}}};
    stack a(file, [&now] { return now.load(); });
    stack b(file, [&now] { return now.load(); });
    CHECK(look_for_deadlines(b).empty());

    const auto opened = a.rounds->run({person("ana"), tutoring::open_round{room, std::nullopt, 2, 20}, {}, {}});
    const auto round = opened.shared->round;
    const auto deadline = *opened.shared->card->deadline;
    (void)a.rounds->run({person("ben"), tutoring::answer_round{round, 1, right_position(*opened.shared)}, {}, {}});
    CHECK(look_for_deadlines(b) == std::vector{std::pair{round, deadline}});

    // The deadline passes and both timers fire at once (had a lived): one closes the question, the other finds it
    // closed.
    now = deadline + 1s;
    b.rounds->tick(round);
    a.rounds->tick(round);
    const auto looked = b.rounds->run({person("ben"), tutoring::look_at_round{round}, std::nullopt, std::nullopt});
    (void)a.rounds->run({person("ana"), tutoring::look_at_round{round}, std::nullopt, std::nullopt});
    CHECK(looked.shared->at == stage::revealed);
    CHECK(looked.shared->reveal->closed_by == quiz::engine::close_reason::timer);
    CHECK(looked.shared->reveal->answered == 1);
    const auto reveals = [](const std::vector<tutoring::round_screen>& published) {
        return std::count_if(published.begin(), published.end(),
                             [](const tutoring::round_screen& p) { return p.at == stage::revealed; });
    };
    CHECK(reveals(a.published_copy()) + reveals(b.published_copy()) == 1);
    CHECK(look_for_deadlines(b).empty()); // revealed: nothing left to wait for
}

TEST_CASE("rounds: someone who joins before answering counts for the early close, limits refuse clearly", "[rounds]")
{
    const quiz::test::temp_dir dir;
    std::atomic<instant> now{instant{std::chrono::milliseconds{1'780'000'000'000}}};
    stack s(dir.path() / "quizbot.db", [&now] { return now.load(); });
    auto& rounds = *s.rounds;
    const auto act = actor_on(rounds);
    const auto opened = act("ana", tutoring::open_round{room, std::nullopt, 1, 60});
    const auto round = opened.shared->round;
    const auto joined = act("eve", tutoring::join_round{round});
    REQUIRE(joined.shared);
    CHECK(joined.shared->players == 2);
    CHECK(joined.shared->revision > opened.shared->revision);
    const auto first = act("ana", tutoring::answer_round{round, 1, right_position(*opened.shared)});
    CHECK(first.shared->at == stage::open);
    CHECK(first.shared->answered == 1);
    const auto second = act("eve", tutoring::answer_round{round, 1, wrong_position(*opened.shared)});
    CHECK(second.shared->at == stage::revealed);
    CHECK(second.shared->reveal->closed_by == quiz::engine::close_reason::all_answered);

    // An answer carrying another question's number changes nothing.
    const auto stale = act("eve", tutoring::answer_round{round, 7, 0});
    CHECK(std::get<tutoring::notice_screen>(stale.mine).kind == tutoring::notice_kind::stale);
    CHECK(std::get<tutoring::notice_screen>(act("eve", tutoring::look_at_round{round_id{999}}).mine).kind ==
          tutoring::notice_kind::round_unknown);
    const auto too_quick = act("ben", tutoring::open_round{{{"web", "playground"}, "", "ROOM3"}, std::nullopt, 3, 5});
    CHECK(std::get<tutoring::notice_screen>(too_quick.mine).kind == tutoring::notice_kind::round_options);
}

} // namespace tutoring_rounds_test
