// SPDX-License-Identifier: MIT
#include "engine/learner/learner_model.hpp"

#include "engine/learner/cold_start.hpp"
#include "engine/learner/concept_form.hpp"
#include "engine/numeric/logistic_regression.hpp"
#include "engine/recall/answer_grading.hpp"
#include "engine/recall/response_time_grading.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace quiz::engine {

namespace {

/// The answer's rating; with grading from response time, also remembers a right answer's time for the next one.
fsrs::rating grade_answer(learner_model& model, bool correct, std::optional<std::chrono::milliseconds> response_time,
                          const tutor_config& config)
{
    if (!config.grade_by_response_time) {
        return rating_for_answer(correct);
    }
    response_time_grader grader(config.response_time);
    for (const auto t : model.recent_right_times) {
        grader.record(true, t);
    }
    const auto rating = grader.rating(correct, response_time);
    if (correct && response_time && response_time->count() >= 0) {
        auto& times = model.recent_right_times;
        times.push_back(*response_time);
        if (times.size() > config.response_time.window) {
            times.erase(times.begin(), times.end() - static_cast<std::ptrdiff_t>(config.response_time.window));
        }
    }
    return rating;
}

} // namespace

std::shared_ptr<const population_priors>
make_population_priors(const pack_index& index, std::span<const question_stats> population, const tutor_config& config)
{
    std::vector<const question_stats*> stats(index.question_count(), nullptr);
    for (const auto& row : population) {
        if (const auto q = index.find(row.question)) {
            stats[*q] = &row;
        }
    }
    auto priors = std::make_shared<population_priors>();
    priors->ease.resize(index.question_count());
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        priors->ease[q] = ease_logit(index.at(q), stats[q], config);
    }
    return priors;
}

void set_typical_forms(learner_model& model, const pack_index& index, std::span<const concept_skill> typical)
{
    model.typical_form.assign(index.concept_count(), 0.0);
    for (const auto& row : typical) {
        if (const auto c = index.find(row.key)) {
            model.typical_form[*c] = row.form;
        }
    }
}

