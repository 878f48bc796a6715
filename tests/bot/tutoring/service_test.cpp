// SPDX-License-Identifier: MIT
// The learner's side of the tutoring layer in memory: what a learner sees for each action, in their language, and
// what each action records (one attempt per answer, nothing after a failure, nothing for a stranger, everything gone
// after forget-me). The same desk as learner_service_test.cpp's, without SQLite and its writer thread.
#include "bot/tutoring/actions.hpp"
#include "bot/tutoring/screens.hpp"
#include "bot/tutoring/service.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "tests/support/inline_action_queue.hpp"
#include "tests/support/memory_identities.hpp"
#include "tests/support/memory_store.hpp"
#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>
#include <spdlog/logger.h>
#include <spdlog/sinks/null_sink.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace tutoring_service_test {

namespace {

namespace tutoring = quiz::bot::tutoring;
using quiz::engine::language;

/// Two new questions on one concept, each right at its first choice; the French texts differ from the English ones
/// so that the language on screen shows.
quiz::engine::pack_library memory_desk_library()
{
    quiz::engine::pack_library library;
    library.add(quiz::test::pack_builder("pack")
                    .concept_tag("c", "Caching", "Mise en cache")
                    .section("s", "Basics", "Bases")
                    .question("q1", "s", {"c"}, 4, 0)
                    .question("q2", "s", {"c"}, 4, 0)
                    .build());
    return library;
}

/// Sessions of two questions: the second `next` after two answers shows the summary.
quiz::engine::tutor_config memory_desk_config()
{
    quiz::engine::tutor_config config;
    config.session_length = 2;
    return config;
}

/// The service as the server wires it, in memory: a fixed clock and seed, a null log, units run at once.
struct memory_desk {
    quiz::test::memory_store store;
    quiz::test::memory_identities identities{store};
    quiz::test::inline_action_queue queue{identities};
    quiz::engine::pack_library library = memory_desk_library();
    quiz::engine::tutor tutor{store, library, memory_desk_config()};
    spdlog::logger log{"service", std::make_shared<spdlog::sinks::null_sink_mt>()};
    std::vector<std::string> answers_recorded; ///< the platforms the answers metric was told of
    tutoring::service service{
        tutoring::service_parts{tutor,
                                identities,
                                queue,
                                library,
                                {quiz::engine::pack_key{"pack"}},
                                [] { return quiz::test::noon_day0(); },
                                [] { return std::uint64_t{7}; },
                                log,
                                {},
                                [this](const std::string& platform) { answers_recorded.push_back(platform); },
                                {},
                                nullptr}};

    /// Someone on Discord, as the platform describes them.
    static tutoring::actor person(const std::string& user, language platform_lang)
    {
        tutoring::actor who;
        who.identity = {"discord", user};
        who.display_name = "User " + user;
        who.platform_lang = platform_lang;
        return who;
    }

    tutoring::screen act(tutoring::action what, const std::string& user = "42", language platform_lang = language::en)
    {
        return service.run({person(user, platform_lang), std::move(what), std::nullopt});
    }

    quiz::engine::learner_id learner_of(const std::string& user)
    {
        const auto found = identities.find_learner({"discord", user});
        REQUIRE(found);
        return *found;
    }
};

const tutoring::notice_screen& memory_desk_notice(const tutoring::screen& shown)
{
    REQUIRE(std::holds_alternative<tutoring::notice_screen>(shown.body));
    return std::get<tutoring::notice_screen>(shown.body);
}

const tutoring::card_screen& memory_desk_card(const tutoring::screen& shown)
{
    REQUIRE(std::holds_alternative<tutoring::card_screen>(shown.body));
    return std::get<tutoring::card_screen>(shown.body);
}

const tutoring::feedback_screen& memory_desk_feedback(const tutoring::screen& shown)
{
    REQUIRE(std::holds_alternative<tutoring::feedback_screen>(shown.body));
    return std::get<tutoring::feedback_screen>(shown.body);
}

/// Where the card shows the choice reading `text` (0 = A), as a learner finds it on screen.
std::uint32_t memory_desk_position_of(const tutoring::card_screen& card, const std::string& text)
{
    const auto& choices = card.card.choices;
    const auto it = std::find(choices.begin(), choices.end(), text);
    REQUIRE(it != choices.end());
    return static_cast<std::uint32_t>(it - choices.begin());
}

std::string memory_desk_letter(std::uint32_t position) { return std::string(1, static_cast<char>('A' + position)); }

/// The answer to the card on screen that chooses the choice reading `text`.
tutoring::answer memory_desk_answer(const tutoring::card_screen& card, const std::string& text)
{
    return {card.session, card.card.sequence, memory_desk_position_of(card, text), false};
}

} // namespace

