// SPDX-License-Identifier: MIT
#pragma once

#include "storage/forget.hpp"
#include "storage/postgres/connection.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace quiz::storage::postgres {

/// Erases everything the database holds about one learner (storage/forget.hpp's erase_learner on PostgreSQL: the
/// same tables in the same order, the same counts, and group rounds' states rewritten without them), inside the
/// transaction open on the calling thread, so that it commits with the caller's unit. The learner's row is locked
/// first: their units in flight finish before, and none starts until the erasure commits. Learner ids come from a
/// sequence and are never reused. The deleted rows' old versions stay in the table files until vacuum reclaims
/// them, and in backups and the WAL archive. nullopt when no learner has that platform and external id.
[[nodiscard]] std::optional<std::vector<erased_rows>> erase_learner(std::string_view platform,
                                                                    std::string_view external_id);

/// erase_learner in a transaction of its own on `db` (`quizbot forget`); nullopt, changing nothing, for an unknown
/// learner.
[[nodiscard]] std::optional<std::vector<erased_rows>> forget_learner(connection& db, std::string_view platform,
                                                                     std::string_view external_id);

} // namespace quiz::storage::postgres
