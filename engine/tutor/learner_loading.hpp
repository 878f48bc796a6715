// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/priors_cache.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/tutor/model_cache.hpp"
#include "engine/tutor/ports.hpp"

#include <memory>
#include <optional>

namespace quiz::engine {

// The load and save steps the use cases share, inside one unit of work.

struct loaded_learner {
    learner_profile profile;
    learner_model model;
};

/// The learner's profile (a default one for a learner without a profile yet) and model in the pack, on the pack's
/// population `priors`: the model `kept` holds at the profile's progress_version when there is one, else read from
/// the unit. Give it back with keep_learner once the unit committed.
[[nodiscard]] loaded_learner load_learner(unit_of_work& unit, const pack_index& index, learner_id learner,
                                          std::shared_ptr<const population_priors> priors, const tutor_config& config,
                                          model_cache* kept = nullptr);

/// Keeps the loaded model in `kept` at the version the unit left the learner at: call it after the unit committed
/// (or, for a unit that wrote nothing of the learner's, instead of committing).
void keep_learner(model_cache& kept, const pack_index& index, loaded_learner&& loaded);

/// The pack's population priors at `now`: `cache`'s while fresh, else from the figures this unit reads.
[[nodiscard]] std::shared_ptr<const population_priors>
read_priors(unit_of_work& unit, const pack_index& index, priors_cache& cache, instant now, const tutor_config& config);

/// Saves what an answer changed (memories of the question and of any question whose misconception it cleared,
/// skills of its concepts) and counts the study day.
void save_answer(unit_of_work& unit, const pack_index& index, learner_id learner, loaded_learner& loaded,
                 const answer_effect& effect, instant now);

/// The attempt to log for an answer.
[[nodiscard]] attempt_record make_attempt(const pack_index& index, const idempotency_key& key, learner_id learner,
                                          const answer_effect& effect, std::uint32_t chosen, std::uint32_t displayed,
                                          const std::vector<std::uint32_t>& order,
                                          std::chrono::milliseconds response_time, instant now);

/// The feedback recorded with an attempt, rebuilt for a repeated delivery of the same action.
[[nodiscard]] std::optional<feedback> replay_feedback(const pack_library& packs, const attempt_record& attempt,
                                                      language lang);

} // namespace quiz::engine
