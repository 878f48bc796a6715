// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <cstdint>

namespace quiz::storage::postgres {

/// Erases playground learners who never came back (storage/expire_web_learners.hpp's twin): web learners all of
/// whose activity (sessions started, answers) falls within one day of their first, the last of it before
/// `idle_before_ms`, the longest idle first. At most `limit` of them, each as forget-me erases (pg_forget), inside
/// the transaction open on the calling thread. Learners with no session and no answer are left. The candidates'
/// rows are claimed with FOR UPDATE SKIP LOCKED: nodes sweeping at once erase different learners, and a learner
/// whose unit is running (it holds their row) is left for a later sweep. Returns how many were erased.
[[nodiscard]] std::int64_t expire_web_learners(std::int64_t idle_before_ms, int limit);

/// The engine's idle_learner_expiry on PostgreSQL: expire_web_learners in the caller's unit. Holds no connection;
/// thread-safe.
class pg_expire_web_learners final : public engine::idle_learner_expiry {
public:
    std::int64_t expire(engine::instant idle_before, int limit) override;
};

} // namespace quiz::storage::postgres
