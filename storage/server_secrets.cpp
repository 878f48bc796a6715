// SPDX-License-Identifier: MIT
#include "storage/server_secrets.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

namespace quiz::storage {

std::string server_secret(SQLite::Database& db, std::string_view name, const std::function<std::string()>& generate,
                          std::int64_t now_ms)
{
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement read(db, "SELECT value FROM server_secret WHERE name = ?");
    read.bind(1, std::string(name));
    if (read.executeStep()) {
        const auto column = read.getColumn(0);
        return {static_cast<const char*>(column.getBlob()), static_cast<std::size_t>(column.getBytes())};
    }
    const auto made = generate();
    SQLite::Statement insert(db, "INSERT INTO server_secret (name, value, created_at_ms) VALUES (?, ?, ?)");
    insert.bind(1, std::string(name));
    insert.bind(2, made.data(), static_cast<int>(made.size()));
    insert.bind(3, static_cast<int64_t>(now_ms));
    insert.exec();
    tx.commit();
    return made;
}

} // namespace quiz::storage
