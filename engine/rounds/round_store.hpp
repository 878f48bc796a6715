// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"
#include "engine/rounds/group_round.hpp"

#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// The rounds' port, reached through unit_of_work::rounds() (engine/tutor/ports.hpp) under the same contracts.

/// Group rounds. A channel has at most one active (not ended) round.
class round_store {
public:
    virtual ~round_store() = default;
    /// Stores a new round and returns its id (`state.id` is ignored).
    virtual round_id add(const round_state& state) = 0;
    [[nodiscard]] virtual std::optional<round_state> find(round_id id) = 0;
    /// The channel's round whose phase is not ended, if any.
    [[nodiscard]] virtual std::optional<round_state> active_in(workspace_id workspace, const std::string& channel) = 0;
    /// Replaces the stored state of `state.id` (which must exist).
    virtual void save(const round_state& state) = 0;
    /// Every round with a question open, and when it closes: what the server's timers wait for after a restart.
    [[nodiscard]] virtual std::vector<round_deadline> open_deadlines() = 0;
    /// Every answer given in the round, in the order they were given.
    [[nodiscard]] virtual std::vector<round_attempt> round_attempts(round_id round) = 0;
};

} // namespace quiz::engine