TEST_CASE("service: a start shows the first card in the platform's language", "[tutoring]")
{
    memory_desk d;

    const auto english = d.act(tutoring::start{}, "42", language::en);
    CHECK(english.lang == language::en);
    CHECK(english.heads_up.empty());
    CHECK_FALSE(english.answer_recorded);
    const auto& en_card = memory_desk_card(english);
    CHECK(en_card.card.lang == language::en);
    CHECK(en_card.card.stem == "Stem q1");
    auto en_choices = en_card.card.choices;
    std::sort(en_choices.begin(), en_choices.end());
    CHECK(en_choices == std::vector<std::string>{"q1 choice 0", "q1 choice 1", "q1 choice 2", "q1 choice 3"});
    CHECK(en_card.progress == "New question 1 of 2 · nothing else due");
    CHECK_FALSE(en_card.note);
    CHECK(en_card.guide.title == "Basics");
    CHECK(en_card.guide.line == "Guide: Basics");

    const auto french = d.act(tutoring::start{}, "43", language::fr);
    CHECK(french.lang == language::fr);
    const auto& fr_card = memory_desk_card(french);
    CHECK(fr_card.card.lang == language::fr);
    CHECK(fr_card.card.stem == "Énoncé q1");
    auto fr_choices = fr_card.card.choices;
    std::sort(fr_choices.begin(), fr_choices.end());
    CHECK(fr_choices == std::vector<std::string>{"q1 choix 0", "q1 choix 1", "q1 choix 2", "q1 choix 3"});
    CHECK(fr_card.progress == "Nouvelle question 1 sur 2 · plus rien à revoir");
    CHECK(fr_card.guide.line == "Guide\u00a0: Bases");

    // The platform's language is kept, as not chosen by the learner.
    const auto stored = d.identities.language_of(d.learner_of("43"));
    REQUIRE(stored);
    CHECK(stored->lang == language::fr);
    CHECK_FALSE(stored->chosen);
    CHECK(d.identities.display_name(d.learner_of("43")) == "User 43");
}

TEST_CASE("service: a chosen language overrides the platform's, which is followed until then", "[tutoring]")
{
    memory_desk d;

    // Not chosen yet: the platform's language changing changes the learner's.
    CHECK(memory_desk_card(d.act(tutoring::start{}, "42", language::en)).card.stem == "Stem q1");
    CHECK(memory_desk_card(d.act(tutoring::start{}, "42", language::fr)).card.stem == "Énoncé q1");

    const auto chosen = d.act(tutoring::choose_language{language::en}, "42", language::fr);
    CHECK(chosen.lang == language::en);
    const auto& said = memory_desk_notice(chosen);
    CHECK(said.kind == tutoring::notice_kind::language_set);
    CHECK(said.text == "From now on I speak English with you.");

    const auto started = d.act(tutoring::start{}, "42", language::fr);
    CHECK(started.lang == language::en);
    CHECK(memory_desk_card(started).card.stem == "Stem q1");
    CHECK(memory_desk_card(started).progress == "New question 1 of 2 · nothing else due");
    const auto stored = d.identities.language_of(d.learner_of("42"));
    REQUIRE(stored);
    CHECK(stored->lang == language::en);
    CHECK(stored->chosen);
}

