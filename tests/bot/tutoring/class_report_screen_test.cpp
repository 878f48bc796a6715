// SPDX-License-Identifier: MIT
// The sentences of `/quiz report`, in both languages, from a summary written out by hand.
#include "bot/tutoring/class_report_screen.hpp"
#include "engine/core/pack_index.hpp"

#include "support/test_pack.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace tutoring_class_report_screen_test {

namespace {

using quiz::engine::language;

quiz::engine::pack_index two_questions()
{
    return quiz::engine::pack_index(quiz::test::pack_builder("report")
                                        .concept_tag("c", "Concept", "Notion")
                                        .misconception("m", "A confusion", "Une confusion")
                                        .section("s", "Section", "Section")
                                        .question("q1", "s", {"c"}, 4, 0, {"", "m"})
                                        .question("q2", "s", {"c"}, 4, 0, {"", "m"})
                                        .build());
}

quiz::engine::learner_in_need in_need(const std::string& name, double mastery, int overdue)
{
    quiz::engine::learner_in_need who;
    who.identity = {"discord", "1"};
    who.name = name;
    who.mastery = mastery;
    who.overdue = overdue;
    return who;
}

quiz::engine::class_summary a_class()
{
    quiz::engine::class_summary s;
    s.learners = 12;
    s.active = 1;
    s.answers = 340;
    s.first_answers = 200;
    s.first_accuracy = 0.64;
    s.hardest = {{quiz::engine::question_key("q2"), "Which stage shards the gradients?", 20, 0.25}};
    s.misconceptions = {{quiz::engine::misconception_key("m"), 7, 20}};
    for (int i = 0; i < 7; ++i) {
        s.need_help.push_back(in_need("Learner " + std::to_string(i), 0.3, i == 0 ? 6 : 0));
    }
    return s;
}

} // namespace

TEST_CASE("class report lines: counts, the hardest questions, misconceptions by label, five learners named",
          "[report][chat]")
{
    const auto index = two_questions();
    const auto lines = quiz::bot::tutoring::class_report_lines(a_class(), index, language::en);
    const std::vector<std::string> expected{
        "Learners: 1 active in the last 7 days, 12 in all.",
        "Answers: 340; first attempts right: 64%.",
        "Hardest questions (first attempts):",
        "q2: Which stage shards the gradients? (25% right of 20)",
        "Most chosen misconceptions (first attempts):",
        "A confusion: chosen 7 times out of 20",
        "Learners needing help:",
        "Learner 0: mastery 30%, 6 overdue reviews",
        "Learner 1: mastery 30%",
        "Learner 2: mastery 30%",
        "Learner 3: mastery 30%",
        "Learner 4: mastery 30%",
        "…and 2 more on the dashboard.",
        "(Questions and misconceptions are named from 5 first answers.)",
    };
    CHECK(lines == expected);
}

TEST_CASE("class report lines: French typography and plurals, and an empty class says so", "[report][chat]")
{
    const auto index = two_questions();
    const auto fr = quiz::bot::tutoring::class_report_lines(a_class(), index, language::fr);
    REQUIRE(fr.size() == 14);
    CHECK(fr[0] == "Apprenants\u00a0: 1 actif ces 7 derniers jours, 12 en tout.");
    CHECK(fr[1] == "Réponses\u00a0: 340\u00a0; premières tentatives justes\u00a0: 64\u00a0%.");
    CHECK(fr[5] == "Une confusion\u00a0: choisie 7\u00a0fois sur 20");
    CHECK(fr[7] == "Learner 0\u00a0: maîtrise 30\u00a0%, 6\u00a0révisions en retard");

    const auto empty = quiz::bot::tutoring::class_report_lines({}, index, language::en);
    const std::vector<std::string> expected{
        "Learners: 0 active in the last 7 days, 0 in all.",
        "Answers: 0.",
        "Learners needing help:",
        "Nobody needs help for now.",
        "(Questions and misconceptions are named from 5 first answers.)",
    };
    CHECK(empty == expected);
}

} // namespace tutoring_class_report_screen_test
