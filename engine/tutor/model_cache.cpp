// SPDX-License-Identifier: MIT
#include "engine/tutor/model_cache.hpp"

namespace quiz::engine {

namespace {

/// What a model counts against the bound: its memory rows, and one for the rest (skills, recall model).
std::size_t rows_of(const learner_model& model) noexcept { return model.memory.stored() + 1; }

} // namespace

std::optional<learner_model> model_cache::take(learner_id learner, const pack_index& index, std::uint64_t version)
{
    const std::lock_guard lock(mutex_);
    const auto found = by_learner_.find({learner.value(), &index});
    if (found == by_learner_.end() || found->second->version != version) {
        counts_.misses += 1;
        return std::nullopt;
    }
    counts_.hits += 1;
    auto model = std::move(found->second->model);
    drop(found->second);
    return model;
}

void model_cache::keep(learner_id learner, const pack_index& index, std::uint64_t version, learner_model model)
{
    const std::size_t rows = rows_of(model);
    if (rows > max_rows_) {
        return;
    }
    const std::lock_guard lock(mutex_);
    const key who{learner.value(), &index};
    if (const auto found = by_learner_.find(who); found != by_learner_.end()) {
        drop(found->second);
    }
    while (counts_.rows + rows > max_rows_) {
        drop(std::prev(newest_first_.end()));
    }
    newest_first_.push_front({who, version, rows, std::move(model)});
    by_learner_.emplace(who, newest_first_.begin());
    counts_.rows += rows;
    counts_.models += 1;
}

model_cache::counts model_cache::counted() const
{
    const std::lock_guard lock(mutex_);
    return counts_;
}

void model_cache::drop(std::list<kept>::iterator it)
{
    counts_.rows -= it->rows;
    counts_.models -= 1;
    by_learner_.erase(it->who);
    newest_first_.erase(it);
}

} // namespace quiz::engine
