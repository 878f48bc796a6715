// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/connection.hpp"

#include <cstddef>
#include <functional>
#include <string_view>

namespace quiz::storage::postgres {

/// The connection whose transaction is open on the calling thread. The stores run their statements on it: the
/// engine's ports take no connection, and on PostgreSQL each unit of the action queue runs on a pooled connection
/// of its own, on a worker thread of its own. Throws std::logic_error outside a transaction.
[[nodiscard]] connection& current_connection();

/// Whether the calling thread has a transaction open.
[[nodiscard]] bool in_transaction() noexcept;

/// Runs `then` on the calling thread once its outermost transaction has committed, and never if that transaction,
/// or the savepoint open when this was called, rolls back: for caches of what the transaction read or wrote, which
/// must not outlive a rollback. Throws std::logic_error outside a transaction.
void after_commit(std::function<void()> then);

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
    std::size_t first_hook_; ///< after_commit's callbacks from this one on were registered inside this transaction
    bool done_ = false;
};

} // namespace quiz::storage::postgres
