// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/learner/learner_model.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

namespace quiz::engine {

/// Learners' models kept between their actions, so that an action of a learner who has met thousands of a pack's
/// questions neither reads nor lays out their rows again. A model is kept at the learner's progress_version its
/// unit left (learner_store::save gives a new one at every change) and given back only to an action whose own unit
/// reads that same version: a change by another node, a refit or `quizbot forget` makes it a miss, never a stale
/// model. Bounded by the memory rows the kept models hold; the one kept longest ago goes first.
class model_cache {
public:
    /// `max_rows`: most question memories held over all models (0 keeps none).
    explicit model_cache(std::size_t max_rows) : max_rows_(max_rows) {}

    /// The model of `learner` in `index` kept at `version`, taken out (an action of the same learner on another
    /// thread meanwhile loads it from storage); nullopt when none is.
    [[nodiscard]] std::optional<learner_model> take(learner_id learner, const pack_index& index, std::uint64_t version);

    /// Keeps `model` as the learner's in `index` at `version`: call it once the unit that left the learner at
    /// `version` committed. Replaces what was kept for them in that pack.
    void keep(learner_id learner, const pack_index& index, std::uint64_t version, learner_model model);

    struct counts {
        std::uint64_t hits = 0;
        std::uint64_t misses = 0;
        std::size_t models = 0;
        std::size_t rows = 0;
    };
    [[nodiscard]] counts counted() const;

private:
    using key = std::pair<std::int64_t, const pack_index*>;
    struct key_hash {
        std::size_t operator()(const key& k) const noexcept
        {
            return std::hash<std::int64_t>{}(k.first) ^ (std::hash<const void*>{}(k.second) << 1U);
        }
    };
    struct kept {
        key who;
        std::uint64_t version = 0;
        std::size_t rows = 0; ///< counted against max_rows_
        learner_model model;
    };

    void drop(std::list<kept>::iterator it);

    std::size_t max_rows_;
    mutable std::mutex mutex_;
    std::list<kept> newest_first_;
    std::unordered_map<key, std::list<kept>::iterator, key_hash> by_learner_;
    counts counts_;
};

} // namespace quiz::engine