TEST_CASE("service: an answer shows the feedback's sentences and records exactly one attempt", "[tutoring]")
{
    memory_desk d;
    const auto card = memory_desk_card(d.act(tutoring::start{}));
    const auto right = memory_desk_position_of(card, "q1 choice 0");

    SECTION("a right answer")
    {
        const auto shown = d.act(memory_desk_answer(card, "q1 choice 0"));
        CHECK(shown.lang == language::en);
        CHECK(shown.answer_recorded);
        const auto& feedback = memory_desk_feedback(shown);
        CHECK(feedback.session == card.session);
        CHECK(feedback.pack == quiz::engine::pack_key{"pack"});
        CHECK_FALSE(feedback.replayed);
        CHECK(feedback.told.correct);
        CHECK(feedback.said.verdict == "Right!");
        CHECK(feedback.said.chosen.empty());
        CHECK(feedback.said.answer == "The answer is " + memory_desk_letter(right) + ": q1 choice 0");
        CHECK(feedback.told.answer.explanation == "Why q1 choice 0");
        // Right the first time: not asked again in this session, back in some days (FSRS decides how many).
        REQUIRE(feedback.said.what_next.size() == 1);
        CHECK(feedback.said.what_next[0].starts_with("Next review"));
        CHECK(feedback.guide.line == "Read more: Basics");
        CHECK_FALSE(feedback.next);

        const auto& attempts = d.store.data().attempts;
        REQUIRE(attempts.size() == 1);
        CHECK(attempts[0].learner == d.learner_of("42"));
        CHECK(attempts[0].question == quiz::engine::question_key{"q1"});
        CHECK(attempts[0].correct);
        CHECK(attempts[0].chosen == 0);
        CHECK(attempts[0].displayed_as == right);
        CHECK(d.answers_recorded == std::vector<std::string>{"discord"});
    }
    SECTION("a wrong answer")
    {
        const auto chosen = memory_desk_position_of(card, "q1 choice 2");
        const auto shown = d.act(memory_desk_answer(card, "q1 choice 2"));
        CHECK(shown.answer_recorded);
        const auto& feedback = memory_desk_feedback(shown);
        CHECK_FALSE(feedback.told.correct);
        CHECK(feedback.said.verdict == "Not quite.");
        CHECK(feedback.said.chosen == "You chose " + memory_desk_letter(chosen) + ": q1 choice 2");
        CHECK(feedback.told.chosen.explanation == "Why q1 choice 2");
        CHECK(feedback.said.answer == "The answer is " + memory_desk_letter(right) + ": q1 choice 0");
        // Missed in a session with questions left: it comes back in this session.
        CHECK(std::find(feedback.said.what_next.begin(), feedback.said.what_next.end(),
                        "This question comes back in a few questions.") != feedback.said.what_next.end());
        CHECK(feedback.guide.line == "Read more: Basics");

        const auto& attempts = d.store.data().attempts;
        REQUIRE(attempts.size() == 1);
        CHECK_FALSE(attempts[0].correct);
        CHECK(attempts[0].chosen == 2);
    }
    SECTION("in French")
    {
        memory_desk other;
        const auto fr_card = memory_desk_card(other.act(tutoring::start{}, "43", language::fr));
        const auto fr_right = memory_desk_position_of(fr_card, "q1 choix 0");
        const auto shown = other.act(memory_desk_answer(fr_card, "q1 choix 0"), "43", language::fr);
        CHECK(shown.lang == language::fr);
        const auto& feedback = memory_desk_feedback(shown);
        CHECK(feedback.said.verdict == "Bonne réponse\u00a0!");
        CHECK(feedback.said.answer == "La bonne réponse est " + memory_desk_letter(fr_right) + "\u00a0: q1 choix 0");
        CHECK(feedback.guide.line == "Pour aller plus loin\u00a0: Bases");
        CHECK(other.store.data().attempts.size() == 1);
    }
}

