// SPDX-License-Identifier: MIT
// How long the tutor takes to choose the next question: for one learner with 10,000 question states, and for a
// study group of 30 learners. Build in Release and run:
//   cmake --build build/release --target tutor_bench && build/release/tests/tutor_bench
// Prints the median and 90th percentile of repeated calls, side by side in one run (the machine is shared).
#include "engine/learner/learner_model.hpp"
#include "engine/numeric/seeded_random.hpp"
#include "engine/rounds/group_round.hpp"
#include "engine/tutor/next_question.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace quiz::engine;

namespace {

/// A pack of `questions` questions over `questions / 100` concepts, 4 choices each, one misconception-tagged
/// distractor in two.
pack_index make_pack(int questions)
{
    pack p;
    p.key = pack_key{"bench"};
    const int concepts = std::max(1, questions / 100);
    for (int c = 0; c < concepts; ++c) {
        p.concepts.push_back({concept_key{"c" + std::to_string(c)}, {}});
        p.misconceptions.push_back({misconception_key{"m" + std::to_string(c)}, {}});
    }
    p.sections.push_back({section_key{"s"}, {}, {}});
    for (int i = 0; i < questions; ++i) {
        question q;
        q.key = question_key{"q" + std::to_string(i)};
        q.section = section_key{"s"};
        q.concepts.emplace_back("c" + std::to_string(i * concepts / questions));
        q.misconceptions.resize(4);
        if (i % 2 == 0) {
            q.misconceptions[1] = misconception_key{"m" + std::to_string(i * concepts / questions)};
        }
        question_text text;
        text.stem = "Question";
        for (int c = 0; c < 4; ++c) {
            text.choices.push_back({"Choice", "Because"});
        }
        q.text.set(language::en, text);
        p.questions.push_back(std::move(q));
    }
    return pack_index(std::move(p));
}

/// A learner who has answered `seen` of the questions; about `due_share` of those are due at `now`.
learner_model make_learner(const pack_index& index, int seen, double due_share, instant now, std::uint64_t seed)
{
    const tutor_config config;
    learner_model model = make_learner_model(index, {}, {}, {}, config);
    seeded_random random(seed);
    for (int q = 0; q < seen; ++q) {
        auto& m = model.memory[static_cast<std::uint32_t>(q)];
        m.question = index.at(static_cast<std::uint32_t>(q)).key;
        const bool due = random.uniform() < due_share;
        const double stability = 1.0 + 60.0 * random.uniform();
        const int interval = std::max(1, static_cast<int>(stability));
        const int elapsed = due ? interval + static_cast<int>(random.below(10))
                                : static_cast<int>(random.below(static_cast<std::uint64_t>(interval)));
        m.attempts = 1 + static_cast<int>(random.below(5));
        m.wrong = static_cast<int>(random.below(static_cast<std::uint64_t>(m.attempts)));
        m.card.state = fsrs::card_state::review;
        m.card.stability = stability;
        m.card.difficulty = 5.0;
        m.card.last_review = now - std::chrono::days{elapsed} - std::chrono::hours{1};
        m.first_answered_at = m.card.last_review;
    }
    for (auto& skill : model.skills) {
        skill.form = 0.6 * (random.uniform() - 0.5);
        skill.answers = 10;
    }
    return model;
}

struct timing {
    double median_us = 0.0;
    double p90_us = 0.0;
};

timing measure(int runs, const std::function<void()>& work)
{
    work(); // warm-up
    std::vector<double> samples;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const auto stop = std::chrono::steady_clock::now();
        samples.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    }
    std::sort(samples.begin(), samples.end());
    return {samples[samples.size() / 2], samples[samples.size() * 9 / 10]};
}

void report(const char* what, const timing& t)
{
    std::printf("%-62s median %9.1f us   p90 %9.1f us\n", what, t.median_us, t.p90_us);
}

volatile std::uint32_t sink = 0;

} // namespace

int main()
{
    const tutor_config config;
    const instant now = std::chrono::sys_days{std::chrono::year{2025} / 10 / 1} + std::chrono::hours{18};

    const auto big = make_pack(10'000);
    const auto choose = [&](const learner_model& model, bool reviews_only) {
        selection_request request;
        request.now = now;
        request.new_allowed = 10;
        request.reviews_only = reviews_only;
        request.previous = 17;
        const auto picked = choose_next(big, model, config, request);
        sink = sink + (picked ? picked->question : 0U);
    };

    const auto typical = make_learner(big, 10'000, 0.05, now, 1);
    const auto all_due = make_learner(big, 10'000, 1.0, now, 2);
    const auto none_due = make_learner(big, 10'000, 0.0, now, 3);
    const auto half_seen = make_learner(big, 5'000, 0.05, now, 4);
    std::printf("Choosing the next question (10,000-question pack)\n");
    report("1 learner, 10,000 states, 5% due", measure(300, [&] { choose(typical, false); }));
    report("1 learner, 10,000 states, all due (worst case)", measure(300, [&] { choose(all_due, false); }));
    report("1 learner, 10,000 states, none due: practice scan", measure(300, [&] { choose(none_due, false); }));
    report("1 learner, 5,000 states, 5% due, new questions left", measure(300, [&] { choose(half_seen, false); }));
    report("due count (progress line), 10,000 states", measure(300, [&] {
               sink = sink + static_cast<std::uint32_t>(summarize_due(big, typical, config, now).due);
           }));

    const auto group_for = [&](const pack_index& index, int members, int seen) {
        std::vector<learner_model> models;
        for (int l = 0; l < members; ++l) {
            models.push_back(make_learner(index, seen, 0.1, now, 100 + static_cast<std::uint64_t>(l)));
        }
        return models;
    };
    const auto pointers = [](const std::vector<learner_model>& models) {
        std::vector<const learner_model*> out;
        for (const auto& m : models) {
            out.push_back(&m);
        }
        return out;
    };
    const auto course = make_pack(1'000);
    const auto group_course = group_for(course, 30, 600);
    const auto group_big = group_for(big, 30, 6'000);
    const auto members_course = pointers(group_course);
    const auto members_big = pointers(group_big);
    const std::vector<std::uint32_t> asked{1, 2, 3};
    std::printf("\nChoosing a question for a study group\n");
    report("30 learners, 1,000-question pack (600 seen each)", measure(100, [&] {
               sink = sink + choose_for_group(course, members_course, config, now, asked).value_or(0U);
           }));
    report("30 learners, 10,000-question pack (6,000 seen each)",
           measure(20, [&] { sink = sink + choose_for_group(big, members_big, config, now, asked).value_or(0U); }));

    std::printf("\nBuilding the learner's model from stored rows (done once per user action)\n");
    std::vector<question_memory> rows(typical.memory.begin(), typical.memory.end());
    report("10,000 memory rows -> model", measure(50, [&] {
               const auto model = make_learner_model(big, rows, typical.skills, {}, config);
               sink = sink + static_cast<std::uint32_t>(model.memory.stored());
           }));
    return 0;
}
