// SPDX-License-Identifier: MIT
#include "engine/learner/cold_start.hpp"
#include "engine/learner/concept_form.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/learner_stats.hpp"

#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace learner_mastery_test {

using namespace quiz::engine;
using quiz::test::blank_model;
using quiz::test::days_after;
using quiz::test::noon_day0;
using quiz::test::pack_builder;
using quiz::test::remember;

TEST_CASE("a wrong answer lowers the concept's form and a right one raises it, within the limits")
{
    const tutor_config config;
    concept_skill skill{concept_key{"a"}, 0.0, 0, 0};
    concept_skill* skills[] = {&skill};
    update_form(skills, 0.7, false, config);
    CHECK(skill.form == Approx(-config.form_step * 0.7));
    CHECK(skill.answers == 1);
    CHECK(skill.correct == 0);
    const double before = skill.form;
    update_form(skills, 0.7, true, config);
    CHECK(skill.form > before);
    CHECK(skill.correct == 1);
    for (int i = 0; i < 500; ++i) {
        update_form(skills, 0.99, false, config);
    }
    CHECK(skill.form == Approx(-config.form_limit));
}

TEST_CASE("the step shrinks as answers accumulate")
{
    const tutor_config config;
    CHECK(form_step(0, config) == Approx(config.form_step));
    CHECK(form_step(20, config) == Approx(config.form_step / 2));
    CHECK(form_step(100, config) < form_step(10, config));
}

TEST_CASE("a multiple-choice answer is right by luck one time in the number of choices")
{
    CHECK(answer_probability(0.0, 4) == Approx(0.25));
    CHECK(answer_probability(1.0, 4) == Approx(1.0));
    CHECK(answer_probability(0.5, 2) == Approx(0.75));
    CHECK(corrected_recall(0.9, 0.0) == Approx(0.9));
    CHECK(corrected_recall(0.9, 1.0) > 0.9);
    CHECK(corrected_recall(0.9, -1.0) < 0.9);
}

TEST_CASE("cold start: the population's first attempts set a question's ease")
{
    const tutor_config config;
    const auto p =
        pack_builder{}.concept_tag("a", "A", "A").section("s", "S", "S").question("q", "s", {"a"}, 4, 0, {}, 3).build();
    const auto& q = p.questions.front();
    const double prior = ease_logit(q, nullptr, config);
    const question_stats hard{q.key, 40, 12}; // 30 % right at first sight: barely above guessing
    const question_stats easy{q.key, 40, 38}; // 95 %
    CHECK(ease_logit(q, &hard, config) < prior);
    CHECK(ease_logit(q, &easy, config) > prior);
    // The instructor's difficulty is the prior.
    auto harder = q;
    harder.difficulty = 5;
    CHECK(ease_logit(harder, nullptr, config) < prior);
}

TEST_CASE("cold start: a right first answer to a question most learners miss comes back sooner")
{
    const tutor_config config;
    const auto good = fsrs::initial_state(config.w, fsrs::rating::good);
    const auto again = fsrs::initial_state(config.w, fsrs::rating::again);
    const auto wrong = first_answer_state(config.w, false, 0.9, 4);
    CHECK(wrong.stability == Approx(again.stability));
    CHECK(wrong.difficulty == Approx(again.difficulty));
    const auto sure = first_answer_state(config.w, true, 1.0, 4);
    CHECK(sure.stability == Approx(good.stability));
    const auto likely = first_answer_state(config.w, true, 0.8, 4);
    const auto lucky = first_answer_state(config.w, true, 0.1, 4);
    CHECK(lucky.stability < likely.stability);
    CHECK(likely.stability < good.stability);
    CHECK(lucky.difficulty > likely.difficulty);
    // Knew with probability 0.1 / (0.1 + 0.9 / 4) = 0.3077: a geometric blend of the two stabilities.
    const double knew = 0.1 / (0.1 + 0.9 / 4.0);
    CHECK(lucky.stability ==
          Approx(std::exp(knew * std::log(good.stability) + (1 - knew) * std::log(again.stability))));
}

