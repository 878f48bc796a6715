// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace quiz::engine {

/// Each pack's population priors, shared by the actions of every thread. They are kept for
/// config.population_fresh_for of the actions' time (`now`), then the figures are read again and the priors made
/// again only when the figures changed: an action neither reads one row per question of the pack nor computes a
/// prior for each.
class priors_cache {
public:
    /// The priors of `index` at `now`: the kept ones while fresh, else made from `read()` (the pack's first-attempt
    /// figures, read in the calling action's unit).
    [[nodiscard]] std::shared_ptr<const population_priors>
    priors(const pack_index& index, instant now, const tutor_config& config,
           const std::function<std::vector<question_stats>()>& read);

private:
    struct entry {
        const pack_index* index = nullptr;
        instant read_at;
        std::vector<question_stats> from;
        std::shared_ptr<const population_priors> priors;
    };
    std::mutex mutex_;
    std::unordered_map<std::string, entry> by_pack_;
};

} // namespace quiz::engine
