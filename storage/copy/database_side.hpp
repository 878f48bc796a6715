// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace quiz::storage::copy {

/// Bytes (a BLOB, a bytea), told apart from text.
struct bytes {
    std::string data;
    friend bool operator==(const bytes&, const bytes&) = default;
};

/// One value as both engines store it: the schemas use these types only (docs/storage.md, "The schema").
using cell = std::variant<std::monostate, std::int64_t, double, std::string, bytes>;
using row = std::vector<cell>;

/// One database, as the copy reads or writes it: its tables by name, the same columns on both engines. The source is
/// read in one snapshot; the target is written in one transaction, committed by commit() (dropped: nothing).
class database_side {
public:
    virtual ~database_side() = default;
    /// Starts the snapshot (source) or the transaction (target).
    virtual void begin(bool writing) = 0;
    virtual void commit() = 0;
    [[nodiscard]] virtual std::int64_t count(const std::string& table) = 0;
    /// Every row of `table`, its `columns` in order, by the columns' order (the primary key's first).
    virtual void read(const std::string& table, const std::vector<std::string>& columns,
                      const std::function<void(const row&)>& visit) = 0;
    /// Inserts rows as they are given, ids included.
    virtual void write(const std::string& table, const std::vector<std::string>& columns,
                       const std::function<bool(row&)>& next) = 0;
    /// Removes every row (the trigger-kept totals, before the source's are copied over them).
    virtual void clear(const std::string& table) = 0;
    /// The highest id the table has ever handed out (a forgotten learner's included), 0 when none.
    [[nodiscard]] virtual std::int64_t id_floor(const std::string& table) = 0;
    /// Makes the next id the table hands out larger than `floor`.
    virtual void raise_id_floor(const std::string& table, std::int64_t floor) = 0;
    /// What the copy calls it in messages: the file, or the URI without its password.
    [[nodiscard]] virtual std::string name() const = 0;
};

/// Opens SQLite's side: the file, checked and migrated (storage::open_database). Throws storage::open_error.
[[nodiscard]] std::unique_ptr<database_side> open_sqlite_side(const std::string& path, std::string shown);
/// Opens PostgreSQL's side: a connection, the schema migrated. Throws postgres::pg_error or newer_schema.
[[nodiscard]] std::unique_ptr<database_side> open_postgres_side(const std::string& uri, std::string shown);

} // namespace quiz::storage::copy
