// SPDX-License-Identifier: MIT
#include "engine/tutor/recall_refit.hpp"

#include <algorithm>
#include <map>

namespace quiz::engine {

recall::fit_schedule live_fit_schedule()
{
    recall::fit_schedule schedule;
    schedule.clock.day_start = std::chrono::minutes{0}; // the tutor counts UTC days (learner_model.hpp, day_number)
    return schedule;
}

learner_history history_as_review_log(std::span<const answer_outline> answers)
{
    learner_history history;
    std::map<std::pair<pack_key, question_key>, std::int64_t> card_of;
    history.reviews.reserve(answers.size());
    for (const auto& answer : answers) {
        auto key = std::make_pair(answer.pack, answer.question);
        const auto [it, added] = card_of.try_emplace(key, static_cast<std::int64_t>(history.cards.size()));
        if (added) {
            history.cards.push_back(std::move(key));
        }
        history.reviews.push_back({recall::card_key{it->second}, answer.rating,
                                   std::chrono::time_point_cast<std::chrono::microseconds>(answer.answered_at),
                                   answer.response_time});
    }
    return history;
}

namespace {

/// Gives each answered question the memory state the fit replayed it to.
void save_states(unit_of_work& unit, learner_id learner, const learner_history& history,
                 const recall::recall_fit& result)
{
    std::map<pack_key, std::map<question_key, fsrs::memory_state>> by_pack;
    for (const auto& [card, state] : result.cards) {
        const auto& [pack, question] = history.cards[static_cast<std::size_t>(card.value())];
        by_pack[pack][question] = state;
    }
    for (const auto& [pack, states] : by_pack) {
        for (auto memory : unit.progress().memories(learner, pack)) {
            const auto it = states.find(memory.question);
            if (it == states.end() || !memory.seen()) {
                continue;
            }
            memory.card.stability = it->second.stability;
            memory.card.difficulty = it->second.difficulty;
            unit.progress().save_memory(learner, pack, memory);
        }
    }
}

} // namespace

refit_result refit_if_due(unit_of_work_factory& reads, unit_of_work_factory& writes, learner_id learner, instant now,
                          const recall::fit_schedule& schedule, const recall_fitter& fit)
{
    learner_history history;
    std::optional<stored_recall_model> stored;
    {
        auto unit = reads.begin();
        history = history_as_review_log(unit->attempts().history(learner));
        stored = unit->learners().recall_model(learner);
    }
    const auto current = stored ? stored->model : recall::learner_recall_model{};
    const auto counts = recall::count_history(history.reviews, schedule.clock);
    if (!recall::refresh_due(current, counts, schedule)) {
        return {refit_status::not_due, history.reviews.size(),
                recall::answers_before_refresh(current, counts, schedule)};
    }
    const auto result = fit(history.reviews, schedule);

    auto unit = writes.begin();
    if (unit->attempts().history(learner).size() != history.reviews.size()) {
        return {refit_status::superseded, history.reviews.size(), 1};
    }
    unit->learners().save_recall_model(learner, {result.model, history.reviews.size(), now});
    if (result.model.w != current.w) {
        save_states(*unit, learner, history, result);
    }
    unit->commit();
    return {refit_status::stored, history.reviews.size(),
            std::max<std::size_t>(1, recall::answers_before_refresh(result.model, counts, schedule))};
}

} // namespace quiz::engine
