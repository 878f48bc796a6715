// SPDX-License-Identifier: MIT
#include "engine/tutor/session.hpp"

#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace tutor_session_test {

using namespace quiz::engine;
using quiz::test::blank_model;
using quiz::test::days_after;
using quiz::test::noon_day0;
using quiz::test::pack_builder;
using quiz::test::remember;

namespace {

/// q0 and q1 probe "mix" (choice 1 of q0, choice 2 of q1); q2..q4 are plain. All concept "a", correct choice 0.
pack_index misconception_pack()
{
    pack_builder builder;
    builder.concept_tag("a", "Concept A", "Notion A");
    builder.misconception("mix", "Mixing stages up", "Confondre les étapes");
    builder.section("s1", "Stages", "Étapes");
    builder.question("q0", "s1", {"a"}, 3, 0, {"", "mix"});
    builder.question("q1", "s1", {"a"}, 3, 0, {"", "", "mix"});
    builder.question("q2", "s1", {"a"}, 3, 0);
    builder.question("q3", "s1", {"a"}, 3, 0);
    builder.question("q4", "s1", {"a"}, 3, 0);
    return pack_index(builder.build());
}

session_state new_session(language lang = language::en, session_options options = {})
{
    auto state =
        open_session(learner_id{42}, std::nullopt, pack_key{"test-pack"}, venue::dm, lang, options, 1234, noon_day0());
    state.id = session_id{7};
    return state;
}

/// The display position of a choice (pack order) of the question on screen.
std::uint32_t shown_at(const session_state& state, std::uint32_t choice)
{
    const auto& order = state.current->order;
    return static_cast<std::uint32_t>(std::find(order.begin(), order.end(), choice) - order.begin());
}

} // namespace

TEST_CASE("a wrong answer names its misconception, the next question probes it, and the miss comes back three "
          "questions later")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    const tutor_config config;
    auto state = new_session();
    auto now = noon_day0();

    auto card = present_next(state, index, model, config, now);
    REQUIRE(card);
    CHECK(card->question == question_key{"q0"});
    CHECK(card->reason == pick_reason::fresh);
    CHECK(card->sequence == 1);
    CHECK(card->choices.size() == 3);

    const auto wrong = shown_at(state, 1);
    REQUIRE(check_answer(state, {session_id{7}, 1}, wrong, index) == answer_check::accepted);
    now += std::chrono::seconds{20};
    const auto answered = answer_current(state, index, model, wrong, now, config);
    const auto& told = answered.told;
    CHECK_FALSE(told.correct);
    CHECK(told.chosen.position == wrong);
    CHECK(told.chosen.explanation == "Why q0 choice 1");
    CHECK(told.answer.text == "q0 choice 0");
    CHECK(told.answer.position == shown_at(state, 0));
    CHECK(told.misconception_label == std::optional<std::string>{"Mixing stages up"});
    CHECK(told.follow_up_next);
    CHECK(told.retry_in_session);
    CHECK(told.section_title == "Stages");
    CHECK(told.interval_days >= 1);
    CHECK(answered.response_time == std::chrono::seconds{20});

    // The same token again (a second click, an old message) is stale.
    CHECK(check_answer(state, {session_id{7}, 1}, wrong, index) == answer_check::stale);

    card = present_next(state, index, model, config, now);
    REQUIRE(card);
    CHECK(card->question == question_key{"q1"});
    CHECK(card->reason == pick_reason::follow_up);
    CHECK(card->misconception_label == std::optional<std::string>{"Mixing stages up"});
    (void)answer_current(state, index, model, shown_at(state, 0), now, config);

    std::vector<std::string> asked;
    for (int i = 0; i < 3; ++i) {
        card = present_next(state, index, model, config, now);
        REQUIRE(card);
        asked.push_back(card->question.value());
        (void)answer_current(state, index, model, shown_at(state, 0), now, config);
    }
    CHECK(asked == std::vector<std::string>{"q2", "q3", "q0"});
    CHECK(card->reason == pick_reason::retry);

    const auto summary = summarize(state, index, model, config, now, 1);
    CHECK(summary.answered == 5);
    CHECK(summary.correct == 4);
    CHECK(summary.fresh == 3); // q0, q2, q3 new; q1 was a follow-up
    CHECK(summary.to_revisit == std::vector<question_key>{question_key{"q0"}});
}

