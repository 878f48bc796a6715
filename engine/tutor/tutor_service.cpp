// SPDX-License-Identifier: MIT
#include "engine/tutor/tutor_service.hpp"

#include "engine/learner/learner_stats.hpp"
#include "engine/learner/optimal_retention.hpp"
#include "engine/tutor/learner_loading.hpp"

namespace quiz::engine {

namespace {

session_outcome summary_outcome(const session_state& state, const pack_index& index, const loaded_learner& loaded,
                                const tutor_config& config, instant now)
{
    session_outcome outcome;
    outcome.session = state.id;
    outcome.lang = state.lang;
    outcome.pack = state.pack;
    outcome.summary = summarize(state, index, loaded.model, config, now, current_streak(loaded.profile, now));
    return outcome;
}

/// What comes next: the next question, or the session's summary once nothing is left. The caller saves `state`.
session_outcome continue_session(session_state& state, const pack_index& index, const loaded_learner& loaded,
                                 const tutor_config& config, instant now)
{
    if (auto card = present_next(state, index, loaded.model, config, now)) {
        return {session_status::ok, state.id, state.lang, std::move(card), {}, state.pack};
    }
    return summary_outcome(state, index, loaded, config, now);
}

} // namespace

tutor::tutor(unit_of_work_factory& units, const pack_library& packs, tutor_config config)
    : units_(units), packs_(packs), config_(with_target_retention(std::move(config))), models_(config_.kept_model_rows)
{
}

session_outcome tutor::start_session(const start_request& request)
{
    const pack_index* index = packs_.find(request.pack);
    if (index == nullptr) {
        return {session_status::unknown_pack, {}, request.lang.value_or(language::en), {}, {}, {}};
    }
    auto unit = units_.begin();
    if (auto active = unit->sessions().active_for(request.learner)) {
        quiz::engine::end_session(*active);
        unit->sessions().save(*active);
    }
    auto loaded = load_learner(*unit, *index, request.learner,
                               read_priors(*unit, *index, priors_, request.now, config_), config_, &models_);
    auto options = request.options;
    if (options.length == 0 && !request.review_first.empty()) {
        options.length = static_cast<int>(request.review_first.size());
    }
    session_state state = open_session(request.learner, request.workspace, request.pack, request.where,
                                       request.lang.value_or(loaded.profile.lang), options, request.seed, request.now);
    for (const auto& question : request.review_first) {
        if (index->find(question)) {
            state.retries.push_back({question, 0});
        }
    }
    state.id = unit->sessions().add(state);
    auto outcome = continue_session(state, *index, loaded, config_, request.now);
    unit->sessions().save(state);
    unit->commit();
    keep_learner(models_, *index, std::move(loaded));
    return outcome;
}

answer_outcome tutor::answer(const answer_request& request)
{
    auto unit = units_.begin();
    answer_outcome outcome;
    auto state = unit->sessions().find(request.token.session);
    if (!state || state->learner != request.learner) {
        outcome.status = answer_status::no_session;
        return outcome;
    }
    outcome.lang = state->lang;
    outcome.pack = state->pack;
    if (auto recorded = unit->attempts().find(request.key)) {
        if (recorded->learner != request.learner) {
            outcome.status = answer_status::stale;
            return outcome;
        }
        outcome.status = answer_status::replayed;
        outcome.told = replay_feedback(packs_, *recorded, state->lang);
        return outcome;
    }
    const pack_index* index = packs_.find(state->pack);
    if (index == nullptr) {
        outcome.status = answer_status::no_session;
        return outcome;
    }
    switch (check_answer(*state, request.token, request.displayed, *index)) {
    case answer_check::accepted:
        break;
    case answer_check::stale:
        outcome.status = answer_status::stale;
        return outcome;
    case answer_check::invalid_choice:
        outcome.status = answer_status::invalid_choice;
        return outcome;
    case answer_check::ended:
        outcome.status = answer_status::ended;
        return outcome;
    }

    auto loaded = load_learner(*unit, *index, request.learner,
                               read_priors(*unit, *index, priors_, request.now, config_), config_, &models_);
    const auto order = state->current->order;
    const auto result = answer_current(*state, *index, loaded.model, request.displayed, request.now, config_);
    save_answer(*unit, *index, request.learner, loaded, result.effect, request.now);

    attempt_record attempt = make_attempt(*index, request.key, request.learner, result.effect, result.chosen,
                                          request.displayed, order, result.response_time, request.now);
    attempt.workspace = state->workspace;
    attempt.where = state->where;
    attempt.session = state->id;
    attempt.retry_in_session = result.told.retry_in_session;
    if (result.told.follow_up_next) {
        // What this answer told: a follow-up still pending from an earlier answer (a retry came first) is not this
        // answer's, and a replay shows exactly what the answer was told.
        attempt.follow_up = state->follow_up;
    }
    unit->attempts().append(attempt);
    if (request.then_next) {
        outcome.next = continue_session(*state, *index, loaded, config_, request.now);
    }
    unit->sessions().save(*state);
    unit->commit();
    keep_learner(models_, *index, std::move(loaded));
    if (listener_ != nullptr) {
        listener_->answered(request.learner);
    }

    outcome.status = answer_status::accepted;
    outcome.told = result.told;
    return outcome;
}

session_outcome tutor::next_question(learner_id learner, session_id session, instant now)
{
    auto unit = units_.begin();
    auto state = unit->sessions().find(session);
    if (!state || state->learner != learner) {
        return {session_status::no_session, session, language::en, {}, {}, {}};
    }
    const pack_index* index = packs_.find(state->pack);
    if (index == nullptr) {
        return {session_status::unknown_pack, session, state->lang, {}, {}, state->pack};
    }
    auto loaded =
        load_learner(*unit, *index, learner, read_priors(*unit, *index, priors_, now, config_), config_, &models_);
    if (state->phase == session_phase::asking && state->current) {
        session_outcome shown{
            session_status::ok, session, state->lang, current_card(*state, *index, loaded.model, config_, now), {},
            state->pack};
        keep_learner(models_, *index, std::move(loaded)); // read only: the version read is the learner's
        return shown;
    }
    auto outcome = continue_session(*state, *index, loaded, config_, now);
    unit->sessions().save(*state);
    unit->commit();
    keep_learner(models_, *index, std::move(loaded));
    return outcome;
}

session_outcome tutor::end_session(learner_id learner, session_id session, instant now)
{
    auto unit = units_.begin();
    auto state = unit->sessions().find(session);
    if (!state || state->learner != learner) {
        return {session_status::no_session, session, language::en, {}, {}, {}};
    }
    const pack_index* index = packs_.find(state->pack);
    if (index == nullptr) {
        return {session_status::unknown_pack, session, state->lang, {}, {}, state->pack};
    }
    auto loaded =
        load_learner(*unit, *index, learner, read_priors(*unit, *index, priors_, now, config_), config_, &models_);
    quiz::engine::end_session(*state);
    unit->sessions().save(*state);
    auto outcome = summary_outcome(*state, *index, loaded, config_, now);
    unit->commit();
    keep_learner(models_, *index, std::move(loaded));
    return outcome;
}

std::optional<active_session> tutor::active(learner_id learner)
{
    auto unit = units_.begin();
    const auto state = unit->sessions().active_for(learner);
    if (!state) {
        return std::nullopt;
    }
    return active_session{state->id, state->pack, state->sequence};
}

std::optional<learner_stats> tutor::stats(learner_id learner, const pack_key& pack, instant now,
                                          std::optional<language> lang)
{
    const pack_index* index = packs_.find(pack);
    if (index == nullptr) {
        return std::nullopt;
    }
    auto unit = units_.begin();
    auto loaded =
        load_learner(*unit, *index, learner, read_priors(*unit, *index, priors_, now, config_), config_, &models_);
    auto stats = compute_stats(*index, loaded.model, loaded.profile, config_, now, lang.value_or(loaded.profile.lang));
    keep_learner(models_, *index, std::move(loaded)); // read only: the version read is the learner's
    return stats;
}

} // namespace quiz::engine
