// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/connection.hpp"
#include "storage/review_history.hpp"

#include <functional>
#include <vector>

namespace quiz::storage::postgres {

/// storage/review_history.hpp's for_each_review on PostgreSQL: the same rows in the same order (every matching
/// attempt in time order, ties by learner id, pack, question, then the order they were recorded; text bytewise).
/// The rows are read through a cursor, a batch at a time, inside one REPEATABLE READ, READ ONLY transaction on `db`
/// (a savepoint of the one open on `db`, if any), so a whole database is never held in memory and the rows are one
/// moment's. `visit` is called once per row.
void for_each_review(connection& db, const history_filter& filter,
                     const std::function<void(const history_row&)>& visit);

/// The same rows, collected.
[[nodiscard]] std::vector<history_row> read_review_history(connection& db, const history_filter& filter);

} // namespace quiz::storage::postgres
