// SPDX-License-Identifier: MIT
#pragma once

#include <SQLiteCpp/Statement.h>

namespace quiz::storage {

/// One use of a statement prepared once by its store. On scope exit, also after an exception, the statement is
/// reset and its bindings cleared: reset() alone keeps the previous values bound, which a later use that binds
/// fewer parameters would silently reuse.
class statement_use {
public:
    explicit statement_use(SQLite::Statement& statement) noexcept : statement_(statement) {}
    statement_use(const statement_use&) = delete;
    statement_use& operator=(const statement_use&) = delete;
    ~statement_use()
    {
        statement_.tryReset();
        try {
            statement_.clearBindings();
        } catch (...) { // sqlite3_clear_bindings cannot fail; the wrapper's signature only says it might
        }
    }

    SQLite::Statement& operator*() const noexcept { return statement_; }
    SQLite::Statement* operator->() const noexcept { return &statement_; }

private:
    SQLite::Statement& statement_;
};

} // namespace quiz::storage