learner_model learner_model_on(std::shared_ptr<const population_priors> priors, const pack_index& index,
                               std::span<const question_memory> memories, std::span<const concept_skill> skills,
                               const tutor_config& config, std::span<const concept_skill> typical)
{
    learner_model model;
    model.recall.w = config.w; // until the learner's own fitted model is loaded over it
    model.priors = std::move(priors);
    // Storage gives the rows in any order: sorted by question first, each is appended to the table in turn.
    std::vector<std::pair<std::uint32_t, const question_memory*>> met;
    met.reserve(memories.size());
    for (const auto& row : memories) {
        if (const auto q = index.find(row.question)) {
            met.emplace_back(*q, &row);
        }
    }
    std::sort(met.begin(), met.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    model.memory.reserve(met.size() + 1);
    for (const auto& [q, row] : met) {
        model.memory[q] = *row;
    }
    model.skills.resize(index.concept_count());
    for (std::uint32_t c = 0; c < index.concept_count(); ++c) {
        model.skills[c].key = index.content().concepts[c].key;
    }
    for (const auto& row : skills) {
        if (const auto c = index.find(row.key)) {
            model.skills[*c] = row;
        }
    }
    set_typical_forms(model, index, typical);
    model.open_misconception.assign(index.misconception_count(), 0);
    for (const auto& memory : model.memory) {
        if (memory.last_misconception) {
            if (const auto m = index.find(*memory.last_misconception)) {
                model.open_misconception[*m] = 1;
            }
        }
    }
    return model;
}

learner_model make_learner_model(const pack_index& index, std::span<const question_memory> memories,
                                 std::span<const concept_skill> skills, std::span<const question_stats> population,
                                 const tutor_config& config, std::span<const concept_skill> typical)
{
    return learner_model_on(make_population_priors(index, population, config), index, memories, skills, config,
                            typical);
}

double question_form(const pack_index& index, const learner_model& model, std::uint32_t q) noexcept
{
    const auto concepts = index.concepts_of(q);
    if (concepts.empty()) {
        return 0.0;
    }
    double sum = 0.0;
    for (const auto c : concepts) {
        sum += model.skills[c].form;
    }
    return sum / static_cast<double>(concepts.size());
}

double schedule_form(const pack_index& index, const learner_model& model, std::uint32_t q) noexcept
{
    const auto concepts = index.concepts_of(q);
    if (concepts.empty()) {
        return 0.0;
    }
    double sum = 0.0;
    for (const auto c : concepts) {
        sum += model.skills[c].form - (c < model.typical_form.size() ? model.typical_form[c] : 0.0);
    }
    return sum / static_cast<double>(concepts.size());
}

recall::card_view card_view_of(const question_memory& memory) noexcept
{
    return {memory.card.stability, memory.card.difficulty, memory.card.reps, memory.card.lapses,
            memory.card.state != fsrs::card_state::relearning};
}

std::int64_t whole_days_since(const question_memory& memory, instant now) noexcept
{
    return memory.card.last_review ? day_number(now) - day_number(*memory.card.last_review) : 0;
}

double memory_recall(const learner_model& model, const question_memory& memory, instant now) noexcept
{
    if (!memory.seen() || !memory.card.last_review || memory.card.stability <= 0.0) {
        return 1.0;
    }
    return recall::probability(model.recall, card_view_of(memory), whole_days_since(memory, now),
                               elapsed_days(*memory.card.last_review, now));
}

double predicted_recall(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
                        const tutor_config& /*config*/) noexcept
{
    const auto& memory = model.memory[q];
    if (!memory.seen()) {
        return logistic(model.ease(q) + question_form(index, model, q));
    }
    return memory_recall(model, memory, now);
}

double interval_factor(double form, const tutor_config& config, const fsrs::parameters& w) noexcept
{
    // Invert R(t, S) = (1 + f t / S)^decay at the recall that, corrected by form, meets the target.
    switch (config.form_moves_due) {
    case form_scheduling::none:
        form = 0.0;
        break;
    case form_scheduling::delay_only:
        form = std::max(form, 0.0);
        break;
    case form_scheduling::both:
        break;
    }
    const double wanted = logistic(logit(config.target_retention) - form);
    const double decay = -w[20];
    return (std::pow(wanted, 1.0 / decay) - 1.0) / fsrs::curve_factor(w);
}

std::int64_t day_number(instant t) noexcept
{
    return std::chrono::floor<std::chrono::days>(t).time_since_epoch().count();
}

int introduced_today(const learner_model& model, instant now) noexcept
{
    // From the first-answered days the model keeps (memory_table::days), computed for the rows changed since.
    constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();
    const auto today = day_number(now);
    const auto rows = model.memory.rows();
    const auto days = model.memory.days();
    int count = 0;
    for (std::size_t i = 0; i < days.size(); ++i) {
        auto& first = days[i].first;
        if (first == memory_table::unknown_day) {
            first = rows[i].first_answered_at ? day_number(*rows[i].first_answered_at) : never;
        }
        count += first == today ? 1 : 0;
    }
    return count;
}

answer_effect apply_answer(const pack_index& index, learner_model& model, std::uint32_t q, std::uint32_t chosen,
                           instant now, const tutor_config& config,
                           std::optional<std::chrono::milliseconds> response_time)
{
    const question& item = index.at(q);
    question_memory& memory = model.memory[q];
    answer_effect effect;
    effect.question = q;
    effect.correct = chosen == item.correct;
    effect.first_attempt = !memory.seen();
    effect.rating = grade_answer(model, effect.correct, response_time, config);

    const double known_before = predicted_recall(index, model, q, now, config);
    effect.predicted = answer_probability(known_before, item.choice_count());

    if (effect.first_attempt) {
        const auto state = config.cold_start
                               ? first_answer_state(model.recall.w, effect.correct, known_before, item.choice_count())
                               : fsrs::initial_state(model.recall.w, effect.rating);
        memory.card.stability = state.stability;
        memory.card.difficulty = state.difficulty;
        memory.first_attempt_correct = effect.correct;
        memory.first_answered_at = now;
    } else {
        const fsrs::memory_state before{memory.card.stability, memory.card.difficulty};
        const instant last = memory.card.last_review.value_or(now);
        const double days = now <= last ? 0.0 : static_cast<double>(fsrs::calendar_days_between(last, now));
        const auto state = fsrs::next_state(model.recall.w, before, days, effect.rating, true);
        memory.card.stability = state.stability;
        memory.card.difficulty = state.difficulty;
        if (!effect.correct) {
            memory.card.lapses += 1;
        }
    }

    std::vector<concept_skill*> skills;
    for (const auto c : index.concepts_of(q)) {
        skills.push_back(&model.skills[c]);
    }
    update_form(skills, effect.predicted, effect.correct, config);

    memory.question = item.key;
    memory.content_hash = item.content_hash;
    memory.attempts += 1;
    memory.card.reps += 1;
    memory.card.state = effect.correct ? fsrs::card_state::review : fsrs::card_state::relearning;
    memory.card.last_review = now;
    if (effect.correct) {
        memory.last_misconception.reset();
        // A right answer to a question probing a misconception overcomes it, wherever it was shown.
        for (const auto m : index.misconceptions_of(q)) {
            if (model.open_misconception[m] == 0) {
                continue;
            }
            model.open_misconception[m] = 0;
            const auto& key = index.content().misconceptions[m].key;
            const auto met = model.memory.questions();
            const auto rows = model.memory.rows();
            for (std::size_t i = 0; i < met.size(); ++i) {
                if (rows[i].last_misconception == key) {
                    rows[i].last_misconception.reset();
                    effect.also_changed.push_back(met[i]);
                }
            }
        }
    } else {
        memory.wrong += 1;
        memory.last_wrong_choice = chosen;
        effect.misconception = index.misconception_of_choice(q, chosen);
        if (effect.misconception) {
            memory.last_misconception = index.content().misconceptions[*effect.misconception].key;
            model.open_misconception[*effect.misconception] = 1;
        } else {
            memory.last_misconception.reset();
        }
    }

    effect.interval_days =
        model.recall.layer.identity()
            ? interval_days(memory.card.stability,
                            interval_factor(schedule_form(index, model, q), config, model.recall.w), config)
            : recall::days_until(model.recall, card_view_of(memory), config.target_retention, config.maximum_interval);
    effect.next_due = now + std::chrono::days{effect.interval_days};
    memory.card.scheduled_days = effect.interval_days;
    memory.card.due = effect.next_due;
    return effect;
}

} // namespace quiz::engine
