// SPDX-License-Identifier: MIT
#include "engine/reports/class_summary.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

namespace reports_class_summary_test {

using namespace quiz::engine;
using namespace std::chrono_literals;

namespace {

const instant class_now = std::chrono::sys_days{std::chrono::year{2026} / 3 / 20} + 12h;

learner_row learner(std::int64_t id, std::string name, int answers, int first, int first_right, int overdue,
                    std::optional<instant> last_active)
{
    learner_row l;
    l.id = learner_id{id};
    l.name = std::move(name);
    l.answers = answers;
    l.first_answers = first;
    l.first_right = first_right;
    l.overdue = overdue;
    l.last_active = last_active;
    return l;
}

concept_view studied(const char* key, double mastery, int answers)
{
    return {concept_key{key}, key, mastery, false, answers};
}

item_row item(const char* key, int n, double facility, std::vector<int> counts,
              std::vector<std::optional<misconception_key>> tags)
{
    item_row row;
    row.key = question_key{key};
    row.excerpt = std::string("stem of ") + key;
    row.stats.n = n;
    row.stats.facility = facility;
    row.stats.choice_counts = std::move(counts);
    row.choice_misconception = std::move(tags);
    return row;
}

} // namespace

TEST_CASE("class summary: activity, answers and first-attempt accuracy over the class", "[reports]")
{
    const std::vector<learner_row> learners{
        learner(1, "Ari", 30, 20, 15, 0, class_now - 1h),
        learner(2, "Bea", 10, 10, 4, 0, class_now - 6 * 24h - 23h), // still within the week
        learner(3, "Cy", 5, 5, 1, 0, class_now - 7 * 24h),          // a week ago exactly: not active
        learner(4, "Dee", 0, 0, 0, 0, std::nullopt),
    };
    const auto s = summarize_class(learners, {}, class_now);
    CHECK(s.learners == 4);
    CHECK(s.active == 2);
    CHECK(s.answers == 45);
    CHECK(s.first_answers == 35);
    REQUIRE(s.first_accuracy);
    CHECK(*s.first_accuracy == Approx(20.0 / 35.0));
    CHECK_FALSE(summarize_class({}, {}, class_now).first_accuracy);
}

TEST_CASE("class summary: the hardest questions need enough first answers, lowest facility first", "[reports]")
{
    const std::vector<item_row> items{
        item("q1", 12, 0.50, {6, 6}, {std::nullopt, std::nullopt}),
        item("q2", 4, 0.00, {0, 4}, {std::nullopt, std::nullopt}), // too few answers to name
        item("q3", 8, 0.25, {2, 6}, {std::nullopt, std::nullopt}),
        item("q4", 20, 0.90, {18, 2}, {std::nullopt, std::nullopt}),
        item("q5", 5, 0.40, {2, 3}, {std::nullopt, std::nullopt}),
    };
    const auto s = summarize_class({}, items, class_now);
    REQUIRE(s.hardest.size() == 3);
    CHECK(s.hardest[0].key == question_key{"q3"});
    CHECK(s.hardest[0].facility == 0.25);
    CHECK(s.hardest[0].first_answers == 8);
    CHECK(s.hardest[0].excerpt == "stem of q3");
    CHECK(s.hardest[1].key == question_key{"q5"});
    CHECK(s.hardest[2].key == question_key{"q1"});
}

TEST_CASE("class summary: misconceptions by the first answers that chose them, across the questions probing them",
          "[reports]")
{
    const misconception_key gather{"gather-once"};
    const misconception_key shard{"shards-everything"};
    const misconception_key rare{"rare"};
    const std::vector<item_row> items{
        // Choice 0 right. "gather-once" pulls 4 of 10 here and 3 of 6 below: 7 of 16.
        item("q1", 10, 0.5, {5, 4, 1}, {std::nullopt, gather, rare}),
        item("q2", 6, 0.2, {1, 3, 2}, {std::nullopt, gather, shard}),
        // "shards-everything" on two choices of one question: its 10 first answers count once in the total.
        item("q3", 10, 0.2, {2, 5, 3}, {std::nullopt, shard, shard}),
    };
    const auto s = summarize_class({}, items, class_now);
    REQUIRE(s.misconceptions.size() == 2); // "rare" has 1 answer, under the 5 needed
    CHECK(s.misconceptions[0].key == shard);
    CHECK(s.misconceptions[0].chosen == 10); // 2 + 5 + 3
    CHECK(s.misconceptions[0].out_of == 16); // q2's 6 and q3's 10
    CHECK(s.misconceptions[1].key == gather);
    CHECK(s.misconceptions[1].chosen == 7);
    CHECK(s.misconceptions[1].out_of == 16);
}

TEST_CASE("class summary: learners needing help have many overdue reviews or low mastery of what they studied",
          "[reports]")
{
    auto ari = learner(1, "Ari", 40, 20, 18, 0, class_now);
    ari.concepts = {studied("a", 0.9, 20), studied("b", 0.8, 20), studied("c", 0.0, 0)}; // c not studied: ignored
    auto bea = learner(2, "Bea", 12, 12, 3, 1, class_now);
    bea.concepts = {studied("a", 0.3, 8), studied("b", 0.5, 4)}; // mean 0.4 on 12 answers
    auto cy = learner(3, "Cy", 6, 6, 1, 0, class_now);
    cy.concepts = {studied("a", 0.1, 6)}; // low, but on too few answers to tell
    auto dee = learner(4, "Dee", 50, 20, 16, 7, class_now);
    dee.concepts = {studied("a", 0.8, 50)};
    auto eve = learner(5, "Eve", 30, 15, 5, 5, class_now);
    eve.concepts = {studied("a", 0.2, 30)};
    const std::vector<learner_row> learners{ari, bea, cy, dee, eve};
    const auto s = summarize_class(learners, {}, class_now);
    REQUIRE(s.need_help.size() == 3);
    CHECK(s.need_help[0].name == "Dee"); // 7 overdue
    CHECK(s.need_help[0].many_overdue);
    CHECK_FALSE(s.need_help[0].low_mastery);
    CHECK(s.need_help[1].name == "Eve"); // 5 overdue and low mastery
    CHECK(s.need_help[1].many_overdue);
    CHECK(s.need_help[1].low_mastery);
    CHECK(s.need_help[2].name == "Bea");
    CHECK(s.need_help[2].low_mastery);
    CHECK(s.need_help[2].mastery == Approx(0.4));
    CHECK(s.need_help[2].overdue == 1);
}

} // namespace reports_class_summary_test
