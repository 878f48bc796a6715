// SPDX-License-Identifier: MIT
#include "engine/text/text_render.hpp"

#include "tests/support/tutor_fixtures.hpp"

#include <catch2/catch.hpp>

namespace text_text_render_test {

using namespace quiz::engine;
using Catch::Matchers::Contains;
using quiz::test::days_after;
using quiz::test::noon_day0;

namespace {

question_card sample_card(language lang)
{
    question_card card;
    card.sequence = 3;
    card.question = question_key{"q"};
    card.reason = pick_reason::review;
    card.lang = lang;
    card.stem = "What does stage 2 shard?";
    card.choices = {"Gradients", "Parameters", "Activations"};
    card.section_title = "ZeRO stages";
    card.progress = {3, 10, 5};
    return card;
}

feedback sample_feedback()
{
    feedback told;
    told.correct = false;
    told.chosen = {1, "Parameters", "Parameters are sharded from stage 3."};
    told.answer = {0, "Gradients", "Stage 2 adds gradients."};
    told.misconception_label = "stages mixed up";
    told.follow_up_next = true;
    told.retry_in_session = true;
    told.interval_days = 1;
    told.section_title = "ZeRO stages";
    return told;
}

} // namespace

TEST_CASE("a card shows its progress, lettered choices and the guide section")
{
    const auto text = render_card(sample_card(language::en), noon_day0());
    CHECK_THAT(text, Contains("Review 3 of 10 · 5 more due"));
    CHECK_THAT(text, Contains("A. Gradients\nB. Parameters\nC. Activations\n"));
    CHECK_THAT(text, Contains("Guide: ZeRO stages"));
    const auto fr = render_card(sample_card(language::fr), noon_day0());
    CHECK_THAT(fr, Contains("Révision 3 sur 10 · encore 5 questions à revoir"));
    CHECK_THAT(fr, Contains("Guide\u00a0: ZeRO stages"));
}

TEST_CASE("a card's guide line can be a front end's own, with its link")
{
    const auto text = render_card(sample_card(language::en), noon_day0(), "[Guide: ZeRO stages](<https://q/g>)");
    CHECK_THAT(text, Contains("\n[Guide: ZeRO stages](<https://q/g>)\n"));
    CHECK(text.find("\nGuide: ZeRO stages") == std::string::npos);
    CHECK(card_guide_line(sample_card(language::en)) == "Guide: ZeRO stages");
    CHECK(read_more_line("ZeRO stages", language::fr) == "Pour aller plus loin\u00a0: ZeRO stages");
}

TEST_CASE("feedback sentences on a wrong answer: the choice's confusion, the answer and when it comes back")
{
    const auto said = feedback_sentences_of(sample_feedback(), language::en);
    CHECK(said.verdict == "Not quite.");
    CHECK(said.chosen == "You chose B, a common confusion: stages mixed up.");
    CHECK(said.answer == "The answer is A: Gradients");
    CHECK(said.what_next == std::vector<std::string>{"Next, a question on the same confusion.",
                                                     "This question comes back in a few questions.",
                                                     "Next review: tomorrow."});
    const auto fr = feedback_sentences_of(sample_feedback(), language::fr);
    CHECK(fr.verdict == "Pas tout à fait.");
    CHECK(fr.chosen == "Vous avez choisi B, une confusion fréquente\u00a0: stages mixed up.");
    CHECK(fr.answer == "La bonne réponse est A\u00a0: Gradients");

    auto untagged = sample_feedback();
    untagged.misconception_label.reset();
    CHECK(feedback_sentences_of(untagged, language::en).chosen == "You chose B: Parameters");
    auto right = sample_feedback();
    right.correct = true;
    right.chosen = right.answer;
    CHECK(feedback_sentences_of(right, language::en).verdict == "Right!");
    CHECK(feedback_sentences_of(right, language::en).chosen.empty());
}

TEST_CASE("feedback as text: the sentences, the explanations between them, then the guide line")
{
    const auto told = sample_feedback();
    const auto text = render_feedback(told, feedback_sentences_of(told, language::en), "Read more: ZeRO stages");
    CHECK(text == "Not quite.\n"
                  "You chose B, a common confusion: stages mixed up.\n"
                  "Parameters are sharded from stage 3.\n"
                  "The answer is A: Gradients\n"
                  "Stage 2 adds gradients.\n"
                  "Next, a question on the same confusion.\n"
                  "This question comes back in a few questions.\n"
                  "Next review: tomorrow.\n"
                  "Read more: ZeRO stages\n");
}

TEST_CASE("a summary, stats and a scoreboard in both languages")
{
    session_summary summary;
    summary.answered = 4;
    summary.correct = 3;
    summary.reviews = 1;
    summary.fresh = 3;
    summary.next_due = days_after(noon_day0(), 2);
    summary.streak_days = 2;
    const auto en = render_summary(summary, language::en, noon_day0());
    CHECK_THAT(en, Contains("3 right out of 4 (75%)"));
    CHECK_THAT(en, Contains("1 review, 3 new questions"));
    CHECK_THAT(en, Contains("Next review in 2 days."));
    CHECK_THAT(en, Contains("Streak: 2 days"));
    const auto fr = render_summary(summary, language::fr, noon_day0());
    CHECK_THAT(fr, Contains("3 bonnes réponses sur 4 (75\u00a0%)"));
    CHECK_THAT(en, !Contains("asked again") && !Contains("follow-up"));
    summary.answered = 7;
    summary.asked_again = 2;
    summary.follow_ups = 1;
    CHECK_THAT(render_summary(summary, language::en, noon_day0()),
               Contains("2 missed questions asked again") && Contains("1 follow-up question on a confusion"));
    CHECK_THAT(render_summary(summary, language::fr, noon_day0()),
               Contains("2 questions manquées reposées") && Contains("1 question de suivi sur une confusion"));

    learner_stats stats;
    stats.due_now = 1;
    stats.seen = 3;
    stats.total = 8;
    stats.answered = 10;
    stats.correct = 7;
    stats.concepts.resize(2);
    stats.weakest = {concept_view{concept_key{"a"}, "Optimizer states", 0.42, false, 3}};
    const auto text = render_stats(stats, "ZeRO", language::en, noon_day0());
    CHECK_THAT(text, Contains("1 question to review now."));
    CHECK_THAT(text, Contains("3 of 8 questions seen"));
    CHECK_THAT(text, Contains("Concepts mastered: 0 of 2"));
    CHECK_THAT(text, Contains("To work on: Optimizer states: 42%"));
    CHECK_THAT(text, Contains("Accuracy: 70% over 10 answers"));

    const std::vector<score_line> lines{{learner_id{1}, 1, 3, 3, 2, std::chrono::milliseconds{0}}};
    const auto board = render_scoreboard(lines, language::fr, [](learner_id) { return std::string("Ana"); });
    CHECK_THAT(board, Contains("Classement"));
    CHECK_THAT(board, Contains("1. Ana\u00a0: 2 sur 3 (67\u00a0%)"));
}

} // namespace text_text_render_test
