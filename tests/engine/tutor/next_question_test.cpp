// SPDX-License-Identifier: MIT
#include "engine/tutor/next_question.hpp"

#include "tests/support/test_pack.hpp"
#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace tutor_next_question_test {

using namespace quiz::engine;
using quiz::test::blank_model;
using quiz::test::days_after;
using quiz::test::noon_day0;
using quiz::test::pack_builder;
using quiz::test::remember;

namespace {

pack_index two_concept_pack(int questions = 4)
{
    pack_builder builder;
    builder.concept_tag("a", "Concept A", "Notion A").concept_tag("b", "Concept B", "Notion B");
    builder.misconception("mix", "Mixing things up", "Confondre les choses");
    builder.section("s", "Section", "Section");
    // q0 (a), q1 (b), q2 (a), q3 (b), ...; q1 and q3 probe "mix" on choice 1.
    for (int i = 0; i < questions; ++i) {
        const bool b = i % 2 == 1;
        builder.question("q" + std::to_string(i), "s", {b ? "b" : "a"}, 4, 0,
                         b ? std::vector<std::string>{"", "mix"} : std::vector<std::string>{});
    }
    return pack_index(builder.build());
}

selection_request at(instant now, int new_allowed = 10)
{
    selection_request request;
    request.now = now;
    request.new_allowed = new_allowed;
    return request;
}

std::optional<pick> choose(const pack_index& index, const learner_model& model, const selection_request& request)
{
    return choose_next(index, model, tutor_config{}, request);
}

} // namespace

TEST_CASE("a due review comes before new questions and before questions not yet due")
{
    const auto index = two_concept_pack(3);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -3), 10.0); // interval 10 days: not due
    remember(model, 1, days_after(now, -10), 2.0); // interval 2 days: due
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::review});
}

TEST_CASE("the review furthest below the target retention comes first")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -3), 2.0);
    remember(model, 1, days_after(now, -20), 2.0);
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::review});
    remember(model, 0, days_after(now, -30), 2.0);
    CHECK(choose(index, model, at(now)) == pick{0, pick_reason::review});
}

TEST_CASE("a question missed before is raised above a slightly more forgotten one")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    // q0 and q2 are both concept a; q0 is a little more overdue (recall 0.81 against 0.83).
    remember(model, 0, days_after(now, -6), 2.0);
    remember(model, 2, days_after(now, -5), 2.0);
    CHECK(choose(index, model, at(now, 0)) == pick{0, pick_reason::review});
    remember(model, 2, days_after(now, -5), 2.0, 1);
    CHECK(choose(index, model, at(now, 0)) == pick{2, pick_reason::review});
}

TEST_CASE("reviews are ranked by the learner's own memory model, not by concept form")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -10), 2.0); // concept a
    remember(model, 1, days_after(now, -10), 2.0); // concept b
    model.memory[1].card.lapses = 2;
    CHECK(choose(index, model, at(now)) == pick{0, pick_reason::review}); // a tie: guide order
    // Form measures mastery; it is not a correction of recall (one model: the one srs eval scores).
    model.skills[1].form = -0.8;
    CHECK(choose(index, model, at(now)) == pick{0, pick_reason::review});
    // A learner whose fitted calibration says lapses lower recall: q1 (2 lapses) is the less recalled.
    model.recall.layer.beta = {0.0, 1.0, 0.0, 0.0, 0.0, 0.0, -0.5};
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::review});
}

