// SPDX-License-Identifier: MIT
#include "engine/learner/due.hpp"

#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

namespace learner_due_days_test {

using namespace quiz::engine;
using quiz::test::days_after;
using quiz::test::noon_day0;

namespace {

pack four_questions()
{
    quiz::test::pack_builder builder("p");
    builder.concept_tag("a", "A", "A");
    builder.section("s", "S", "S");
    for (int q = 0; q < 4; ++q) {
        builder.question("q" + std::to_string(q), "s", {"a"});
    }
    return builder.build();
}

} // namespace

TEST_CASE("the due days a model keeps follow every change of a row and of what they were computed with")
{
    const pack_index index(four_questions());
    tutor_config config;
    config.target_retention = 0.9;
    auto model = quiz::test::blank_model(index, config);
    // Answered on day 0: question 0 with a stability of 2 days, question 2 with 40 days. Without a calibration
    // layer, the interval is round(S x factor), and at a target of 0.9 the factor is 1: due on days 2 and 40.
    quiz::test::remember(model, 0, noon_day0(), 2.0);
    quiz::test::remember(model, 2, noon_day0(), 40.0);
    const auto on_day = [&](int day) { return summarize_due(index, model, config, days_after(noon_day0(), day)); };

    CHECK(on_day(1).due == 0);
    CHECK(on_day(1).next_due == std::chrono::floor<std::chrono::days>(days_after(noon_day0(), 2)));
    CHECK(on_day(2).due == 1);
    CHECK(on_day(2).unseen == 2);

    // Question 2 written again (a lapse: stability of a day, reviewed on day 1): its kept day is not used.
    auto& lapsed = model.memory[2];
    lapsed.card.stability = 1.0;
    lapsed.card.last_review = days_after(noon_day0(), 1);
    CHECK(on_day(2).due == 2);

    // A new question met adds its row; one answered but never reviewed counts as met and never due.
    model.memory[3].attempts = 1;
    CHECK(on_day(2).unseen == 1);
    CHECK(on_day(2).due == 2);

    // Another retention changes every interval: at 0.97 the factor is well under 1, question 0's interval is a day
    // (question 2, reviewed on day 1, cannot be due before day 2).
    config.target_retention = 0.97;
    CHECK(on_day(1).due == 1);
    config.target_retention = 0.9;
    CHECK(on_day(1).due == 0);
}

} // namespace learner_due_days_test
