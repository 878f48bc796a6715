// SPDX-License-Identifier: MIT
#include "engine/sim/review_log_family.hpp"

#include "engine/recall/answer_grading.hpp"
#include "engine/sim/simulation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace quiz::engine::sim {

namespace {

log_shape course_shape(int learners, int days, int questions, int concepts)
{
    log_shape shape;
    shape.learners = learners;
    shape.days = days;
    shape.questions = questions;
    shape.concepts = concepts;
    return shape;
}

std::array<named_shape, 6> make_shapes()
{
    // Study time and attendance are set rather than drawn where the size of the log matters, so that every seed
    // gives a log of about the same size; memory, ability and speed still vary with the seed.
    auto typical = course_shape(1, 90, 48, 8);
    typical.practice = true;
    typical.shift.minutes = 7.0;
    typical.shift.attendance = 0.7;
    auto few = course_shape(1, 3, 40, 8);
    few.new_per_day = 4;
    few.shift.attendance = 1.0;
    auto heavy = course_shape(1, 200, 700, 40);
    heavy.new_per_day = 15;
    heavy.practice = true;
    heavy.shift.minutes = 14.0;
    heavy.shift.attendance = 0.9;
    auto far = typical;
    far.shift.memory = 0.3;
    auto deep = course_shape(1, 60, 5, 1);
    deep.new_per_day = 5;
    deep.practice = true;
    deep.shift.minutes = 6.0;
    deep.shift.attendance = 0.8;
    return {{
        {"typical", "one learner who keeps practising, 90 days of a 48-question course: about 1,100 reviews", typical},
        {"few", "one learner's first three days: about 20 reviews", few},
        {"heavy", "one diligent learner, 200 days of a 700-question course: about 5,500 reviews", heavy},
        {"far", "as typical, but a memory a third as strong as FSRS-6's defaults assume", far},
        {"deep-card", "a 5-question course practised for 60 days: every card has well over 100 reviews", deep},
        {"class", "six learners on one 40-question course for 60 days, one after another", course_shape(6, 60, 40, 8)},
    }};
}

const std::array<named_shape, 6>& shapes()
{
    static const auto all = make_shapes();
    return all;
}

} // namespace

std::span<const named_shape> review_log_shapes() noexcept { return shapes(); }

std::optional<log_shape> find_review_log_shape(std::string_view name) noexcept
{
    const auto& all = shapes();
    const auto found = std::find_if(all.begin(), all.end(), [&](const named_shape& s) { return s.name == name; });
    return found == all.end() ? std::nullopt : std::optional<log_shape>(found->shape);
}

std::vector<recall::logged_review> generate_review_log(const log_shape& shape, std::uint64_t seed)
{
    if (shape.questions >= cards_per_learner) {
        throw std::invalid_argument("a generated log's course must have fewer than 1000 questions");
    }
    options opts;
    opts.seed = seed;
    opts.learners = shape.learners;
    opts.days = shape.days;
    opts.questions = shape.questions;
    opts.concepts = shape.concepts;
    opts.new_per_day = shape.new_per_day;
    opts.learners_shift = shape.shift;
    auto answers = simulate_answers(opts, shape.practice ? policy::tutor_practice : policy::tutor);
    // The run interleaves learners day by day; a class export lists one learner after another.
    std::stable_sort(answers.begin(), answers.end(),
                     [](const answer_event& a, const answer_event& b) { return a.learner < b.learner; });

    std::vector<recall::logged_review> log;
    log.reserve(answers.size());
    for (const auto& a : answers) {
        log.push_back({recall::card_key{a.learner * cards_per_learner + static_cast<std::int64_t>(a.question) + 1},
                       rating_for_answer(a.correct), std::chrono::time_point_cast<std::chrono::microseconds>(a.time),
                       std::chrono::milliseconds{std::llround(a.seconds * 1000.0)}});
    }
    return log;
}

} // namespace quiz::engine::sim