TEST_CASE("service: the same answer sent twice (a double click) records one attempt", "[tutoring]")
{
    memory_desk d;
    const auto card = memory_desk_card(d.act(tutoring::start{}));
    const auto first = d.act(memory_desk_answer(card, "q1 choice 1"));
    REQUIRE(first.answer_recorded);

    const auto again = d.act(memory_desk_answer(card, "q1 choice 1"));
    CHECK_FALSE(again.answer_recorded);
    const auto& replayed = memory_desk_feedback(again);
    CHECK(replayed.replayed);
    CHECK(replayed.said == memory_desk_feedback(first).said);
    CHECK(replayed.said.verdict == "Not quite.");

    // Another button of the same card: the same action, the answer first given.
    const auto other_button = d.act(memory_desk_answer(card, "q1 choice 0"));
    CHECK_FALSE(other_button.answer_recorded);
    CHECK(memory_desk_feedback(other_button).replayed);
    CHECK_FALSE(memory_desk_feedback(other_button).told.correct);

    CHECK(d.store.data().attempts.size() == 1);
    CHECK(d.answers_recorded.size() == 1);
}

TEST_CASE("service: next shows the next card, then the summary once the session is done", "[tutoring]")
{
    memory_desk d;
    const auto first = memory_desk_card(d.act(tutoring::start{}));
    REQUIRE(d.act(memory_desk_answer(first, "q1 choice 0")).answer_recorded);

    const auto second_screen = d.act(tutoring::next{first.session});
    const auto& second = memory_desk_card(second_screen);
    CHECK(second.session == first.session);
    CHECK(second.card.sequence == 2);
    CHECK(second.card.stem == "Stem q2");
    CHECK(second.progress == "New question 2 of 2 · nothing else due");
    REQUIRE(d.act(memory_desk_answer(second, "q2 choice 0")).answer_recorded);

    const auto done = d.act(tutoring::next{});
    REQUIRE(std::holds_alternative<tutoring::summary_screen>(done.body));
    const auto& summary = std::get<tutoring::summary_screen>(done.body);
    CHECK(summary.session == first.session);
    CHECK(summary.pack == quiz::engine::pack_key{"pack"});
    CHECK(summary.summary.answered == 2);
    CHECK(summary.summary.correct == 2);
    // Title, score, mix, when the next review comes (nothing is due), streak.
    REQUIRE(summary.lines.size() == 5);
    CHECK(summary.lines[0] == "Session over");
    CHECK(summary.lines[1] == "2 right out of 2 (100%)");
    CHECK(summary.lines[2] == "0 reviews, 2 new questions");
    CHECK(summary.lines[3].starts_with("Next review"));
    CHECK(summary.lines[4] == "Streak: 1 day");
    CHECK(d.store.data().attempts.size() == 2);
}

TEST_CASE("service: stats show the learner's progress in the pack", "[tutoring]")
{
    memory_desk d;
    const auto card = memory_desk_card(d.act(tutoring::start{}));

    const auto before = d.act(tutoring::stats{});
    REQUIRE(std::holds_alternative<tutoring::stats_screen>(before.body));
    const auto& nothing_yet = std::get<tutoring::stats_screen>(before.body);
    CHECK(nothing_yet.pack == quiz::engine::pack_key{"pack"});
    CHECK(nothing_yet.pack_title == "Test pack");
    CHECK(nothing_yet.lines == std::vector<std::string>{"Your progress: Test pack", "Nothing to review now.",
                                                        "0 of 2 questions seen", "Concepts mastered: 0 of 1"});

    REQUIRE(d.act(memory_desk_answer(card, "q1 choice 0")).answer_recorded);
    const auto after = d.act(tutoring::stats{std::string("pack")});
    REQUIRE(std::holds_alternative<tutoring::stats_screen>(after.body));
    const auto& lines = std::get<tutoring::stats_screen>(after.body).lines;
    CHECK(std::get<tutoring::stats_screen>(after.body).stats.answered == 1);
    CHECK(std::find(lines.begin(), lines.end(), "1 of 2 questions seen") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "Accuracy: 100% over 1 answer") != lines.end());
    CHECK(lines.back() == "Streak: 1 day (best: 1 day)");

    const auto french = d.act(tutoring::stats{}, "43", language::fr);
    REQUIRE(std::holds_alternative<tutoring::stats_screen>(french.body));
    CHECK(std::get<tutoring::stats_screen>(french.body).lines.front() == "Votre progression\u00a0: Paquet de test");

    const auto unknown = memory_desk_notice(d.act(tutoring::stats{std::string("nope")}));
    CHECK(unknown.kind == tutoring::notice_kind::unknown_pack);
    CHECK(unknown.text == "There is no pack “nope”. Packs: pack.");
}

