// SPDX-License-Identifier: MIT
#include "engine/tutor/tutor_service.hpp"

#include "tests/support/memory_store.hpp"
#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace tutor_tutor_service_test {

using namespace quiz::engine;
using quiz::test::memory_store;
using quiz::test::noon_day0;
using quiz::test::pack_builder;

namespace {

pack library_pack()
{
    pack_builder builder("zero");
    builder.concept_tag("a", "Sharding", "Partitionnement");
    builder.misconception("mix", "Stages mixed up", "Étapes confondues");
    builder.section("s1", "Stages", "Étapes");
    builder.question("q0", "s1", {"a"}, 4, 0, {"", "mix"});
    builder.question("q1", "s1", {"a"}, 4, 0, {"", "", "mix"});
    builder.question("q2", "s1", {"a"}, 4, 0);
    return builder.build();
}

struct fixture {
    memory_store store;
    pack_library packs;
    tutor tutor_;
    learner_id alice{1};
    instant now = noon_day0();

    explicit fixture(const tutor_config& config = {}) : tutor_(store, packs, config) { packs.add(library_pack()); }

    session_outcome start()
    {
        start_request request;
        request.learner = alice;
        request.pack = pack_key{"zero"};
        request.seed = 99;
        request.now = now;
        return tutor_.start_session(request);
    }

    /// The display position of choice `choice` (pack order) on the card on screen.
    std::uint32_t position_of(session_id id, std::uint32_t choice) const
    {
        const auto& order = store.data().sessions.at(id).current->order;
        return static_cast<std::uint32_t>(std::find(order.begin(), order.end(), choice) - order.begin());
    }

    answer_outcome answer(const session_outcome& on, std::uint32_t choice, const std::string& key)
    {
        answer_request request;
        request.learner = alice;
        request.token = {on.session, on.card->sequence};
        request.displayed = position_of(on.session, choice);
        request.key = idempotency_key{key};
        request.now = now;
        return tutor_.answer(request);
    }
};

} // namespace

TEST_CASE("an answer is recorded once per idempotency key and a repeat gets the recorded outcome")
{
    fixture f;
    const auto started = f.start();
    REQUIRE(started.card);
    const auto first = f.answer(started, 1, "interaction-1");
    REQUIRE(first.status == answer_status::accepted);
    REQUIRE(first.told);
    CHECK_FALSE(first.told->correct);
    CHECK(f.store.data().attempts.size() == 1);

    const auto again = f.answer(started, 1, "interaction-1");
    CHECK(again.status == answer_status::replayed);
    REQUIRE(again.told);
    CHECK(again.told->replayed);
    CHECK(again.told->correct == first.told->correct);
    CHECK(again.told->chosen.position == first.told->chosen.position);
    CHECK(again.told->answer.position == first.told->answer.position);
    CHECK(again.told->misconception_label == first.told->misconception_label);
    CHECK(again.told->retry_in_session == first.told->retry_in_session);
    CHECK(again.told->next_due == first.told->next_due);
    CHECK(f.store.data().attempts.size() == 1);
    CHECK(f.store.data().memories.begin()->second.attempts == 1);
}

TEST_CASE("a second click with a new key on an answered question is stale and not recorded")
{
    fixture f;
    const auto started = f.start();
    REQUIRE(f.answer(started, 0, "click-1").status == answer_status::accepted);
    CHECK(f.answer(started, 0, "click-2").status == answer_status::stale);
    CHECK(f.store.data().attempts.size() == 1);
}

TEST_CASE("an answer saves memory, concept form, the study day and a complete attempt")
{
    fixture f;
    const auto started = f.start();
    REQUIRE(started.card);
    const auto outcome = f.answer(started, 0, "k1");
    REQUIRE(outcome.status == answer_status::accepted);

    const auto& data = f.store.data();
    REQUIRE(data.attempts.size() == 1);
    const auto& attempt = data.attempts.front();
    CHECK(attempt.learner == f.alice);
    CHECK(attempt.pack == pack_key{"zero"});
    CHECK(attempt.question == started.card->question);
    CHECK(attempt.content_hash == "hash-" + started.card->question.value());
    CHECK(attempt.correct);
    CHECK(attempt.rating == fsrs::rating::good);
    CHECK(attempt.first_attempt);
    CHECK(attempt.where == venue::dm);
    CHECK(attempt.session == started.session);
    CHECK(attempt.chosen == 0);
    CHECK(attempt.shown_order.size() == 4);
    CHECK(attempt.shown_order[attempt.displayed_as] == 0);

    REQUIRE(data.memories.size() == 1);
    const auto& memory = data.memories.begin()->second;
    CHECK(memory.attempts == 1);
    CHECK(memory.first_attempt_correct == std::optional<bool>{true});
    CHECK(memory.card.last_review == std::optional<instant>{f.now});
    REQUIRE(data.skills.size() == 1);
    CHECK(data.skills.begin()->second.form > 0.0);
    REQUIRE(data.profiles.contains(f.alice));
    CHECK(data.profiles.at(f.alice).streak_days == 1);

    // Other learners' first attempts now count in the question's population statistics.
    auto unit = f.store.begin();
    const auto stats = unit->attempts().first_attempt_stats(pack_key{"zero"});
    REQUIRE(stats.size() == 1);
    CHECK(stats.front().first_attempts == 1);
    CHECK(stats.front().first_correct == 1);
}