TEST_CASE("a concept the learner does better on than the typical learner waits longer, a weaker one comes sooner only "
          "if asked")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    tutor_config config;
    REQUIRE(config.form_moves_due == form_scheduling::none); // off by default; an operator's choice
    config.form_moves_due = form_scheduling::delay_only;
    // Stability 4 days: due after 4 days at the typical form.
    remember(model, 0, days_after(now, -5), 4.0);
    remember(model, 1, days_after(now, -3), 4.0);
    CHECK(is_due(index, model, 0, now, config));
    CHECK_FALSE(is_due(index, model, 1, now, config));
    model.skills[0].form = 0.8;
    CHECK_FALSE(is_due(index, model, 0, now, config));
    // Relative to a typical learner who does as well, it is due again.
    model.typical_form[0] = 0.8;
    CHECK(is_due(index, model, 0, now, config));

    model.skills[1].form = -0.8;
    CHECK_FALSE(is_due(index, model, 1, now, config));
    config.form_moves_due = form_scheduling::both;
    CHECK(is_due(index, model, 1, now, config));
    config.form_moves_due = form_scheduling::none;
    model.typical_form[0] = 0.0;
    CHECK(is_due(index, model, 0, now, config));
}

TEST_CASE("a question probing a misconception the learner showed is raised")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -10), 2.0);
    remember(model, 1, days_after(now, -9), 2.0); // probes "mix"; a little less overdue
    remember(model, 2, days_after(now, 0), 50.0);
    remember(model, 3, days_after(now, 0), 50.0);
    CHECK(choose(index, model, at(now)) == pick{0, pick_reason::review});
    model.open_misconception[0] = 1;
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::review});
}

TEST_CASE("a question missed earlier in the session comes back after the gap, before due reviews")
{
    const auto index = two_concept_pack(3);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 1, days_after(now, -10), 2.0); // due
    remember(model, 2, now, 0.2, 1);               // just missed
    const std::vector<pending_retry> retries{{2, 4}};
    auto request = at(now);
    request.retries = retries;
    request.presented = 3;
    CHECK(choose(index, model, request) == pick{1, pick_reason::review});
    request.presented = 4;
    CHECK(choose(index, model, request) == pick{2, pick_reason::retry});
}

TEST_CASE("never the same question twice in a row")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -10), 2.0); // due
    remember(model, 1, days_after(now, -1), 10.0); // not due
    auto request = at(now);
    request.previous = 0;
    CHECK(choose(index, model, request) == pick{1, pick_reason::practice});

    const std::vector<pending_retry> retries{{0, 0}};
    request.retries = retries;
    CHECK(choose(index, model, request) == pick{1, pick_reason::practice});

    const auto single = pack_index(
        pack_builder{}.concept_tag("a", "A", "A").section("s", "S", "S").question("only", "s", {"a"}).build());
    auto lone = blank_model(single);
    remember(lone, 0, days_after(now, -10), 2.0);
    auto lone_request = at(now);
    lone_request.previous = 0;
    CHECK_FALSE(choose(single, lone, lone_request).has_value());
}

TEST_CASE("new questions come in guide order, those of weak concepts first")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    CHECK(choose(index, model, at(now)) == pick{0, pick_reason::fresh});
    model.skills[1].form = -0.5;
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::fresh});
    CHECK_FALSE(choose(index, model, at(now, 0)).has_value());
}

TEST_CASE("a new question is the first not met in guide order, past the ones met and the one just asked")
{
    // Three concepts over nine questions: a (q0 q3 q6), b (q1 q4 q7), c (q2 q5 q8).
    pack_builder builder;
    builder.concept_tag("a", "A", "A").concept_tag("b", "B", "B").concept_tag("c", "C", "C").section("s", "S", "S");
    for (int i = 0; i < 9; ++i) {
        builder.question("q" + std::to_string(i), "s", {std::string(1, static_cast<char>('a' + i % 3))});
    }
    const pack_index index(builder.build());
    auto model = blank_model(index);
    const auto now = noon_day0();
    for (const std::uint32_t q : {0U, 1U, 3U}) {
        remember(model, q, days_after(now, -1), 30.0); // met yesterday, not due
    }
    CHECK(choose(index, model, at(now)) == pick{2, pick_reason::fresh});
    auto request = at(now);
    request.previous = 2;
    CHECK(choose(index, model, request) == pick{4, pick_reason::fresh});
    // A weak concept's first question not met comes before an earlier one of another concept.
    model.skills[0].form = -0.5;
    CHECK(choose(index, model, at(now)) == pick{6, pick_reason::fresh});
    request = at(now);
    request.only_concept = 1;
    CHECK(choose(index, model, request) == pick{4, pick_reason::fresh});
    // Every question of the weak concept met: the first not met of the others.
    remember(model, 6, days_after(now, -1), 30.0);
    CHECK(choose(index, model, at(now)) == pick{2, pick_reason::fresh});
}

