// SPDX-License-Identifier: MIT
#include "engine/learner/priors_cache.hpp"

namespace quiz::engine {

std::shared_ptr<const population_priors> priors_cache::priors(const pack_index& index, instant now,
                                                              const tutor_config& config,
                                                              const std::function<std::vector<question_stats>()>& read)
{
    {
        const std::lock_guard lock(mutex_);
        const auto kept = by_pack_.find(index.content().key.value());
        if (kept != by_pack_.end() && kept->second.index == &index && now >= kept->second.read_at &&
            now - kept->second.read_at < config.population_fresh_for) {
            return kept->second.priors;
        }
    }
    auto population = read(); // outside the lock: on PostgreSQL other workers' actions go on meanwhile
    const std::lock_guard lock(mutex_);
    auto& cached = by_pack_[index.content().key.value()];
    if (cached.priors == nullptr || cached.index != &index || cached.from != population) {
        cached.priors = make_population_priors(index, population, config);
        cached.index = &index;
        cached.from = std::move(population);
    }
    cached.read_at = now;
    return cached.priors;
}

} // namespace quiz::engine