TEST_CASE("answers move memory with FSRS-6: wrong is Again, right is Good, same day uses the short-term formula")
{
    const tutor_config config;
    const pack_index index(
        pack_builder{}.concept_tag("a", "A", "A").section("s", "S", "S").question("q", "s", {"a"}, 4, 0).build());
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -5), 4.0);
    model.memory[0].card.difficulty = 5.0;
    const auto effect = apply_answer(index, model, 0, 2, now, config);
    CHECK_FALSE(effect.correct);
    CHECK(effect.rating == fsrs::rating::again);
    const auto expected = fsrs::next_state(config.w, fsrs::memory_state{4.0, 5.0}, 5.0, fsrs::rating::again, true);
    CHECK(model.memory[0].card.stability == Approx(expected.stability));
    CHECK(model.memory[0].card.difficulty == Approx(expected.difficulty));
    CHECK(model.memory[0].wrong == 1);
    CHECK(model.memory[0].last_wrong_choice == std::optional<std::uint32_t>{2});
    CHECK(model.memory[0].card.lapses == 1);

    const fsrs::memory_state before{model.memory[0].card.stability, model.memory[0].card.difficulty};
    const auto later = now + std::chrono::hours{1};
    const auto right = apply_answer(index, model, 0, 0, later, config);
    CHECK(right.rating == fsrs::rating::good);
    const auto same_day = fsrs::next_state(config.w, before, 0.0, fsrs::rating::good, true);
    CHECK(model.memory[0].card.stability == Approx(same_day.stability));
    CHECK(model.memory[0].card.due == right.next_due);
    CHECK(right.next_due == later + std::chrono::days{right.interval_days});
}

TEST_CASE("a right answer on a question probing a misconception closes it everywhere")
{
    const tutor_config config;
    const pack_index index(pack_builder{}
                               .concept_tag("a", "A", "A")
                               .misconception("mix", "Mix", "Mix")
                               .section("s", "S", "S")
                               .question("q0", "s", {"a"}, 3, 0, {"", "mix"})
                               .question("q1", "s", {"a"}, 3, 0, {"", "mix"})
                               .build());
    auto model = blank_model(index);
    const auto now = noon_day0();
    const auto missed = apply_answer(index, model, 0, 1, now, config);
    CHECK(missed.misconception == std::optional<std::uint32_t>{0});
    CHECK(model.open_misconception[0] == 1);
    CHECK(model.memory[0].last_misconception == std::optional<misconception_key>{misconception_key{"mix"}});
    const auto fixed = apply_answer(index, model, 1, 0, now, config);
    CHECK(model.open_misconception[0] == 0);
    CHECK_FALSE(model.memory[0].last_misconception.has_value());
    CHECK(fixed.also_changed == std::vector<std::uint32_t>{0});
    // Rebuilt from the stored rows, the model agrees.
    const auto rebuilt = make_learner_model(index, model.memory.rows(), model.skills, {}, config);
    CHECK(rebuilt.open_misconception[0] == 0);
}

TEST_CASE("study streaks count consecutive days and break after a missed one")
{
    learner_profile profile;
    const auto day0 = noon_day0();
    record_study_day(profile, day0);
    record_study_day(profile, day0 + std::chrono::hours{3});
    CHECK(profile.streak_days == 1);
    record_study_day(profile, days_after(day0, 1));
    record_study_day(profile, days_after(day0, 2));
    CHECK(profile.streak_days == 3);
    CHECK(current_streak(profile, days_after(day0, 3)) == 3); // not yet studied today: still alive
    CHECK(current_streak(profile, days_after(day0, 4)) == 0);
    record_study_day(profile, days_after(day0, 5));
    CHECK(profile.streak_days == 1);
    CHECK(profile.best_streak_days == 3);
}

TEST_CASE("a concept is mastered when all its questions would still be recalled a week from now")
{
    const tutor_config config;
    const pack_index index(pack_builder{}
                               .concept_tag("a", "Alpha", "Alpha")
                               .concept_tag("b", "Beta", "Bêta")
                               .section("s", "S", "S")
                               .question("q0", "s", {"a"})
                               .question("q1", "s", {"a"})
                               .question("q2", "s", {"b"})
                               .question("q3", "s", {"b"})
                               .build());
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, now, 300.0);
    remember(model, 1, now, 300.0);
    remember(model, 2, now, 300.0);
    remember(model, 3, days_after(now, -6), 1.0, 2);
    model.skills[0].answers = 4;
    model.skills[1].answers = 6;
    const auto stats = compute_stats(index, model, learner_profile{}, config, now, language::fr);
    REQUIRE(stats.concepts.size() == 2);
    CHECK(stats.concepts[0].mastered);
    CHECK_FALSE(stats.concepts[1].mastered);
    CHECK(stats.mastered_concepts == 1);
    REQUIRE(stats.weakest.size() == 1);
    CHECK(stats.weakest.front().label == "Bêta");
    CHECK(stats.due_now == 1);
    CHECK(stats.seen == 4);
    CHECK(stats.answered == 6);
    CHECK(stats.correct == 4);
}

} // namespace learner_mastery_test