TEST_CASE("with nothing due or new, practice the question most likely forgotten")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -2), 10.0);
    remember(model, 1, days_after(now, -8), 10.0);
    CHECK(choose(index, model, at(now)) == pick{1, pick_reason::practice});
}

namespace {

/// R = (1 + f d / S)^-w20 after d whole days, kept within [0.0001, 0.9999], written out from the definitions
/// (docs/tutor.md, rule 3).
double recall_of(int whole_days, double stability)
{
    const double w20 = fsrs::default_parameters[20];
    const double f = std::pow(0.9, -1.0 / w20) - 1.0;
    const double r = std::pow(1.0 + f * whole_days / stability, -w20);
    return std::clamp(r, 1e-4, 1.0 - 1e-4);
}

} // namespace

TEST_CASE("over many questions, the review chosen is the most urgent and practice the least recalled")
{
    // 60 questions alternating between concepts a (form -0.2) and b (form -0.1, which changes nothing); q1, q3, ...
    // probe "mix", which is open; wrong answers 0 to 4; every question last answered 10 to 39 days and some hours ago
    // at stability 1 to 5 days (all due). Days are whole UTC days: 12:00 minus h hours is the day before once h > 12.
    const auto index = two_concept_pack(60);
    auto model = blank_model(index);
    model.skills[0].form = -0.2;
    model.skills[1].form = -0.1;
    model.open_misconception[0] = 1;
    const auto now = noon_day0();
    std::vector<int> elapsed(60);
    std::vector<double> stability(60);
    for (std::uint32_t q = 0; q < 60; ++q) {
        const int days = 10 + static_cast<int>((q * 7U) % 30U);
        const int hours = static_cast<int>((q * 5U) % 24U);
        stability[q] = 1.0 + static_cast<double>((q * 3U) % 5U);
        elapsed[q] = days + (hours > 12 ? 1 : 0);
        remember(model, q, days_after(now, -days) - std::chrono::hours{hours}, stability[q], static_cast<int>(q % 5U));
    }
    const auto expected_review = [&](std::optional<std::uint32_t> previous) {
        std::optional<std::uint32_t> best;
        double best_value = -1e9;
        for (std::uint32_t q = 0; q < 60; ++q) {
            if (q == previous) {
                continue;
            }
            const double value = 0.9 - recall_of(elapsed[q], stability[q]) +
                                 0.03 * std::min<int>(static_cast<int>(q % 5U), 3) + (q % 2 == 1 ? 0.05 : 0.0);
            if (value > best_value + 1e-12) {
                best_value = value;
                best = q;
            }
        }
        return best;
    };
    auto request = at(now);
    const auto first = expected_review(std::nullopt);
    REQUIRE(first);
    CHECK(choose(index, model, request) == pick{*first, pick_reason::review});
    request.previous = *first;
    const auto second = expected_review(*first);
    REQUIRE(second);
    CHECK(choose(index, model, request) == pick{*second, pick_reason::review});

    // Nothing due (every question answered 1 to 7 days ago at a stability of 10 to 50 days), nothing new: practice
    // the lowest recall.
    for (std::uint32_t q = 0; q < 60; ++q) {
        stability[q] = 10.0 + static_cast<double>((q * 11U) % 9U) * 5.0;
        elapsed[q] = 1 + static_cast<int>(q % 7U);
        remember(model, q, days_after(now, -elapsed[q]), stability[q]);
    }
    std::optional<std::uint32_t> weakest;
    double lowest = 2.0;
    for (std::uint32_t q = 0; q < 60; ++q) {
        const double recall = recall_of(elapsed[q], stability[q]);
        if (recall < lowest - 1e-12) {
            lowest = recall;
            weakest = q;
        }
    }
    REQUIRE(weakest);
    CHECK(choose(index, model, at(now)) == pick{*weakest, pick_reason::practice});
}

