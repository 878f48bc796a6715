// SPDX-License-Identifier: MIT
#include "engine/rounds/round_service.hpp"

#include "engine/learner/optimal_retention.hpp"
#include "engine/tutor/learner_loading.hpp"
#include "engine/tutor/session.hpp"

namespace quiz::engine {

namespace {

round_outcome describe(const round_state& state, const pack_index& index, instant now)
{
    round_outcome outcome;
    outcome.round = state.id;
    outcome.lang = state.lang;
    outcome.host = state.host;
    outcome.channel = state.channel;
    outcome.pack = state.pack;
    if (state.question) {
        outcome.card = round_card(state, index);
    }
    outcome.number = static_cast<int>(state.asked.size());
    outcome.questions = state.options.questions;
    for (const auto& player : state.players) {
        outcome.players.push_back(player.learner);
    }
    switch (state.phase) {
    case round_phase::open:
        outcome.view = view_round(state, index, now);
        break;
    case round_phase::closed:
        outcome.reveal = make_reveal(state, index);
        break;
    case round_phase::ended:
        outcome.ended = true;
        outcome.scores = scoreboard(state);
        if (state.question && state.closed_by) {
            outcome.reveal = make_reveal(state, index);
        }
        break;
    }
    return outcome;
}

/// describe, with the hardest question once the round has ended (read from the attempt log).
round_outcome describe_in(unit_of_work& unit, const round_state& state, const pack_index& index, instant now)
{
    auto outcome = describe(state, index, now);
    if (outcome.ended) {
        outcome.hardest = hardest_question(unit.rounds().round_attempts(state.id));
    }
    return outcome;
}

/// The stored round and its pack, or why not.
struct loaded_round {
    std::optional<round_state> state;
    const pack_index* index = nullptr;
    round_status status = round_status::ok;
};

loaded_round load_round(unit_of_work& unit, const pack_library& packs, round_id round)
{
    loaded_round loaded;
    loaded.state = unit.rounds().find(round);
    if (!loaded.state) {
        loaded.status = round_status::no_round;
        return loaded;
    }
    loaded.index = packs.find(loaded.state->pack);
    if (loaded.index == nullptr) {
        loaded.status = round_status::unknown_pack;
    }
    return loaded;
}

round_outcome failure(round_status status, round_id round)
{
    round_outcome outcome;
    outcome.status = status;
    outcome.round = round;
    return outcome;
}

/// Opens the next question with every player's model; ends the round when there is none.
void ask_with_models(unit_of_work& unit, round_state& state, const pack_index& index, priors_cache& priors,
                     const tutor_config& config, instant now)
{
    const auto priors_now = read_priors(unit, index, priors, now, config);
    std::vector<learner_model> models;
    models.reserve(state.players.size());
    for (const auto& player : state.players) {
        models.push_back(load_learner(unit, index, player.learner, priors_now, config).model);
    }
    std::vector<const learner_model*> members;
    for (const auto& model : models) {
        members.push_back(&model);
    }
    (void)ask_next(state, index, members, config, now);
}

} // namespace

group_tutor::group_tutor(unit_of_work_factory& units, const pack_library& packs, tutor_config config)
    : units_(units), packs_(packs), config_(with_target_retention(std::move(config)))
{
}

round_outcome group_tutor::start(const round_start_request& request)
{
    const pack_index* index = packs_.find(request.pack);
    if (index == nullptr) {
        return failure(round_status::unknown_pack, {});
    }
    auto unit = units_.begin();
    if (auto active = unit->rounds().active_in(request.workspace, request.channel)) {
        return failure(round_status::busy, active->id);
    }
    round_state state = open_round(request.workspace, request.channel, request.host, request.pack, request.lang,
                                   request.options, request.seed, request.now, request.members);
    state.id = unit->rounds().add(state);
    ask_with_models(*unit, state, *index, priors_, config_, request.now);
    unit->rounds().save(state);
    unit->commit();
    return describe(state, *index, request.now);
}

round_outcome group_tutor::join(round_id round, learner_id learner, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    if (state->phase == round_phase::ended) {
        return failure(round_status::ended, round);
    }
    join_round(*state, learner, now);
    unit->rounds().save(*state);
    unit->commit();
    return describe(*state, *index, now);
}

round_answer_outcome group_tutor::answer(const round_answer_request& request)
{
    auto unit = units_.begin();
    round_answer_outcome outcome;
    auto state = unit->rounds().find(request.token.round);
    if (!state) {
        outcome.status = round_answer_status::stale;
        return outcome;
    }
    outcome.lang = state->lang;
    const pack_index* index = packs_.find(state->pack);
    if (index == nullptr) {
        outcome.status = round_answer_status::ended;
        return outcome;
    }
    if (auto recorded = unit->attempts().find(request.key)) {
        outcome.status = recorded->learner == request.learner ? round_answer_status::accepted
                                                              : round_answer_status::stale;
        if (recorded->learner == request.learner) {
            outcome.replayed = true;
            outcome.told = replay_feedback(packs_, *recorded, state->lang);
        }
        return outcome;
    }
    outcome.status = check_round_answer(*state, request.learner, request.token, request.displayed, request.now);
    if (outcome.status != round_answer_status::accepted) {
        // A late answer may be the event that notices the deadline: close and reveal for everyone.
        if (close_if_due(*state, request.now)) {
            unit->rounds().save(*state);
            unit->commit();
            outcome.reveal = make_reveal(*state, *index);
        }
        return outcome;
    }

    const auto q = *index->find(*state->question);
    auto loaded = load_learner(*unit, *index, request.learner,
                               read_priors(*unit, *index, priors_, request.now, config_), config_);
    const round_answer given = submit_answer(*state, *index, request.learner, request.displayed, request.now);
    const auto effect = apply_answer(*index, loaded.model, q, given.chosen, request.now, config_);
    save_answer(*unit, *index, request.learner, loaded, effect, request.now);

    attempt_record attempt = make_attempt(*index, request.key, request.learner, effect, given.chosen, request.displayed,
                                          state->order, given.response_time, request.now);
    attempt.workspace = state->workspace;
    attempt.where = venue::group_round;
    attempt.round = state->id;
    unit->attempts().append(attempt);
    unit->rounds().save(*state);
    unit->commit();
    if (listener_ != nullptr) {
        listener_->answered(request.learner);
    }

    feedback told = make_feedback(*index, q, state->order, given.chosen, state->lang);
    told.interval_days = effect.interval_days;
    told.next_due = effect.next_due;
    outcome.told = std::move(told);
    outcome.view = view_round(*state, *index, request.now);
    if (state->phase == round_phase::closed) {
        outcome.reveal = make_reveal(*state, *index);
    }
    return outcome;
}

round_outcome group_tutor::tick(round_id round, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    const bool closed_now = close_if_due(*state, now);
    if (closed_now) {
        unit->rounds().save(*state);
        unit->commit();
    }
    auto outcome = describe(*state, *index, now);
    outcome.changed = closed_now;
    return outcome;
}

round_outcome group_tutor::reveal(round_id round, learner_id by, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    const auto revealed = reveal_by_host(*state, by);
    switch (revealed) {
    case reveal_status::not_host:
        return failure(round_status::not_host, round);
    case reveal_status::not_open:
        break;
    case reveal_status::revealed:
        unit->rounds().save(*state);
        unit->commit();
        break;
    }
    auto outcome = describe(*state, *index, now);
    outcome.changed = revealed == reveal_status::revealed;
    return outcome;
}

round_outcome group_tutor::next(round_id round, learner_id by, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    if (by != state->host) {
        return failure(round_status::not_host, round);
    }
    if (state->phase == round_phase::ended) {
        return describe_in(*unit, *state, *index, now);
    }
    ask_with_models(*unit, *state, *index, priors_, config_, now);
    unit->rounds().save(*state);
    auto outcome = describe_in(*unit, *state, *index, now); // before the commit, which ends the unit
    unit->commit();
    return outcome;
}

round_outcome group_tutor::end(round_id round, learner_id by, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    if (by != state->host) {
        return failure(round_status::not_host, round);
    }
    end_round(*state);
    unit->rounds().save(*state);
    auto outcome = describe_in(*unit, *state, *index, now); // before the commit, which ends the unit
    unit->commit();
    return outcome;
}

round_outcome group_tutor::look(round_id round, learner_id learner, language lang, instant now)
{
    auto unit = units_.begin();
    auto [state, index, status] = load_round(*unit, packs_, round);
    if (status != round_status::ok) {
        return failure(status, round);
    }
    auto outcome = describe_in(*unit, *state, *index, now);
    outcome.mine = judged_answer(*state, *index, learner, lang);
    return outcome;
}

std::vector<question_key> group_tutor::misses(round_id round, learner_id learner)
{
    auto unit = units_.begin();
    return missed_by(unit->rounds().round_attempts(round), learner);
}

std::vector<round_deadline> group_tutor::open_deadlines()
{
    auto unit = units_.begin();
    return unit->rounds().open_deadlines();
}

} // namespace quiz::engine
