// SPDX-License-Identifier: MIT
// Expected values come from ts-fsrs 5.4.2 (the reference vectors of the scheduling notes and `f.repeat`/`f.next`
// outputs under Node 20), never from this code.
#include "engine/fsrs/alea.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"
#include "engine/recall/answer_grading.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <stdexcept>
#include <vector>

namespace fsrs_fsrs_scheduler_test {

namespace fsrs = quiz::engine::fsrs;
using fsrs::card_state;
using fsrs::rating;
using namespace std::chrono_literals;

namespace {

// 2024-01-01T12:00:00Z
const fsrs::timestamp day0_noon{std::chrono::sys_days{std::chrono::year{2024} / 1 / 1} + 12h};

fsrs::timestamp at(int day, std::chrono::minutes minute = 0min) { return day0_noon + std::chrono::days(day) + minute; }

struct step {
    rating g;
    double stability;
    double difficulty;
    int interval;
};

// Reviews each card on its due date and checks every step.
void check_due_date_replay(const fsrs::scheduler& scheduler, const std::vector<step>& steps)
{
    auto card = fsrs::new_card(day0_noon);
    auto now = day0_noon;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        CAPTURE(i);
        card = scheduler.review(card, now, steps[i].g);
        CHECK(card.stability == Approx(steps[i].stability).margin(1e-8));
        CHECK(card.difficulty == Approx(steps[i].difficulty).margin(1e-8));
        CHECK(card.scheduled_days == steps[i].interval);
        CHECK(card.due == now + std::chrono::days(steps[i].interval));
        CHECK(card.state == card_state::review);
        now = card.due;
    }
}

fsrs::scheduler_options with_steps(std::vector<std::chrono::minutes> learning,
                                   std::vector<std::chrono::minutes> relearning)
{
    fsrs::scheduler_options options;
    options.learning_steps = std::move(learning);
    options.relearning_steps = std::move(relearning);
    return options;
}

} // namespace

TEST_CASE("FSRS scheduler: reference vectors with short-term scheduling (ts-fsrs 5.4.2)")
{
    const fsrs::scheduler scheduler{fsrs::scheduler_options{}};
    check_due_date_replay(scheduler, {
                                         {rating::good, 2.3065, 2.11810397, 2},
                                         {rating::good, 10.96433194, 2.11121424, 11},
                                         {rating::again, 1.5383372, 7.39223814, 2},
                                         {rating::hard, 3.54576395, 8.25407453, 4},
                                         {rating::easy, 12.20780362, 7.65589596, 12},
                                         {rating::good, 26.52778784, 7.64346843, 27},
                                     });
}

TEST_CASE("FSRS scheduler: reference vectors without short-term scheduling (ts-fsrs 5.4.2)")
{
    fsrs::scheduler_options options;
    options.short_term = false;
    const fsrs::scheduler scheduler{options};
    check_due_date_replay(scheduler, {
                                         {rating::good, 2.3065, 2.11810397, 3},
                                         {rating::good, 13.82690327, 2.11121424, 14},
                                         {rating::again, 1.72636178, 7.39223814, 2},
                                         {rating::hard, 3.76955971, 8.25407453, 4},
                                         {rating::easy, 12.50276436, 7.65589596, 13},
                                         {rating::good, 27.70733163, 7.64346843, 28},
                                     });
}

TEST_CASE("FSRS scheduler: interval modifier and forgetting curve (ts-fsrs 5.4.2)")
{
    const auto modifier = [](double retention) {
        fsrs::scheduler_options options;
        options.desired_retention = retention;
        return fsrs::scheduler{options}.interval_modifier();
    };
    CHECK(modifier(0.9) == 1.0);
    CHECK(modifier(0.80) == 3.3159598);
    CHECK(modifier(0.85) == 1.90642614);
    CHECK(modifier(0.95) == 0.40255869);
    const fsrs::scheduler scheduler{fsrs::scheduler_options{}};
    CHECK(scheduler.forgetting_curve(10, 5.0) == 0.84588465);
}

TEST_CASE("FSRS scheduler: elapsed days are differences of UTC calendar dates")
{
    const fsrs::timestamp late{std::chrono::sys_days{std::chrono::year{2024} / 1 / 1} + 23h + 59min};
    CHECK(fsrs::calendar_days_between(late, late + 2min) == 1);
    CHECK(fsrs::calendar_days_between(late - 23h, late) == 0);
    CHECK(fsrs::calendar_days_between(day0_noon, day0_noon + 47h) == 2);
    const fsrs::timestamp before_epoch{std::chrono::sys_days{std::chrono::year{1969} / 12 / 31} + 23h};
    CHECK(fsrs::calendar_days_between(before_epoch, before_epoch + 2h) == 1);
}