TEST_CASE("an answer saves its question's concept forms in the pack's concept order whatever order the question "
          "names them in")
{
    // Storage that locks rows shared across learners per concept (PostgreSQL's totals) relies on one order.
    pack_builder builder("order");
    builder.concept_tag("a", "A", "A");
    builder.concept_tag("b", "B", "B");
    builder.concept_tag("c", "C", "C");
    builder.section("s1", "Stages", "Étapes");
    builder.question("q0", "s1", {"c", "a", "b"}, 4, 0);
    memory_store store;
    pack_library packs;
    packs.add(builder.build());
    tutor tutor_(store, packs, {});
    start_request start;
    start.learner = learner_id{1};
    start.pack = pack_key{"order"};
    start.seed = 7;
    start.now = noon_day0();
    const auto started = tutor_.start_session(start);
    REQUIRE(started.card);
    answer_request request;
    request.learner = learner_id{1};
    request.token = {started.session, started.card->sequence};
    request.displayed = 0;
    request.key = idempotency_key{"k1"};
    request.now = start.now;
    REQUIRE(tutor_.answer(request).status == answer_status::accepted);
    CHECK(store.data().skill_saves == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("a failed commit leaves nothing behind")
{
    fixture f;
    const auto started = f.start();
    const int commits = f.store.commits();
    f.store.fail_next_commit();
    CHECK_THROWS(f.answer(started, 0, "k1"));
    CHECK(f.store.commits() == commits);
    CHECK(f.store.data().attempts.empty());
    CHECK(f.store.data().memories.empty());
    // The action can be delivered again and is recorded then.
    CHECK(f.answer(started, 0, "k1").status == answer_status::accepted);
    CHECK(f.store.data().attempts.size() == 1);
}

TEST_CASE("next shows the following question, and the summary once the session is over")
{
    fixture f;
    auto on = f.start();
    int asked = 0;
    while (on.card) {
        ++asked;
        REQUIRE(f.answer(on, 0, "k" + std::to_string(asked)).status == answer_status::accepted);
        on = f.tutor_.next_question(f.alice, on.session, f.now);
        REQUIRE(asked < 20);
    }
    REQUIRE(on.summary);
    // Three new questions, then practice on the same three until the session length of 10.
    CHECK(asked == 10);
    CHECK(on.summary->answered == 10);
    CHECK(on.summary->correct == 10);
    CHECK(on.summary->fresh == 3);
    CHECK(on.summary->practice == 7);
    CHECK(on.summary->streak_days == 1);
}

TEST_CASE("an answer with then_next shows what next_question would, in one commit")
{
    fixture separate;
    fixture together;
    auto on_separate = separate.start();
    auto on_together = together.start();
    int asked = 0;
    while (on_separate.card) {
        ++asked;
        REQUIRE(on_together.card);
        CHECK(on_together.card->question == on_separate.card->question);
        CHECK(on_together.card->sequence == on_separate.card->sequence);
        // Wrong answers on odd turns, so that missed questions come back the same way in both.
        const std::uint32_t choice = asked % 2 == 0 ? 0 : 1;
        const auto key = "k" + std::to_string(asked);
        REQUIRE(separate.answer(on_separate, choice, key).status == answer_status::accepted);
        on_separate = separate.tutor_.next_question(separate.alice, on_separate.session, separate.now);

        answer_request request;
        request.learner = together.alice;
        request.token = {on_together.session, on_together.card->sequence};
        request.displayed = together.position_of(on_together.session, choice);
        request.key = idempotency_key{key};
        request.now = together.now;
        request.then_next = true;
        const int commits = together.store.commits();
        auto answered = together.tutor_.answer(request);
        REQUIRE(answered.status == answer_status::accepted);
        CHECK(together.store.commits() == commits + 1);
        REQUIRE(answered.next);
        // Both name the session's pack, for the front ends' guide links.
        CHECK(answered.pack == pack_key{"zero"});
        CHECK(answered.next->pack == pack_key{"zero"});
        on_together = std::move(*answered.next);
        REQUIRE(asked < 30);
    }
    CHECK_FALSE(on_together.card);
    REQUIRE(on_separate.summary);
    REQUIRE(on_together.summary);
    CHECK(on_together.summary->answered == on_separate.summary->answered);
    CHECK(on_together.summary->correct == on_separate.summary->correct);
    CHECK(on_together.summary->fresh == on_separate.summary->fresh);
    CHECK(on_together.summary->practice == on_separate.summary->practice);
    // Every answer is counted under the reason it was asked for; the wrong answers brought questions back.
    const auto& summary = *on_together.summary;
    CHECK(summary.asked_again + summary.follow_ups > 0);
    CHECK(summary.reviews + summary.fresh + summary.practice + summary.asked_again + summary.follow_ups ==
          summary.answered);
    // The stored session is over too.
    CHECK(together.store.data().sessions.at(on_together.session).phase == session_phase::ended);
}

TEST_CASE("a refused or replayed answer does not present anything, even with then_next")
{
    fixture f;
    const auto on = f.start();
    answer_request request;
    request.learner = f.alice;
    request.token = {on.session, on.card->sequence};
    request.displayed = 0;
    request.key = idempotency_key{"k1"};
    request.now = f.now;
    request.then_next = true;
    const auto first = f.tutor_.answer(request);
    REQUIRE(first.status == answer_status::accepted);
    REQUIRE(first.next);
    const auto replayed = f.tutor_.answer(request);
    CHECK(replayed.status == answer_status::replayed);
    CHECK_FALSE(replayed.next);
    request.key = idempotency_key{"k2"};
    const auto stale = f.tutor_.answer(request);
    CHECK(stale.status == answer_status::stale);
    CHECK_FALSE(stale.next);
}

TEST_CASE("next on a question still waiting shows it again, and answers from another learner are refused")
{
    fixture f;
    const auto on = f.start();
    const auto again = f.tutor_.next_question(f.alice, on.session, f.now);
    REQUIRE(again.card);
    CHECK(again.card->sequence == on.card->sequence);
    CHECK(again.card->question == on.card->question);
    CHECK(f.tutor_.next_question(learner_id{2}, on.session, f.now).status == session_status::no_session);
    answer_request request;
    request.learner = learner_id{2};
    request.token = {on.session, on.card->sequence};
    request.key = idempotency_key{"bob"};
    request.now = f.now;
    CHECK(f.tutor_.answer(request).status == answer_status::no_session);
}

TEST_CASE("starting a session ends the learner's active one")
{
    fixture f;
    const auto first = f.start();
    const auto second = f.start();
    CHECK(first.session != second.session);
    CHECK(f.store.data().sessions.at(first.session).phase == session_phase::ended);
    answer_request request;
    request.learner = f.alice;
    request.token = {first.session, first.card->sequence};
    request.key = idempotency_key{"late"};
    request.now = f.now;
    CHECK(f.tutor_.answer(request).status == answer_status::ended);
}

TEST_CASE("stats after a few answers")
{
    fixture f;
    auto on = f.start();
    REQUIRE(f.answer(on, 1, "k1").status == answer_status::accepted); // wrong
    const auto stats = f.tutor_.stats(f.alice, pack_key{"zero"}, f.now);
    REQUIRE(stats);
    CHECK(stats->total == 3);
    CHECK(stats->seen == 1);
    CHECK(stats->answered == 1);
    CHECK(stats->correct == 0);
    CHECK(stats->streak_days == 1);
    REQUIRE(stats->weakest.size() == 1);
    CHECK(stats->weakest.front().label == "Sharding");
    CHECK_FALSE(f.tutor_.stats(f.alice, pack_key{"nope"}, f.now).has_value());
}

TEST_CASE("with grading from response time, a right answer is Hard when slow and Easy when fast for the learner")
{
    for (const bool by_time : {false, true}) {
        tutor_config config;
        config.cold_start = false; // so that the first answer's rating counts too
        config.grade_by_response_time = by_time;
        config.response_time.window = 4;
        config.response_time.minimum_history = 2;
        fixture f(config);
        {
            // Two earlier right answers in a session, 10 s each: typical time 10 s.
            auto unit = f.store.begin();
            for (const char* key : {"old-1", "old-2"}) {
                attempt_record earlier;
                earlier.key = idempotency_key{key};
                earlier.learner = f.alice;
                earlier.pack = pack_key{"zero"};
                earlier.question = question_key{"q2"};
                earlier.correct = true;
                earlier.rating = fsrs::rating::good;
                earlier.response_time = std::chrono::seconds{10};
                earlier.session = session_id{77};
                earlier.answered_at = f.now - std::chrono::days{1};
                unit->attempts().append(earlier);
            }
            unit->commit();
        }
        auto on = f.start();
        std::vector<fsrs::rating> ratings;
        // 30 s: above twice 10 s. Then 2 s: below half the median of 10, 10, 30 s. Then 12 s: median of 10, 10, 30,
        // 2 s is 10 s, 12 s is between the bounds.
        for (const int seconds : {30, 2, 12}) {
            REQUIRE(on.card);
            f.now += std::chrono::seconds{seconds};
            const auto told = f.answer(on, 0, "t" + std::to_string(seconds));
            REQUIRE(told.status == answer_status::accepted);
            REQUIRE(told.told->correct);
            ratings.push_back(f.store.data().attempts.back().rating);
            CHECK(f.store.data().attempts.back().response_time == std::chrono::seconds{seconds});
            on = f.tutor_.next_question(f.alice, on.session, f.now);
        }
        if (by_time) {
            CHECK(ratings == std::vector{fsrs::rating::hard, fsrs::rating::easy, fsrs::rating::good});
        } else {
            CHECK(ratings == std::vector{fsrs::rating::good, fsrs::rating::good, fsrs::rating::good});
        }
    }
}

TEST_CASE("a repeated answer is told exactly what the answer was told: follow-up, retry and next review alike")
{
    // Sessions of wrong and right answers, the confusions' choices often: after every answer the same click comes
    // again, and its feedback must be the one the answer got, line for line.
    pack_builder builder("wide");
    builder.concept_tag("a", "Sharding", "Partitionnement");
    builder.misconception("mix", "Stages mixed up", "Étapes confondues");
    builder.section("s1", "Stages", "Étapes");
    for (int i = 0; i < 8; ++i) { // six probing the confusion, two plain ones whose misses come back as retries
        builder.question("w" + std::to_string(i), "s1", {"a"}, 4, 0,
                         i < 6 ? std::vector<std::string>{"", "mix", "mix"} : std::vector<std::string>{});
    }
    const pack wide = builder.build();
    int follow_ups = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        fixture f;
        f.packs.add(wide);
        start_request start;
        start.learner = f.alice;
        start.pack = pack_key{"wide"};
        start.seed = seed;
        start.now = f.now;
        auto on = f.tutor_.start_session(start);
        for (int turn = 0; on.card && turn < 30; ++turn) {
            answer_request request;
            request.learner = f.alice;
            request.token = {on.session, on.card->sequence};
            // 0 is right; 1 and 2 carry the confusion on w0 to w5.
            request.displayed = f.position_of(
                on.session, static_cast<std::uint32_t>((seed + static_cast<std::uint64_t>(turn) * 7) % 3));
            request.key = idempotency_key{"k" + std::to_string(turn)};
            request.now = f.now;
            request.then_next = true;
            const auto answered = f.tutor_.answer(request);
            REQUIRE(answered.status == answer_status::accepted);
            const auto again = f.tutor_.answer(request);
            REQUIRE(again.status == answer_status::replayed);
            REQUIRE(answered.told);
            REQUIRE(again.told);
            CHECK(again.told->question == answered.told->question);
            CHECK(again.told->correct == answered.told->correct);
            CHECK(again.told->chosen.position == answered.told->chosen.position);
            CHECK(again.told->misconception_label == answered.told->misconception_label);
            CHECK(again.told->follow_up_next == answered.told->follow_up_next);
            CHECK(again.told->retry_in_session == answered.told->retry_in_session);
            CHECK(again.told->interval_days == answered.told->interval_days);
            follow_ups += answered.told->follow_up_next ? 1 : 0;
            REQUIRE(answered.next);
            on = std::move(*answered.next);
        }
    }
    CHECK(follow_ups > 0); // the case that matters was met
}

} // namespace tutor_tutor_service_test