TEST_CASE("service: forget-me asks, a cancel keeps everything, a confirm erases the learner from every store",
          "[tutoring]")
{
    memory_desk d;
    const auto mine = memory_desk_card(d.act(tutoring::start{}, "42"));
    REQUIRE(d.act(memory_desk_answer(mine, "q1 choice 0"), "42").answer_recorded);
    const auto theirs = memory_desk_card(d.act(tutoring::start{}, "43"));
    REQUIRE(d.act(memory_desk_answer(theirs, "q1 choice 1"), "43").answer_recorded);
    const auto forgotten_id = d.learner_of("42");
    const auto kept_id = d.learner_of("43");

    const auto asked = d.act(tutoring::forget{tutoring::forget::step::ask});
    REQUIRE(std::holds_alternative<tutoring::confirm_screen>(asked.body));
    const auto& question = std::get<tutoring::confirm_screen>(asked.body);
    CHECK(question.what == tutoring::confirmation::forget_me);
    CHECK(question.question == "This erases everything quizbot keeps about you: answers, progress, sessions and "
                               "settings. It cannot be undone.");
    CHECK(question.yes == "Erase everything");
    CHECK(question.no == "Cancel");
    CHECK_FALSE(asked.closes_confirmation);
    CHECK_FALSE(asked.learner_erased);

    const auto cancelled = d.act(tutoring::forget{tutoring::forget::step::cancel});
    CHECK(memory_desk_notice(cancelled).kind == tutoring::notice_kind::forget_cancelled);
    CHECK(memory_desk_notice(cancelled).text == "Nothing was erased.");
    CHECK(cancelled.closes_confirmation);
    CHECK_FALSE(cancelled.learner_erased);
    CHECK(d.store.data().attempts.size() == 2);
    CHECK(d.identities.find_learner({"discord", "42"}) == forgotten_id);

    const auto erased = d.act(tutoring::forget{tutoring::forget::step::confirm});
    CHECK(memory_desk_notice(erased).kind == tutoring::notice_kind::forgotten);
    CHECK(memory_desk_notice(erased).text == "Done: everything quizbot kept about you is erased.");
    CHECK(erased.closes_confirmation);
    CHECK(erased.learner_erased);

    // Nothing of theirs is left; the other learner keeps everything.
    const auto& data = d.store.data();
    CHECK_FALSE(d.identities.find_learner({"discord", "42"}));
    CHECK(d.identities.learner(forgotten_id) == nullptr);
    REQUIRE(data.attempts.size() == 1);
    CHECK(data.attempts[0].learner == kept_id);
    REQUIRE(data.sessions.size() == 1);
    CHECK(data.sessions.begin()->second.learner == kept_id);
    CHECK_FALSE(data.profiles.contains(forgotten_id));
    CHECK(data.profiles.contains(kept_id));
    CHECK(std::none_of(data.memories.begin(), data.memories.end(),
                       [&](const auto& row) { return std::get<0>(row.first) == forgotten_id.value(); }));
    CHECK(std::none_of(data.skills.begin(), data.skills.end(),
                       [&](const auto& row) { return std::get<0>(row.first) == forgotten_id.value(); }));
    CHECK(std::any_of(data.memories.begin(), data.memories.end(),
                      [&](const auto& row) { return std::get<0>(row.first) == kept_id.value(); }));

    // Coming back makes a new learner: the old id names nobody.
    CHECK(memory_desk_card(d.act(tutoring::start{}, "42")).progress == "New question 1 of 2 · nothing else due");
    CHECK(d.learner_of("42") != forgotten_id);
    CHECK(d.learner_of("42") != kept_id);
}