TEST_CASE("FSRS scheduler: learning steps 1m,10m and relearning 10m (ts-fsrs 5.4.2 repeat)")
{
    const fsrs::scheduler scheduler{with_steps({1min, 10min}, {10min})};
    const auto first = scheduler.preview(fsrs::new_card(day0_noon), day0_noon);
    CHECK(first[0].state == card_state::learning);
    CHECK(first[0].due == at(0, 1min));
    CHECK(first[0].stability == 0.212);
    CHECK(first[0].difficulty == 6.4133);
    CHECK(first[1].state == card_state::learning);
    CHECK(first[1].due == at(0, 6min)); // mean of the first two steps, rounded
    CHECK(first[1].difficulty == 5.11217071);
    CHECK(first[2].state == card_state::learning);
    CHECK(first[2].learning_step == 1);
    CHECK(first[2].due == at(0, 10min));
    CHECK(first[3].state == card_state::review);
    CHECK(first[3].scheduled_days == 8);
    CHECK(first[3].due == at(8));
    for (const auto& c : first) {
        CHECK(c.reps == 1);
        CHECK(c.last_review == day0_noon);
    }

    // Second step, reviewed when due (same day: short-term stability).
    const auto second = scheduler.preview(first[2], at(0, 10min));
    CHECK(second[0].due == at(0, 11min));
    CHECK(second[0].stability == 0.77508398);
    CHECK(second[0].difficulty == 7.39450274);
    CHECK(second[1].due == at(0, 16min));
    CHECK(second[1].learning_step == 1);
    CHECK(second[2].state == card_state::review);
    CHECK(second[2].scheduled_days == 2);
    CHECK(second[2].due == at(2, 10min));
    CHECK(second[2].difficulty == 2.11121424);
    CHECK(second[3].scheduled_days == 4);
    CHECK(second[3].stability == 3.94605407);

    // A graduated card reviewed on its due date: Again enters relearning, the others keep their order.
    const auto third = scheduler.preview(first[3], at(8));
    CHECK(third[0].state == card_state::relearning);
    CHECK(third[0].due == at(8, 10min));
    CHECK(third[0].stability == 1.38863246);
    CHECK(third[0].lapses == 1);
    CHECK(third[1].scheduled_days == 27);
    CHECK(third[1].stability == 26.70418346);
    CHECK(third[2].scheduled_days == 39);
    CHECK(third[3].scheduled_days == 66);
    CHECK(third[3].stability == 65.62422648);
    CHECK(third[3].lapses == 0);
}

TEST_CASE("FSRS scheduler: a single 5m learning step (ts-fsrs 5.4.2 repeat)")
{
    const fsrs::scheduler scheduler{with_steps({5min}, {10min})};
    const auto first = scheduler.preview(fsrs::new_card(day0_noon), day0_noon);
    CHECK(first[0].due == at(0, 5min));
    CHECK(first[1].due == at(0, 8min)); // 1.5 x the step, rounded
    CHECK(first[2].state == card_state::review);
    CHECK(first[2].scheduled_days == 2);
    CHECK(first[3].scheduled_days == 8);
}

TEST_CASE("FSRS scheduler: review() gives the previewed card for each rating")
{
    for (const bool short_term : {true, false}) {
        fsrs::scheduler_options options = with_steps({1min, 10min}, {10min});
        options.short_term = short_term;
        options.fuzz_seed = 7;
        const fsrs::scheduler scheduler{options};
        auto card = fsrs::new_card(day0_noon);
        auto now = day0_noon;
        for (const rating g : {rating::good, rating::good, rating::easy, rating::again, rating::hard, rating::good,
                               rating::again, rating::again, rating::easy}) {
            const auto all = scheduler.preview(card, now);
            for (const rating each : {rating::again, rating::hard, rating::good, rating::easy}) {
                CHECK(scheduler.review(card, now, each) == all[static_cast<std::size_t>(each) - 1]);
            }
            card = scheduler.review(card, now, g);
            now = card.due;
        }
    }
}

