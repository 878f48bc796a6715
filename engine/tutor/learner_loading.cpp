// SPDX-License-Identifier: MIT
#include "engine/tutor/learner_loading.hpp"

#include "engine/learner/learner_stats.hpp"
#include "engine/tutor/session.hpp"

namespace quiz::engine {

std::shared_ptr<const population_priors> read_priors(unit_of_work& unit, const pack_index& index, priors_cache& cache,
                                                     instant now, const tutor_config& config)
{
    return cache.priors(index, now, config, [&] { return unit.attempts().first_attempt_stats(index.content().key); });
}

loaded_learner load_learner(unit_of_work& unit, const pack_index& index, learner_id learner,
                            std::shared_ptr<const population_priors> priors, const tutor_config& config,
                            model_cache* kept)
{
    loaded_learner loaded;
    auto profile = unit.learners().find(learner);
    const auto& pack = index.content().key;
    const auto typical = unit.progress().typical_forms(pack);
    if (profile) {
        loaded.profile = std::move(*profile);
        if (kept != nullptr) {
            if (auto model = kept->take(learner, index, loaded.profile.progress_version)) {
                loaded.model = std::move(*model);
                loaded.model.priors = std::move(priors);
                set_typical_forms(loaded.model, index, typical); // the population's, read in every unit as before
                return loaded;
            }
        }
    } else {
        loaded.profile.id = learner;
    }
    const auto memories = unit.progress().memories(learner, pack);
    const auto skills = unit.progress().skills(learner, pack);
    loaded.model = learner_model_on(std::move(priors), index, memories, skills, config, typical);
    if (auto stored = unit.learners().recall_model(learner)) {
        loaded.model.recall = stored->model;
    }
    if (config.grade_by_response_time) {
        const auto newest_first = unit.attempts().recent_right_response_times(learner, config.response_time.window);
        loaded.model.recent_right_times.assign(newest_first.rbegin(), newest_first.rend());
    }
    return loaded;
}

void keep_learner(model_cache& kept, const pack_index& index, loaded_learner&& loaded)
{
    kept.keep(loaded.profile.id, index, loaded.profile.progress_version, std::move(loaded.model));
}

void save_answer(unit_of_work& unit, const pack_index& index, learner_id learner, loaded_learner& loaded,
                 const answer_effect& effect, instant now)
{
    const auto& pack = index.content().key;
    unit.progress().save_memory(learner, pack, loaded.model.memory[effect.question]);
    for (const auto q : effect.also_changed) {
        unit.progress().save_memory(learner, pack, loaded.model.memory[q]);
    }
    // In the pack's concept order (the question's group lists them sorted), whatever order the question names them
    // in: every unit then writes rows shared across learners (PostgreSQL's per-concept totals) in one order, and two
    // answers cannot deadlock on them.
    for (const auto c : index.group_concepts(index.group_of(effect.question))) {
        unit.progress().save_skill(learner, pack, loaded.model.skills[c]);
    }
    record_study_day(loaded.profile, now);
    loaded.profile.progress_version = unit.learners().save(loaded.profile);
}

attempt_record make_attempt(const pack_index& index, const idempotency_key& key, learner_id learner,
                            const answer_effect& effect, std::uint32_t chosen, std::uint32_t displayed,
                            const std::vector<std::uint32_t>& order, std::chrono::milliseconds response_time,
                            instant now)
{
    const question& item = index.at(effect.question);
    attempt_record attempt;
    attempt.key = key;
    attempt.learner = learner;
    attempt.pack = index.content().key;
    attempt.question = item.key;
    attempt.content_hash = item.content_hash;
    attempt.chosen = chosen;
    attempt.displayed_as = displayed;
    attempt.shown_order = order;
    attempt.correct = effect.correct;
    attempt.rating = effect.rating;
    attempt.first_attempt = effect.first_attempt;
    attempt.response_time = response_time;
    attempt.answered_at = now;
    attempt.next_due = effect.next_due;
    return attempt;
}

std::optional<feedback> replay_feedback(const pack_library& packs, const attempt_record& attempt, language lang)
{
    const pack_index* index = packs.find(attempt.pack);
    if (index == nullptr) {
        return std::nullopt;
    }
    const auto q = index->find(attempt.question);
    if (!q || attempt.chosen >= index->at(*q).choice_count()) {
        return std::nullopt;
    }
    auto order = attempt.shown_order;
    if (order.size() != index->at(*q).choice_count()) {
        order.clear();
        for (std::uint32_t i = 0; i < index->at(*q).choice_count(); ++i) {
            order.push_back(i);
        }
    }
    feedback told = make_feedback(*index, *q, order, attempt.chosen, lang);
    told.retry_in_session = attempt.retry_in_session;
    told.follow_up_next = attempt.follow_up.has_value();
    told.next_due = attempt.next_due;
    told.interval_days = std::max(0, fsrs::calendar_days_between(attempt.answered_at, attempt.next_due));
    told.replayed = true;
    return told;
}

} // namespace quiz::engine
