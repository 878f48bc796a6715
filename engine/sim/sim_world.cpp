// SPDX-License-Identifier: MIT
#include "engine/sim/sim_world.hpp"

#include "engine/numeric/logistic_regression.hpp"
#include "engine/numeric/seeded_random.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numbers>
#include <string>
#include <string_view>

namespace quiz::engine::sim {

namespace {

/// Streams of the counter-based draws, so that no two purposes share numbers.
enum world_stream : std::uint64_t {
    course_stream = 1,
    learner_stream,
    recall_stream,
    guess_stream,
    pick_stream,
};

/// A standard normal variate from two uniform draws (Box-Muller).
double normal(std::uint64_t seed, std::uint64_t stream_id, std::uint64_t a, std::uint64_t b)
{
    const double u1 = std::max(draw(seed, stream_id, a, b, 1), 1e-12);
    const double u2 = draw(seed, stream_id, a, b, 2);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

/// Concatenates texts. (g++ 12 warns falsely about `"literal" + std::string` at -O3, -Wrestrict.)
std::string text(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (const auto part : parts) {
        out.append(part);
    }
    return out;
}

std::string two_digits(int n) { return text({n < 10 ? "0" : "", std::to_string(n)}); }

// How much ability and true difficulty change the stability gain, and how much meeting a concept's question
// teaches the concept itself.
constexpr double growth_slope = 0.35;
constexpr double ability_per_new_question = 0.04;
// Prior knowledge: most course material is not known before it is studied.
constexpr double prior_offset = -1.0;

} // namespace

double draw(std::uint64_t seed, std::uint64_t stream_id, std::uint64_t a, std::uint64_t b, std::uint64_t c) noexcept
{
    std::uint64_t h = combine(seed, stream_id);
    h = combine(h, a);
    h = combine(h, b);
    h = combine(h, c);
    return static_cast<double>(h >> 11U) * 0x1.0p-53;
}

course make_course(std::uint64_t seed, int questions, int concepts)
{
    pack p;
    p.key = pack_key{"simulated-course"};
    p.languages = {language::en};
    p.title.set(language::en, "Simulated course");
    for (int c = 0; c < concepts; ++c) {
        const std::string n = two_digits(c);
        tag<concept_key> concept_tag{concept_key{text({"c", n})}, {}};
        concept_tag.label.set(language::en, text({"Concept ", n}));
        p.concepts.push_back(concept_tag);
        for (const char* suffix : {"a", "b"}) {
            tag<misconception_key> m{misconception_key{text({"m", n, suffix})}, {}};
            m.label.set(language::en, text({"Misconception ", n, suffix}));
            p.misconceptions.push_back(m);
        }
        guide_section section;
        section.key = section_key{text({"s", n})};
        section.title.set(language::en, text({"Section ", n}));
        p.sections.push_back(section);
    }
    std::vector<double> hardness;
    std::vector<int> words;
    for (int i = 0; i < questions; ++i) {
        const auto id = static_cast<std::uint64_t>(i);
        const int c = i * concepts / questions;
        question q;
        q.key = question_key{text({"q", std::to_string(i)})};
        q.section = section_key{text({"s", two_digits(c)})};
        q.concepts.emplace_back(text({"c", two_digits(c)}));
        if (concepts > 1 && draw(seed, course_stream, id, 1) < 0.2) {
            q.concepts.emplace_back(text({"c", two_digits((c + 1) % concepts)}));
        }
        q.difficulty = 1 + static_cast<int>(draw(seed, course_stream, id, 2) * 5.0);
        const std::array<std::size_t, 5> choice_counts{3, 4, 4, 4, 5};
        const std::size_t k = choice_counts[static_cast<std::size_t>(draw(seed, course_stream, id, 3) * 5.0)];
        q.correct = static_cast<std::size_t>(draw(seed, course_stream, id, 4) * static_cast<double>(k));
        q.misconceptions.resize(k);
        question_text body;
        body.stem = text({"Question ", std::to_string(i)});
        for (std::size_t choice = 0; choice < k; ++choice) {
            body.choices.push_back({text({"Choice ", std::to_string(choice)}), "Because."});
            if (choice != q.correct && draw(seed, course_stream, id, 10 + choice) < 0.5) {
                const char* suffix = draw(seed, course_stream, id, 20 + choice) < 0.5 ? "a" : "b";
                q.misconceptions[choice] = misconception_key{text({"m", two_digits(c), suffix})};
            }
        }
        q.text.set(language::en, body);
        q.content_hash = text({"sim-", std::to_string(i)});
        hardness.push_back(0.5 * (q.difficulty - 3) + 0.6 * normal(seed, course_stream, id, 5));
        words.push_back(30 + static_cast<int>(draw(seed, course_stream, id, 6) * 60.0));
        p.questions.push_back(std::move(q));
    }
    return {pack_index(std::move(p)), std::move(hardness), std::move(words)};
}

learner_traits make_learner(std::uint64_t seed, int learner, int concepts, const trait_shift& shift)
{
    const auto id = static_cast<std::uint64_t>(learner);
    learner_traits traits;
    traits.memory = shift.memory.value_or(std::exp(0.35 * normal(seed, learner_stream, id, 1)));
    const double general = 0.5 * normal(seed, learner_stream, id, 2);
    for (int c = 0; c < concepts; ++c) {
        traits.ability.push_back(general + 0.8 * normal(seed, learner_stream, id, 100 + static_cast<std::uint64_t>(c)));
    }
    traits.attendance = shift.attendance.value_or(0.55 + 0.4 * draw(seed, learner_stream, id, 3));
    traits.minutes = shift.minutes.value_or(6.0 + 14.0 * draw(seed, learner_stream, id, 4));
    traits.speed = std::exp(0.2 * normal(seed, learner_stream, id, 5));
    return traits;
}

world::world(const course& c, std::uint64_t seed, int learners, const trait_shift& shift) : course_(c), seed_(seed)
{
    const auto concepts = static_cast<int>(c.index.concept_count());
    for (int l = 0; l < learners; ++l) {
        learners_.push_back(make_learner(seed, l, concepts, shift));
        memory_.emplace_back(c.index.question_count());
    }
}

double world::concept_ability(int l, std::uint32_t q) const
{
    const auto& ability = learners_[static_cast<std::size_t>(l)].ability;
    const auto concepts = course_.index.concepts_of(q);
    double sum = 0.0;
    for (const auto c : concepts) {
        sum += ability[c];
    }
    return concepts.empty() ? 0.0 : sum / static_cast<double>(concepts.size());
}

double world::growth(int l, std::uint32_t q) const
{
    const double value = learners_[static_cast<std::size_t>(l)].memory *
                         std::exp(growth_slope * (concept_ability(l, q) - course_.hardness[q]));
    return std::clamp(value, 0.25, 4.0);
}

double world::recall(int l, std::uint32_t q, instant t) const
{
    const auto& m = memory_[static_cast<std::size_t>(l)][q];
    if (!m.seen) {
        return logistic(concept_ability(l, q) - course_.hardness[q] + prior_offset);
    }
    const double days = std::max(0.0, static_cast<double>((t - m.last).count()) / 86'400'000.0);
    return fsrs::retrievability(fsrs::default_parameters, days, m.stability);
}

double world::knowledge(int l, instant t) const
{
    double sum = 0.0;
    for (std::uint32_t q = 0; q < course_.index.question_count(); ++q) {
        sum += recall(l, q, t);
    }
    return sum;
}

int world::introduced(int l) const
{
    const auto& m = memory_[static_cast<std::size_t>(l)];
    return static_cast<int>(std::count_if(m.begin(), m.end(), [](const true_memory& x) { return x.seen; }));
}

answer_result world::answer(int l, std::uint32_t q, instant t)
{
    const auto& w = fsrs::default_parameters;
    const auto lu = static_cast<std::uint64_t>(l);
    auto& m = memory_[static_cast<std::size_t>(l)][q];
    const question& item = course_.index.at(q);
    const auto n = static_cast<std::uint64_t>(m.exposures);
    const bool recalled = draw(seed_, recall_stream, lu, q, n) < recall(l, q, t);

    answer_result result;
    const double guess = 1.0 / static_cast<double>(item.choice_count());
    result.correct = recalled || draw(seed_, guess_stream, lu, q, n) < guess;
    result.chosen = static_cast<std::uint32_t>(item.correct);
    if (!result.correct) {
        double total = 0.0;
        for (std::size_t c = 0; c < item.choice_count(); ++c) {
            total += c == item.correct ? 0.0 : (item.misconceptions[c] ? 2.0 : 1.0);
        }
        double pick = draw(seed_, pick_stream, lu, q, n) * total;
        for (std::size_t c = 0; c < item.choice_count(); ++c) {
            if (c == item.correct) {
                continue;
            }
            pick -= item.misconceptions[c] ? 2.0 : 1.0;
            result.chosen = static_cast<std::uint32_t>(c);
            if (pick < 0.0) {
                break;
            }
        }
    }

    const auto& traits = learners_[static_cast<std::size_t>(l)];
    result.seconds =
        traits.speed * (6.0 + course_.words[q] / 4.0) + (result.correct ? 3.0 : 12.0) + (m.seen ? 0.0 : 8.0);

    const fsrs::rating grade = recalled ? fsrs::rating::good : fsrs::rating::again;
    const double gain = growth(l, q);
    if (!m.seen) {
        const auto state = fsrs::initial_state(w, grade);
        m.stability = state.stability * gain;
        m.difficulty = state.difficulty;
        for (const auto c : course_.index.concepts_of(q)) {
            learners_[static_cast<std::size_t>(l)].ability[c] += ability_per_new_question;
        }
    } else {
        const int calendar_days = fsrs::calendar_days_between(m.last, t);
        const double days = calendar_days == 0 ? 0.0 : static_cast<double>((t - m.last).count()) / 86'400'000.0;
        const auto state = fsrs::next_state(w, fsrs::memory_state{m.stability, m.difficulty}, days, grade, true);
        if (recalled) {
            m.stability = m.stability + (state.stability - m.stability) * gain;
        } else {
            m.stability = std::min(m.stability, state.stability * gain);
        }
        m.stability = std::clamp(m.stability, fsrs::stability_min, fsrs::stability_max);
        m.difficulty = state.difficulty;
    }
    m.seen = true;
    m.last = t;
    m.exposures += 1;
    return result;
}

} // namespace quiz::engine::sim