TEST_CASE("FSRS scheduler: fuzz is ts-fsrs's, seeded by the options (ts-fsrs 5.4.2 with the same seed text)")
{
    fsrs::scheduler_options options;
    options.fuzz_seed = 42;
    const fsrs::scheduler scheduler{options};
    const std::array<std::pair<rating, int>, 7> expected{{
        {rating::good, 2},
        {rating::good, 13},
        {rating::good, 46},
        {rating::good, 171},
        {rating::easy, 807},
        {rating::again, 8},
        {rating::good, 24},
    }};
    auto card = fsrs::new_card(day0_noon);
    auto now = day0_noon;
    for (const auto& [g, interval] : expected) {
        card = scheduler.review(card, now, g);
        CHECK(card.scheduled_days == interval);
        now = card.due;
    }
    CHECK(card.stability == 20.63029516);
    CHECK(card.difficulty == 7.01519095);
}

TEST_CASE("Alea yields ts-fsrs's sequence for a seed text")
{
    quiz::engine::alea a("1704110400000_1_0");
    CHECK(a.next() == 0.4357991893775761);
    CHECK(a.next() == 0.5338569665327668);
    CHECK(a.next() == 0.1490247454494238);
    quiz::engine::alea b("42_1704110400000_3_4.885406806805");
    CHECK(b.next() == 0.9309006636030972);
}

TEST_CASE("FSRS scheduler: options are validated")
{
    fsrs::scheduler_options options;
    CHECK_FALSE(fsrs::validate(options));
    options.desired_retention = 0.0;
    CHECK(fsrs::validate(options));
    CHECK_THROWS_AS(fsrs::scheduler{options}, std::invalid_argument);
    options.desired_retention = 1.01;
    CHECK(fsrs::validate(options));
    options.desired_retention = 1.0;
    options.maximum_interval = 0;
    CHECK(fsrs::validate(options));
    options.maximum_interval = 36500;
    options.learning_steps = {std::chrono::minutes{-1}};
    CHECK(fsrs::validate(options));
    options.learning_steps = {std::chrono::days{36501}};
    CHECK(fsrs::validate(options));
    options.learning_steps = {std::chrono::days{1}};
    CHECK_FALSE(fsrs::validate(options));
}

TEST_CASE("FSRS scheduler: a review before the last review's day is refused")
{
    const fsrs::scheduler scheduler{fsrs::scheduler_options{}};
    const auto card = scheduler.review(fsrs::new_card(day0_noon), day0_noon, rating::good);
    CHECK_THROWS_AS(scheduler.review(card, day0_noon - 24h, rating::good), std::invalid_argument);
    CHECK_NOTHROW(scheduler.review(card, day0_noon - 1h, rating::good)); // same calendar day: elapsed 0
}

TEST_CASE("FSRS scheduler: maximum interval caps each interval before the ordering rules (ts-fsrs 5.4.2)")
{
    for (const bool short_term : {true, false}) {
        fsrs::scheduler_options options;
        options.maximum_interval = 10;
        options.short_term = short_term;
        const fsrs::scheduler scheduler{options};
        const auto card = scheduler.review(fsrs::new_card(day0_noon), day0_noon, rating::easy);
        CHECK(card.scheduled_days == 8);
        // Good and Easy must stay a day above Hard, so they pass the cap, as in ts-fsrs.
        const auto next = scheduler.preview(card, card.due);
        CHECK(next[0].scheduled_days == 1);
        CHECK(next[1].scheduled_days == 10);
        CHECK(next[2].scheduled_days == 11);
        CHECK(next[3].scheduled_days == 12);
    }
}

TEST_CASE("parse_steps reads ts-fsrs step lists")
{
    using steps = std::vector<std::chrono::minutes>;
    CHECK(fsrs::parse_steps("") == steps{});
    CHECK(fsrs::parse_steps("1m,10m") == steps{1min, 10min});
    CHECK(fsrs::parse_steps("2h,1d") == steps{120min, 1440min});
    CHECK_FALSE(fsrs::parse_steps("1m,"));
    CHECK_FALSE(fsrs::parse_steps("10"));
    CHECK_FALSE(fsrs::parse_steps("1.5m"));
    CHECK_FALSE(fsrs::parse_steps("-1m"));
    CHECK_FALSE(fsrs::parse_steps("5s"));
    CHECK_FALSE(fsrs::parse_steps("m"));
}

TEST_CASE("A multiple-choice answer rates Again when wrong and Good when right")
{
    STATIC_REQUIRE(quiz::engine::rating_for_answer(false) == rating::again);
    STATIC_REQUIRE(quiz::engine::rating_for_answer(true) == rating::good);
}

} // namespace fsrs_fsrs_scheduler_test