TEST_CASE("answers to anything but the question on screen are rejected")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    const tutor_config config;
    auto state = new_session();
    const auto now = noon_day0();
    (void)present_next(state, index, model, config, now);
    CHECK(check_answer(state, {session_id{7}, 0}, 0, index) == answer_check::stale);
    CHECK(check_answer(state, {session_id{8}, 1}, 0, index) == answer_check::stale);
    CHECK(check_answer(state, {session_id{7}, 1}, 3, index) == answer_check::invalid_choice);
    CHECK(check_answer(state, {session_id{7}, 1}, 2, index) == answer_check::accepted);
    end_session(state);
    CHECK(check_answer(state, {session_id{7}, 1}, 2, index) == answer_check::ended);
}

TEST_CASE("a session ends after its length but still asks the question it queued")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    const tutor_config config;
    session_options options;
    options.length = 2;
    auto state = new_session(language::en, options);
    const auto now = noon_day0();
    auto card = present_next(state, index, model, config, now);
    REQUIRE(card->question == question_key{"q0"});
    (void)answer_current(state, index, model, shown_at(state, 2), now, config); // wrong, no misconception
    card = present_next(state, index, model, config, now);
    REQUIRE(card);
    CHECK(card->question == question_key{"q1"});
    (void)answer_current(state, index, model, shown_at(state, 0), now, config);
    card = present_next(state, index, model, config, now);
    REQUIRE(card);
    CHECK(card->question == question_key{"q0"});
    CHECK(card->reason == pick_reason::retry);
    (void)answer_current(state, index, model, shown_at(state, 0), now, config);
    CHECK_FALSE(present_next(state, index, model, config, now).has_value());
    CHECK(state.phase == session_phase::ended);
}

TEST_CASE("the card shows the position, the plan and how many more are due")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    const tutor_config config;
    const auto now = noon_day0();
    remember(model, 2, days_after(now, -10), 2.0);
    remember(model, 3, days_after(now, -9), 2.0);
    remember(model, 4, days_after(now, -8), 2.0);
    auto state = new_session();
    const auto card = present_next(state, index, model, config, now);
    REQUIRE(card);
    CHECK(card->reason == pick_reason::review);
    CHECK(card->question == question_key{"q2"});
    CHECK(card->progress.position == 1);
    CHECK(card->progress.planned == 5); // 3 due + 2 new
    CHECK(card->progress.due_remaining == 2);
}

TEST_CASE("a reviews-only session with nothing due ends at once")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    session_options options;
    options.scope = session_scope::reviews_only;
    auto state = new_session(language::en, options);
    CHECK_FALSE(present_next(state, index, model, tutor_config{}, noon_day0()).has_value());
    CHECK(state.phase == session_phase::ended);
}

TEST_CASE("the card and feedback speak the session's language")
{
    const auto index = misconception_pack();
    auto model = blank_model(index);
    const tutor_config config;
    auto state = new_session(language::fr);
    const auto card = present_next(state, index, model, config, noon_day0());
    REQUIRE(card);
    CHECK(card->stem == "Énoncé q0");
    CHECK(card->section_title == "Étapes");
    const auto told = answer_current(state, index, model, shown_at(state, 1), noon_day0(), config).told;
    CHECK(told.misconception_label == std::optional<std::string>{"Confondre les étapes"});
    CHECK(told.chosen.explanation == "Pourquoi q0 choix 1");
}

} // namespace tutor_session_test
