// SPDX-License-Identifier: MIT
#include "engine/tutor/model_cache.hpp"

#include "engine/tutor/tutor_service.hpp"
#include "tests/support/memory_store.hpp"
#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <string>

namespace tutor_model_cache_test {

using namespace quiz::engine;
using quiz::test::memory_store;
using quiz::test::noon_day0;
using quiz::test::pack_builder;

namespace {

pack twelve_questions()
{
    pack_builder builder("zero");
    builder.concept_tag("a", "Sharding", "Partitionnement");
    builder.concept_tag("b", "Memory", "Mémoire");
    builder.concept_tag("c", "Traffic", "Trafic");
    builder.misconception("mix", "Stages mixed up", "Étapes confondues");
    builder.misconception("gather", "All-gather forgotten", "All-gather oublié");
    builder.section("s1", "Stages", "Étapes");
    builder.section("s2", "Traffic", "Trafic");
    const std::vector<std::vector<std::string>> concepts{{"a"}, {"b"}, {"a", "c"}, {"c"}};
    for (int q = 0; q < 12; ++q) {
        const std::string tag = q % 3 == 0 ? "mix" : (q % 3 == 1 ? "gather" : "");
        builder.question("q" + std::to_string(q), q < 6 ? "s1" : "s2", concepts[static_cast<std::size_t>(q % 4)], 4,
                         static_cast<std::size_t>(q % 4), {"", tag, "", tag}, 1 + q % 5);
    }
    return builder.build();
}

/// A learner's model with `met` questions met (rows only; the rest is empty).
learner_model model_with(std::size_t met)
{
    learner_model model;
    for (std::uint32_t q = 0; q < met; ++q) {
        model.memory[q].question = question_key{"q" + std::to_string(q)};
        model.memory[q].attempts = 1;
    }
    return model;
}

/// One node's tutor on a store, or the reference tutor that keeps nothing.
tutor_config keeping(std::size_t rows, bool grade_by_time)
{
    tutor_config config;
    config.kept_model_rows = rows;
    config.grade_by_response_time = grade_by_time;
    return config;
}

/// Plays three days of study for one learner: each day a session of up to nine questions, every third answer wrong
/// (on a misconception-tagged choice), every other one with then_next. `serving(step)` picks the tutor of each
/// action. Returns a transcript of everything the learner was shown.
std::string study(const std::function<tutor&(int)>& serving, const std::function<memory_store&(int)>& store_of)
{
    std::string out;
    const learner_id alice{1};
    int step = 0;
    for (int day = 0; day < 3; ++day) {
        instant now = quiz::test::days_after(noon_day0(), day * 2);
        start_request start;
        start.learner = alice;
        start.pack = pack_key{"zero"};
        start.seed = 7 + static_cast<std::uint64_t>(day);
        start.now = now;
        auto shown = serving(step++).start_session(start);
        for (int asked = 0; asked < 9 && shown.card; ++asked) {
            const auto& card = *shown.card;
            out += "card " + card.question.value() + " #" + std::to_string(card.sequence) + " reason " +
                   std::to_string(static_cast<int>(card.reason)) + "\n";
            const auto& state = store_of(step).data().sessions.at(shown.session);
            const auto q = std::stoi(card.question.value().substr(1));
            const auto right = static_cast<std::uint32_t>(q % 4);
            const auto chosen = asked % 3 == 2 ? (right + 1) % 4 : right;
            const auto& order = state.current->order;
            now += std::chrono::seconds{5 + 7 * (asked % 4)};
            answer_request request;
            request.learner = alice;
            request.token = {shown.session, card.sequence};
            request.displayed =
                static_cast<std::uint32_t>(std::find(order.begin(), order.end(), chosen) - order.begin());
            request.key = idempotency_key{"k" + std::to_string(step)};
            request.now = now;
            request.then_next = asked % 2 == 0;
            const auto answered = serving(step++).answer(request);
            REQUIRE(answered.status == answer_status::accepted);
            const auto& told = *answered.told;
            out += " told " + std::to_string(told.correct) + " in " + std::to_string(told.interval_days) + " due " +
                   std::to_string(told.next_due.time_since_epoch().count()) + " retry " +
                   std::to_string(told.retry_in_session) + " follow " + std::to_string(told.follow_up_next) + "\n";
            shown = answered.next ? *answered.next : serving(step++).next_question(alice, shown.session, now);
        }
        const auto stats = serving(step++).stats(alice, pack_key{"zero"}, now);
        REQUIRE(stats);
        out += "stats due " + std::to_string(stats->due_now) + " seen " + std::to_string(stats->seen) + " mastered " +
               std::to_string(stats->mastered_concepts) + " answered " + std::to_string(stats->answered) + "\n";
    }
    return out;
}

} // namespace

TEST_CASE("a kept model is given back only at the version it was kept at and only once")
{
    const pack_index index(twelve_questions());
    model_cache cache(100);
    const learner_id ada{1};
    cache.keep(ada, index, 41, model_with(3));
    CHECK_FALSE(cache.take(ada, index, 40)); // another change since: read it again
    CHECK_FALSE(cache.take(learner_id{2}, index, 41));
    const auto taken = cache.take(ada, index, 41);
    REQUIRE(taken);
    CHECK(taken->memory.stored() == 3);
    CHECK_FALSE(cache.take(ada, index, 41)); // taken out: a concurrent action of the same learner reads storage
    const auto counts = cache.counted();
    CHECK(counts.hits == 1);
    CHECK(counts.misses == 3);
    CHECK(counts.models == 0);
    CHECK(counts.rows == 0);
}

TEST_CASE("the kept models hold at most their bound of rows and the one kept longest ago goes first")
{
    const pack_index index(twelve_questions());
    model_cache cache(10); // a model counts its rows and one
    cache.keep(learner_id{1}, index, 1, model_with(3));
    cache.keep(learner_id{2}, index, 1, model_with(3));
    cache.keep(learner_id{1}, index, 2, model_with(4)); // replaces learner 1's: 4 + 5 rows
    CHECK(cache.counted().rows == 9);
    cache.keep(learner_id{3}, index, 1, model_with(2)); // 3 more: learner 2's goes
    CHECK(cache.counted().models == 2);
    CHECK(cache.counted().rows == 8);
    CHECK_FALSE(cache.take(learner_id{2}, index, 1));
    CHECK(cache.take(learner_id{1}, index, 2));
    cache.keep(learner_id{4}, index, 1, model_with(10)); // more than the bound alone: not kept
    CHECK_FALSE(cache.take(learner_id{4}, index, 1));
    CHECK(cache.take(learner_id{3}, index, 1));
    model_cache none(0);
    none.keep(learner_id{1}, index, 1, model_with(0));
    CHECK_FALSE(none.take(learner_id{1}, index, 1));
}

TEST_CASE("a tutor keeping models shows and records exactly what one reading every model from storage does")
{
    for (const bool grade_by_time : {false, true}) {
        CAPTURE(grade_by_time);
        pack_library packs;
        packs.add(twelve_questions());
        memory_store kept_store;
        memory_store read_store;
        tutor keeping_tutor(kept_store, packs, keeping(10'000, grade_by_time));
        tutor reading_tutor(read_store, packs, keeping(0, grade_by_time));
        const auto kept =
            study([&](int) -> tutor& { return keeping_tutor; }, [&](int) -> memory_store& { return kept_store; });
        const auto read =
            study([&](int) -> tutor& { return reading_tutor; }, [&](int) -> memory_store& { return read_store; });
        CHECK(kept == read);
        CHECK(kept_store.data().memories == read_store.data().memories);
        CHECK(kept_store.data().skills == read_store.data().skills);
        CHECK(keeping_tutor.kept_models().hits > 20); // it did keep them
        CHECK(reading_tutor.kept_models().hits == 0);
    }
}

TEST_CASE("two tutors on one store, taking turns with one learner, never use a model the other has changed since")
{
    pack_library packs;
    packs.add(twelve_questions());
    memory_store shared;
    memory_store read_store;
    tutor node_a(shared, packs, keeping(10'000, true));
    tutor node_b(shared, packs, keeping(10'000, true));
    tutor reading_tutor(read_store, packs, keeping(0, true));
    // Turns of one, two and three actions, so that each node often finds its own model kept from before the other's.
    const auto turns = [&](int step) -> tutor& { return (step % 6 < 2 || step % 6 == 5) ? node_a : node_b; };
    const auto both = study(turns, [&](int) -> memory_store& { return shared; });
    const auto read =
        study([&](int) -> tutor& { return reading_tutor; }, [&](int) -> memory_store& { return read_store; });
    CHECK(both == read);
    CHECK(shared.data().memories == read_store.data().memories);
    CHECK(node_a.kept_models().misses > 5); // the other node's changes were seen, not hidden by a kept model
    CHECK(node_a.kept_models().hits > 5);
}

TEST_CASE("a model whose unit failed to commit is not kept: the next action reads what storage has")
{
    pack_library packs;
    packs.add(twelve_questions());
    memory_store store;
    tutor t(store, packs, keeping(10'000, false));
    const learner_id alice{1};
    start_request start;
    start.learner = alice;
    start.pack = pack_key{"zero"};
    start.seed = 3;
    start.now = noon_day0();
    const auto shown = t.start_session(start);
    REQUIRE(shown.card);
    const auto& order = store.data().sessions.at(shown.session).current->order;
    const auto q = static_cast<std::uint32_t>(std::stoi(shown.card->question.value().substr(1)));
    answer_request request;
    request.learner = alice;
    request.token = {shown.session, shown.card->sequence};
    request.displayed = static_cast<std::uint32_t>(std::find(order.begin(), order.end(), q % 4) - order.begin());
    request.key = idempotency_key{"k1"};
    request.now = noon_day0() + std::chrono::seconds{20};
    store.fail_next_commit();
    CHECK_THROWS(t.answer(request));
    const auto stats = t.stats(alice, pack_key{"zero"}, request.now);
    REQUIRE(stats);
    CHECK(stats->seen == 0); // the answer applied to the model in memory was rolled back with its unit
    CHECK(t.answer(request).status == answer_status::accepted);
    CHECK(t.stats(alice, pack_key{"zero"}, request.now)->seen == 1);
}

} // namespace tutor_model_cache_test