TEST_CASE("service: remind without reminder settings says this server sends none", "[tutoring]")
{
    memory_desk d;
    const auto shown = d.act(tutoring::remind{});
    CHECK(memory_desk_notice(shown).kind == tutoring::notice_kind::reminders_unavailable);
    CHECK(memory_desk_notice(shown).text == "This server sends no reminders.");

    tutoring::remind turn_on;
    turn_on.what = tutoring::remind::mode::on;
    turn_on.time = "18:00";
    turn_on.zone = "Europe/Paris";
    const auto on = d.act(turn_on);
    CHECK(memory_desk_notice(on).kind == tutoring::notice_kind::reminders_unavailable);
    CHECK(memory_desk_notice(on).text == "This server sends no reminders.");

    const auto french = d.act(tutoring::remind{}, "43", language::fr);
    CHECK(french.lang == language::fr);
    CHECK(memory_desk_notice(french).text == "Ce serveur n’envoie pas de rappels.");
}

TEST_CASE("service: after a refused reminder the heads-up comes once, with the next action but not with remind",
          "[tutoring]")
{
    memory_desk d;
    (void)d.act(tutoring::start{});
    const auto learner = d.learner_of("42");
    d.identities.refuse_reminders(learner);

    // Asking about reminders answers the matter itself: the heads-up waits for another action.
    const auto asked = d.act(tutoring::remind{});
    CHECK(memory_desk_notice(asked).kind == tutoring::notice_kind::reminders_unavailable);
    CHECK(asked.heads_up.empty());
    CHECK(d.identities.learner(learner)->reminders_refused);

    const auto said = d.act(tutoring::stats{});
    CHECK(std::holds_alternative<tutoring::stats_screen>(said.body));
    CHECK(said.heads_up == "Your reminders by DM are off: the last one could not reach you (your privacy settings may "
                           "block messages from the bot). `/quiz remind on` turns them back on.");
    CHECK_FALSE(d.identities.learner(learner)->reminders_refused);

    const auto after = d.act(tutoring::help{});
    CHECK(memory_desk_notice(after).kind == tutoring::notice_kind::help);
    CHECK(after.heads_up.empty());

    // In the learner's language, with whatever they do next (here a start).
    (void)d.act(tutoring::start{}, "43", language::fr);
    d.identities.refuse_reminders(d.learner_of("43"));
    const auto french = d.act(tutoring::start{}, "43", language::fr);
    CHECK(std::holds_alternative<tutoring::card_screen>(french.body));
    CHECK(french.heads_up == "Vos rappels en message privé sont désactivés\u00a0: le dernier n’a pas pu vous parvenir "
                             "(vos réglages de confidentialité bloquent peut-être les messages du bot). "
                             "`/quiz remind on` les réactive.");
}

TEST_CASE("service: a failing unit shows the failed notice and records nothing", "[tutoring]")
{
    memory_desk d;
    const std::string failed = "Sorry, that did not work: nothing was recorded. Please try again in a moment.";

    d.queue.fail_next_unit();
    const auto start_failed = d.act(tutoring::start{});
    CHECK(memory_desk_notice(start_failed).kind == tutoring::notice_kind::failed);
    CHECK(memory_desk_notice(start_failed).text == failed);
    CHECK(d.identities.data().learners.empty()); // the learner it added went with the unit
    CHECK(d.store.data().sessions.empty());
    CHECK(d.store.data().profiles.empty());

    const auto card = memory_desk_card(d.act(tutoring::start{}));
    d.queue.fail_next_unit();
    const auto answer_failed = d.act(memory_desk_answer(card, "q1 choice 0"));
    CHECK(memory_desk_notice(answer_failed).kind == tutoring::notice_kind::failed);
    CHECK_FALSE(answer_failed.answer_recorded);
    CHECK(d.store.data().attempts.empty());
    CHECK(d.store.data().memories.empty());
    CHECK(d.answers_recorded.empty());

    // Nothing was recorded, so the same answer again is a first answer.
    const auto retried = d.act(memory_desk_answer(card, "q1 choice 0"));
    CHECK(retried.answer_recorded);
    CHECK_FALSE(memory_desk_feedback(retried).replayed);
    CHECK(d.store.data().attempts.size() == 1);

    // In the language the platform gave, the learner's own being out of reach.
    d.queue.fail_next_unit();
    const auto french = d.act(tutoring::stats{}, "43", language::fr);
    CHECK(french.lang == language::fr);
    CHECK(memory_desk_notice(french).text ==
          "Désolé, cela n’a pas fonctionné\u00a0: rien n’a été enregistré. Réessayez dans un instant.");
    CHECK_FALSE(d.identities.find_learner({"discord", "43"}));
}

