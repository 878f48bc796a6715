// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/connection.hpp"

#include <string_view>

namespace quiz::storage::postgres {

/// The connection whose transaction is open on the calling thread. The stores run their statements on it: the
/// engine's ports take no connection, and on PostgreSQL each unit of the action queue runs on a pooled connection
/// of its own, on a worker thread of its own. Throws std::logic_error outside a transaction.
[[nodiscard]] connection& current_connection();

/// Whether the calling thread has a transaction open.
[[nodiscard]] bool in_transaction() noexcept;

/// A transaction on `db`, the calling thread's until it is committed or destroyed (which rolls it back). Nested
/// inside the thread's open transaction, it is a savepoint of it instead.
class transaction {
public:
    /// How the outermost transaction begins: `writes` (READ COMMITTED; units serialize on the rows they lock) or
    /// `reads` (a REPEATABLE READ, READ ONLY snapshot: a report's queries all see one moment).
    enum class kind { writes, reads };

    explicit transaction(connection& db, kind how = kind::writes);
    ~transaction();
    transaction(const transaction&) = delete;
    transaction& operator=(const transaction&) = delete;

    /// Commits (or releases the savepoint). Once.
    void commit();

private:
    connection& db_;
    connection* outer_;
    int depth_;
    bool done_ = false;
};

} // namespace quiz::storage::postgres
