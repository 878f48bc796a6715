// SPDX-License-Identifier: MIT
#include "engine/rounds/group_round.hpp"
#include "engine/rounds/round_service.hpp"

#include "tests/support/memory_store.hpp"
#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

namespace rounds_group_round_test {

using namespace quiz::engine;
using namespace std::chrono_literals;
using quiz::test::blank_model;
using quiz::test::days_after;
using quiz::test::memory_store;
using quiz::test::noon_day0;
using quiz::test::pack_builder;
using quiz::test::remember;

namespace {

std::string words(int n)
{
    std::string text;
    for (int i = 0; i < n; ++i) {
        text += i == 0 ? "word" : " word";
    }
    return text;
}

pack round_pack()
{
    pack_builder builder("group");
    builder.concept_tag("a", "A", "A").concept_tag("b", "B", "B");
    builder.misconception("mix", "Stages mixed up", "Étapes confondues");
    builder.section("s", "Section", "Section");
    builder.question("q0", "s", {"a"}, 4, 0, {"", "mix"});
    builder.question("q1", "s", {"b"}, 4, 0);
    builder.question("q2", "s", {"a"}, 4, 0);
    return builder.build();
}

const learner_id host{1};
const learner_id ana{2};
const learner_id ben{3};

std::uint32_t position_of(const round_state& state, std::uint32_t choice)
{
    return static_cast<std::uint32_t>(std::find(state.order.begin(), state.order.end(), choice) - state.order.begin());
}

/// A round with host, ana and ben and its first question open.
round_state started(const pack_index& index, instant now)
{
    const std::vector<learner_id> members{ana, ben};
    auto state = open_round(workspace_id{5}, "chan", host, index.content().key, language::en, {}, 7, now, members);
    state.id = round_id{11};
    const auto model = blank_model(index);
    const std::vector<const learner_model*> models{&model};
    REQUIRE(ask_next(state, index, models, tutor_config{}, now));
    return state;
}

} // namespace

TEST_CASE("a question stays open 30 s, longer when it takes longer to read, at most 120 s")
{
    const pack_index index(pack_builder{}
                               .concept_tag("a", "A", "A")
                               .section("s", "S", "S")
                               .question("short", "s", {"a"}, 2, 0, {}, 3, words(20))
                               .question("long", "s", {"a"}, 2, 0, {}, 3, words(100))
                               .question("huge", "s", {"a"}, 2, 0, {}, 3, words(600))
                               .build());
    const round_options options;
    // Reading time 10 s + words / 3 (choices count too: 2 choices of 3 words here).
    CHECK(answer_time(index, 0, language::en, options) == 30s);
    CHECK(answer_time(index, 1, language::en, options) == std::chrono::seconds{10 + (106 + 2) / 3});
    CHECK(answer_time(index, 2, language::en, options) == 120s);
}

TEST_CASE("the question closes at its deadline, not before")
{
    const pack_index index(round_pack());
    const auto now = noon_day0();
    auto state = started(index, now);
    REQUIRE(state.phase == round_phase::open);
    const auto deadline = state.deadline;
    CHECK(deadline - now == answer_time(index, *index.find(*state.question), language::en, state.options));
    CHECK_FALSE(close_if_due(state, deadline - 1ms));
    CHECK(state.phase == round_phase::open);
    CHECK(close_if_due(state, deadline));
    CHECK(state.phase == round_phase::closed);
    CHECK(state.closed_by == std::optional<close_reason>{close_reason::timer});
    CHECK(check_round_answer(state, ana, {state.id, state.sequence}, 0, deadline) == round_answer_status::closed);
}

TEST_CASE("the question closes early once every player has answered, the shared view shows how many, not what")
{
    const pack_index index(round_pack());
    const auto now = noon_day0();
    auto state = started(index, now);
    const round_token token{state.id, state.sequence};
    REQUIRE(check_round_answer(state, ana, token, 1, now + 5s) == round_answer_status::accepted);
    (void)submit_answer(state, index, ana, 1, now + 5s);
    const auto view = view_round(state, index, now + 5s);
    CHECK(view.answered == 1);
    CHECK(view.players == 3);
    CHECK(view.remaining == std::chrono::ceil<std::chrono::seconds>(state.deadline - (now + 5s)));
    CHECK(check_round_answer(state, ana, token, 2, now + 6s) == round_answer_status::already_answered);
    CHECK(check_round_answer(state, ana, {state.id, state.sequence + 1}, 2, now + 6s) == round_answer_status::stale);
    (void)submit_answer(state, index, ben, 0, now + 6s);
    CHECK(state.phase == round_phase::open);
    (void)submit_answer(state, index, host, 0, now + 7s);
    CHECK(state.phase == round_phase::closed);
    CHECK(state.closed_by == std::optional<close_reason>{close_reason::all_answered});
}

TEST_CASE("only the host reveals early, the reveal shows the answer, the distribution and the common confusion")
{
    const pack_index index(round_pack());
    const auto now = noon_day0();
    auto state = started(index, now);
    REQUIRE(state.question == std::optional<question_key>{question_key{"q0"}});
    const auto right = position_of(state, 0);
    const auto confused = position_of(state, 1);
    (void)submit_answer(state, index, ana, confused, now + 3s);
    (void)submit_answer(state, index, ben, confused, now + 4s);
    CHECK(reveal_by_host(state, ana) == reveal_status::not_host);
    CHECK(state.phase == round_phase::open);
    CHECK(reveal_by_host(state, host) == reveal_status::revealed);
    CHECK(reveal_by_host(state, host) == reveal_status::not_open);

    const auto reveal = make_reveal(state, index);
    CHECK(reveal.closed_by == close_reason::host);
    CHECK(reveal.answer.position == right);
    CHECK(reveal.answer.text == "q0 choice 0");
    CHECK(reveal.answer.explanation == "Why q0 choice 0");
    std::vector<int> expected(4, 0);
    expected[confused] = 2;
    CHECK(reveal.distribution == expected);
    CHECK(reveal.answered == 2);
    CHECK(reveal.players == 3);
    CHECK(reveal.common_misconception == std::optional<std::string>{"Stages mixed up"});
}

TEST_CASE("the scoreboard ranks by accuracy, speed only breaks ties")
{
    round_state state;
    const auto t0 = noon_day0();
    const auto player = [&](learner_id who, int present, int answered, int correct, std::chrono::milliseconds time) {
        state.players.push_back({who, t0, present, answered, correct, time});
    };
    player(learner_id{1}, 4, 4, 3, 40'000ms); // 75 %, slow
    player(learner_id{2}, 4, 4, 2, 4'000ms);  // 50 %, very fast
    player(learner_id{3}, 4, 4, 3, 20'000ms); // 75 %, faster than 1
    player(learner_id{4}, 4, 2, 2, 4'000ms);  // 50 %: skipped two questions, which count as missed; slower
    player(learner_id{5}, 4, 4, 2, 4'000ms);  // same as 2
    const auto lines = scoreboard(state);
    std::vector<std::int64_t> order;
    std::vector<int> ranks;
    for (const auto& line : lines) {
        order.push_back(line.learner.value());
        ranks.push_back(line.rank);
    }
    CHECK(order == std::vector<std::int64_t>{3, 1, 2, 5, 4});
    CHECK(ranks == std::vector<int>{1, 2, 3, 3, 5});
    CHECK(lines[0].mean_answer_time == 5'000ms);
}

TEST_CASE("the group gets the question the members together need most")
{
    const pack_index index(round_pack());
    const auto now = noon_day0();
    const tutor_config config;
    auto ana_model = blank_model(index);
    auto ben_model = blank_model(index);
    for (std::uint32_t q = 0; q < 3; ++q) {
        remember(ana_model, q, now, 30.0);
        remember(ben_model, q, now, 30.0);
    }
    // Both forgot q1 somewhat; only ben forgot q2, badly.
    remember(ana_model, 1, days_after(now, -20), 5.0);
    remember(ben_model, 1, days_after(now, -20), 5.0);
    remember(ben_model, 2, days_after(now, -40), 2.0);
    const std::vector<const learner_model*> both{&ana_model, &ben_model};
    CHECK(choose_for_group(index, both, config, now, {}) == std::optional<std::uint32_t>{1});
    const std::vector<const learner_model*> only_ben{&ben_model};
    CHECK(choose_for_group(index, only_ben, config, now, {}) == std::optional<std::uint32_t>{2});
    const std::vector<std::uint32_t> asked{1};
    CHECK(choose_for_group(index, both, config, now, asked) == std::optional<std::uint32_t>{2});
}

TEST_CASE("a round played through the use cases: private feedback, personal memory, scoreboard")
{
    memory_store store;
    pack_library packs;
    packs.add(round_pack());
    group_tutor tutor(store, packs);
    const auto now = noon_day0();

    round_start_request request;
    request.workspace = workspace_id{5};
    request.channel = "chan";
    request.host = host;
    request.members = {ana};
    request.pack = pack_key{"group"};
    request.options.questions = 2;
    request.seed = 3;
    request.now = now;
    const auto opened = tutor.start(request);
    REQUIRE(opened.status == round_status::ok);
    REQUIRE(opened.view);
    CHECK(tutor.start(request).status == round_status::busy);

    const auto state = store.data().rounds.at(opened.round);
    const auto q = *packs.find(pack_key{"group"})->find(*state.question);
    const auto right = position_of(state, static_cast<std::uint32_t>(packs.find(pack_key{"group"})->at(q).correct));

    round_answer_request answer;
    answer.learner = ana;
    answer.token = {opened.round, opened.view->card.sequence};
    answer.displayed = right;
    answer.key = idempotency_key{"ana-1"};
    answer.now = now + 4s;
    const auto given = tutor.answer(answer);
    REQUIRE(given.status == round_answer_status::accepted);
    REQUIRE(given.told);
    CHECK(given.told->correct);
    REQUIRE(given.view);
    CHECK(given.view->answered == 1);
    CHECK_FALSE(given.reveal.has_value());

    // Delivered twice: the same feedback, one record.
    const auto twice = tutor.answer(answer);
    CHECK(twice.replayed);
    CHECK(store.data().attempts.size() == 1);
    const auto& attempt = store.data().attempts.front();
    CHECK(attempt.where == venue::group_round);
    CHECK(attempt.round == std::optional<round_id>{opened.round});
    CHECK(attempt.workspace == std::optional<workspace_id>{workspace_id{5}});
    // Ana's own memory of the question now schedules it for her.
    CHECK(store.data().memories.size() == 1);
    CHECK(store.data().memories.begin()->second.question == state.question);

    CHECK(tutor.reveal(opened.round, ana, now + 5s).status == round_status::not_host);
    const auto ticked = tutor.tick(opened.round, now + 5s);
    CHECK(ticked.view.has_value()); // still open
    const auto closed = tutor.tick(opened.round, now + 200s);
    REQUIRE(closed.reveal);
    CHECK(closed.reveal->closed_by == close_reason::timer);

    const auto second = tutor.next(opened.round, host, now + 210s);
    REQUIRE(second.view);
    CHECK(second.view->card.sequence == 2);
    CHECK(second.view->card.question != *state.question);
    const auto finished = tutor.next(opened.round, host, now + 300s);
    CHECK(finished.ended);
    REQUIRE(finished.scores.size() == 2);
    CHECK(finished.scores.front().learner == ana);
    CHECK(finished.scores.front().correct == 1);
    CHECK(finished.scores.front().present == 2);
}

TEST_CASE("the hardest question has the smallest share of right answers, ties go to more answers, then to the first")
{
    const learner_id a{1};
    const learner_id b{2};
    const learner_id c{3};
    const question_key q1{"q1"};
    const question_key q2{"q2"};
    const question_key q3{"q3"};
    CHECK_FALSE(hardest_question({}));
    // q1: 1 of 2 right; q2: 1 of 3 right; q3: 0 of 1 right.
    const std::vector<round_attempt> attempts{{a, q1, true}, {b, q1, false}, {a, q2, false},
                                              {b, q2, true}, {c, q2, false}, {a, q3, false}};
    CHECK(hardest_question(attempts) == q3);
    // 1 of 2 against 2 of 4: the same share, more answers wins; equal in both: the first asked.
    const std::vector<round_attempt> tied{{a, q1, true},  {b, q1, false}, {a, q2, true},
                                          {b, q2, false}, {c, q2, true},  {c, q2, false}};
    CHECK(hardest_question(tied) == q2);
    const std::vector<round_attempt> same{{a, q1, true}, {b, q1, false}, {a, q2, true}, {b, q2, false}};
    CHECK(hardest_question(same) == q1);
}

TEST_CASE("a member's misses in a round: each once, in the order asked")
{
    const learner_id a{1};
    const learner_id b{2};
    const std::vector<round_attempt> attempts{{a, question_key{"q2"}, false},
                                              {b, question_key{"q1"}, false},
                                              {a, question_key{"q1"}, true},
                                              {a, question_key{"q3"}, false},
                                              {a, question_key{"q2"}, false}};
    CHECK(missed_by(attempts, a) == std::vector<question_key>{question_key{"q2"}, question_key{"q3"}});
    CHECK(missed_by(attempts, b) == std::vector<question_key>{question_key{"q1"}});
    CHECK(missed_by(attempts, learner_id{9}).empty());
}

} // namespace rounds_group_round_test