TEST_CASE("service: a failed unit leaves the refused reminder's heads-up to be said", "[tutoring]")
{
    memory_desk d;
    (void)d.act(tutoring::start{});
    d.identities.refuse_reminders(d.learner_of("42"));

    d.queue.fail_next_unit();
    const auto failed = d.act(tutoring::stats{});
    CHECK(memory_desk_notice(failed).kind == tutoring::notice_kind::failed);
    CHECK(failed.heads_up.empty());
    CHECK(d.identities.learner(d.learner_of("42"))->reminders_refused);

    const auto said = d.act(tutoring::stats{});
    CHECK(said.heads_up.starts_with("Your reminders by DM are off"));
}

TEST_CASE("service: known_only actions from someone unknown get unknown_learner and create nothing", "[tutoring]")
{
    memory_desk d;
    auto stranger = memory_desk::person("77", language::fr);
    stranger.known_only = true;

    const auto stats = d.service.run({stranger, tutoring::stats{}, std::nullopt});
    CHECK(memory_desk_notice(stats).kind == tutoring::notice_kind::unknown_learner);
    CHECK(memory_desk_notice(stats).text.empty());
    CHECK(stats.lang == language::fr);

    const auto answer =
        d.service.run({stranger, tutoring::answer{quiz::engine::session_id{1}, 1, 0, false}, std::nullopt});
    CHECK(memory_desk_notice(answer).kind == tutoring::notice_kind::unknown_learner);
    CHECK_FALSE(answer.answer_recorded);

    CHECK(d.identities.data().learners.empty());
    CHECK(d.store.data().profiles.empty());
    CHECK(d.store.data().sessions.empty());
    CHECK(d.store.data().attempts.empty());

    // Once known (a start without known_only), the same request is served.
    (void)d.act(tutoring::start{}, "77", language::fr);
    const auto known = d.service.run({stranger, tutoring::stats{}, std::nullopt});
    CHECK(std::holds_alternative<tutoring::stats_screen>(known.body));
}

TEST_CASE("service: a redelivered event shows nothing and changes nothing", "[tutoring]")
{
    memory_desk d;
    const tutoring::request delivered{memory_desk::person("42", language::en), tutoring::start{},
                                      std::string("event-1")};
    CHECK(std::holds_alternative<tutoring::card_screen>(d.service.run(delivered).body));
    CHECK(std::holds_alternative<tutoring::nothing_screen>(d.service.run(delivered).body));
    CHECK(d.store.data().sessions.size() == 1);
}

TEST_CASE("service: perform shows the screen, and takes nothing once the queue is stopping", "[tutoring]")
{
    memory_desk d;
    std::vector<tutoring::screen> shown;
    const auto show = [&shown](tutoring::screen s) { shown.push_back(std::move(s)); };

    CHECK(d.service.perform({memory_desk::person("42", language::en), tutoring::start{}, std::nullopt}, show));
    REQUIRE(shown.size() == 1);
    CHECK(std::holds_alternative<tutoring::card_screen>(shown[0].body));

    d.queue.stop();
    CHECK_FALSE(d.service.perform({memory_desk::person("42", language::en), tutoring::help{}, std::nullopt}, show));
    CHECK(shown.size() == 1);
    CHECK_THROWS_AS(d.act(tutoring::help{}), std::logic_error);
    CHECK(d.queue.committed() == 1);
}

} // namespace tutoring_service_test
