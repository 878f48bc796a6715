// SPDX-License-Identifier: MIT
#include "storage/postgres/transaction.hpp"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace quiz::storage::postgres {

namespace {

thread_local connection* open_on_thread = nullptr;
thread_local int open_depth = 0;
thread_local std::vector<std::function<void()>> commit_hooks; // after_commit's, of the thread's open transaction

std::string savepoint_name(int depth) { return "unit_" + std::to_string(depth); }

} // namespace

connection& current_connection()
{
    if (open_on_thread == nullptr) {
        throw std::logic_error("a PostgreSQL store was used outside a transaction");
    }
    return *open_on_thread;
}

bool in_transaction() noexcept { return open_on_thread != nullptr; }

void after_commit(std::function<void()> then)
{
    if (open_on_thread == nullptr) {
        throw std::logic_error("after_commit outside a transaction");
    }
    commit_hooks.push_back(std::move(then));
}

transaction::transaction(connection& db, kind how)
    : db_(db), outer_(open_on_thread), depth_(open_depth), first_hook_(commit_hooks.size())
{
    if (outer_ != nullptr && outer_ != &db) {
        throw std::logic_error("a transaction on a second connection inside another on the same thread");
    }
    // Deferred: the server hears of it with the transaction's first read, or its commit, in the same round trip.
    if (outer_ != nullptr) {
        db_.defer("SAVEPOINT " + savepoint_name(depth_));
    } else {
        db_.defer(how == kind::reads ? "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY" : "BEGIN");
    }
    open_on_thread = &db_;
    open_depth = depth_ + 1;
}

transaction::~transaction()
{
    if (!done_ && !db_.broken()) {
        try {
            if (outer_ != nullptr) {
                // What the outer transaction deferred must still run; a failure of this savepoint's own deferred
                // statements is what the rollback below undoes.
                try {
                    db_.sync();
                } catch (const pg_error&) {
                }
                if (!db_.broken()) {
                    db_.exec("ROLLBACK TO SAVEPOINT " + savepoint_name(depth_) + "; RELEASE SAVEPOINT " +
                             savepoint_name(depth_));
                }
            } else {
                db_.discard(); // nothing unsent needs sending: it is all rolled back
                if (db_.transaction_open()) {
                    db_.exec("ROLLBACK");
                }
            }
        } catch (const pg_error&) {
            // The connection failed while rolling back: the server rolls back what it had; the pool drops it.
        }
    }
    if (!done_) {
        commit_hooks.erase(commit_hooks.begin() + static_cast<std::ptrdiff_t>(first_hook_), commit_hooks.end());
    }
    open_on_thread = outer_;
    open_depth = depth_;
}

void transaction::commit()
{
    if (done_) {
        throw std::logic_error("a transaction committed twice");
    }
    if (outer_ == nullptr && db_.transaction_failed()) {
        // A statement failed and its error was caught: COMMIT would roll everything back and say nothing.
        throw pg_error("25P02", "a statement of this transaction failed earlier: nothing of it was committed");
    }
    if (outer_ != nullptr) {
        db_.defer("RELEASE SAVEPOINT " + savepoint_name(depth_)); // travels with the outer transaction's commit
    } else {
        // The writes deferred and the COMMIT in one round trip; the first failure among them is thrown here, and
        // then nothing of the transaction is committed. A write whose change is checked goes first, on its own
        // trip: the COMMIT must not run when the check fails.
        if (db_.deferred_checks()) {
            db_.sync();
        }
        db_.defer("COMMIT");
        db_.sync();
    }
    done_ = true;
    // Committed: the thread's open transaction is the outer one again (none for a top-level one), at once rather
    // than when this object goes.
    open_on_thread = outer_;
    open_depth = depth_;
    if (outer_ == nullptr) {
        // Durable now: what the transaction read or wrote may be remembered.
        for (auto hooks = std::exchange(commit_hooks, {}); auto& then : hooks) {
            then();
        }
    }
}

} // namespace quiz::storage::postgres