TEST_CASE("reviews only offers neither new questions nor practice")
{
    const auto index = two_concept_pack(3);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 1, days_after(now, -1), 10.0);
    auto request = at(now);
    request.reviews_only = true;
    CHECK_FALSE(choose(index, model, request).has_value());
    remember(model, 2, days_after(now, -10), 2.0);
    CHECK(choose(index, model, request) == pick{2, pick_reason::review});
}

TEST_CASE("the planned misconception follow-up comes next, after a retry whose turn has come")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -10), 2.0); // due
    auto request = at(now);
    request.follow_up = 3;
    CHECK(choose(index, model, request) == pick{3, pick_reason::follow_up});
    const std::vector<pending_retry> retries{{2, 1}};
    request.retries = retries;
    request.presented = 1;
    CHECK(choose(index, model, request) == pick{2, pick_reason::retry});
}

TEST_CASE("a session limited to a concept asks only that concept")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, days_after(now, -10), 2.0); // concept a, due
    auto request = at(now);
    request.only_concept = 1;
    CHECK(choose(index, model, request) == pick{1, pick_reason::fresh});
}

TEST_CASE("a retry whose turn has not come is asked rather than nothing")
{
    const auto index = two_concept_pack(2);
    auto model = blank_model(index);
    const auto now = noon_day0();
    remember(model, 0, now, 0.2, 1);
    remember(model, 1, now, 2.0);
    const std::vector<pending_retry> retries{{0, 9}};
    auto request = at(now);
    request.reviews_only = true;
    request.retries = retries;
    request.previous = 1;
    CHECK(choose(index, model, request) == pick{0, pick_reason::retry});
}

TEST_CASE("a follow-up is the most urgent due question probing the misconception, else a new one")
{
    const auto index = two_concept_pack(6); // q1, q3, q5 probe "mix"
    auto model = blank_model(index);
    const auto now = noon_day0();
    const tutor_config config;
    remember(model, 1, now, 0.2, 1); // just missed
    const std::vector<std::uint32_t> asked{1};
    CHECK(find_follow_up(index, model, config, 0, now, asked, true) == std::optional<std::uint32_t>{3});
    CHECK(find_follow_up(index, model, config, 0, now, asked, false) == std::nullopt);
    remember(model, 5, days_after(now, -10), 2.0);
    CHECK(find_follow_up(index, model, config, 0, now, asked, true) == std::optional<std::uint32_t>{5});
}

TEST_CASE("due counts and the next due date")
{
    const auto index = two_concept_pack(4);
    auto model = blank_model(index);
    const auto now = noon_day0();
    const tutor_config config;
    remember(model, 0, days_after(now, -10), 2.0);
    remember(model, 1, days_after(now, -1), 5.0);
    auto summary = summarize_due(index, model, config, now);
    CHECK(summary.due == 1);
    CHECK(summary.unseen == 2);
    CHECK_FALSE(summary.next_due.has_value());
    remember(model, 0, days_after(now, -1), 3.0);
    summary = summarize_due(index, model, config, now);
    CHECK(summary.due == 0);
    // Answered yesterday with a 3-day interval: due at midnight UTC two days from now.
    REQUIRE(summary.next_due.has_value());
    CHECK(*summary.next_due == std::chrono::floor<std::chrono::days>(now) + std::chrono::days{2});
    // Within a concept: q0 and q2 are concept a's; q0 is met.
    summary = summarize_due(index, model, config, now, 0U);
    CHECK(summary.unseen == 1);
    CHECK(summary.due == 0);
}

} // namespace tutor_next_question_test
