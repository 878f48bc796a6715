// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/pg_error.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

struct pg_conn;
struct pg_result;

namespace quiz::storage::postgres {

/// A statement a store runs, prepared on each connection the first time it runs there. Stores define them as
/// constants with static storage: the connection remembers which it prepared by address.
struct statement {
    std::string_view name;
    std::string_view sql;
};

/// A statement's parameters, in libpq's text format. Null is std::nullopt or null().
class params {
public:
    params() = default;
    params& add(std::int64_t value);
    params& add(int value) { return add(static_cast<std::int64_t>(value)); }
    params& add(double value);
    params& add(std::string_view value);
    params& add(const std::string& value) { return add(std::string_view(value)); }
    params& add(const char* value) { return add(std::string_view(value)); }
    template <class T>
    params& add(const std::optional<T>& value)
    {
        return value ? add(*value) : null();
    }
    params& null();
    /// Bytes, sent as bytea in binary format.
    params& bytes(std::string_view value);

    [[nodiscard]] int size() const noexcept { return static_cast<int>(values_.size()); }

private:
    friend class connection;
    std::vector<std::string> values_;
    std::vector<bool> nulls_;
    std::vector<bool> binary_;
};

/// A statement's result rows. Columns are read by index, in the order the statement selects them.
class result {
public:
    explicit result(pg_result* raw);
    [[nodiscard]] int rows() const noexcept;
    [[nodiscard]] int columns() const noexcept;
    /// What a column holds, from its PostgreSQL type (bigint and integer, double precision, text, bytea).
    enum class kind : unsigned char { integer, real, text, bytes, other };
    [[nodiscard]] kind column_kind(int column) const;
    [[nodiscard]] bool empty() const noexcept { return rows() == 0; }
    [[nodiscard]] bool is_null(int row, int column) const;
    [[nodiscard]] std::string_view text(int row, int column) const;
    [[nodiscard]] std::int64_t int64(int row, int column) const;
    [[nodiscard]] double real(int row, int column) const;
    [[nodiscard]] std::optional<std::int64_t> optional_int64(int row, int column) const;
    [[nodiscard]] std::optional<std::string> optional_text(int row, int column) const;
    /// A bytea column (selected in libpq's text format, hex-escaped) as bytes.
    [[nodiscard]] std::string bytes(int row, int column) const;
    /// Rows changed by an INSERT, UPDATE or DELETE.
    [[nodiscard]] std::int64_t affected() const;

private:
    struct release {
        void operator()(pg_result* r) const noexcept;
    };
    std::unique_ptr<pg_result, release> raw_;
};

/// One libpq connection, used by one thread at a time. Statements are prepared on it the first time they run.
/// Failures throw pg_error; after connection_lost() the connection is unusable (the pool drops it).
class connection {
public:
    /// Connects to `uri` (any libpq connection string or URI). Throws pg_error; its message never holds the password.
    explicit connection(const std::string& uri);
    ~connection();
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;

    /// Runs `s` with `p`, preparing it first on this connection if needed.
    result run(const statement& s, const params& p = {});
    /// Runs SQL text without parameters (migrations, cursors: several statements allowed). What is deferred is
    /// sent first.
    result exec(std::string_view sql);

    /// Queues `s` with `p` unsent: it goes on the next round trip, ahead of the statement whose result is asked for
    /// (run, exec) or at sync(), in the order queued. For the statements whose result nobody reads (writes, the
    /// lock a read waits behind, transaction control), so that a unit's statements travel together rather than one
    /// round trip each (libpq's pipeline mode). A deferred statement's failure is thrown by the call that sends it,
    /// and the statements queued after it in that trip do not run.
    void defer(const statement& s, params p = {});
    /// As defer(), for a write that must change a row (an UPDATE of a row the unit read): when it changes none, the
    /// call that sends it throws std::logic_error(`none_changed`).
    void defer_changing(const statement& s, params p, std::string none_changed);
    /// Queues one SQL statement without parameters (transaction control), as defer() above.
    void defer(std::string sql);
    /// Whether a deferred write is waiting to have its change checked (defer_changing): a commit sends those first,
    /// so that the failed check is thrown before the transaction commits.
    [[nodiscard]] bool deferred_checks() const noexcept;
    /// Sends what is deferred and waits for it.
    void sync();
    /// Drops what is deferred, unsent: a transaction rolled back before it told the server anything.
    void discard() noexcept { deferred_.clear(); }
    /// Whether the server has a transaction open on this connection (idle in one, or failed in one).
    [[nodiscard]] bool transaction_open() const noexcept;

    /// Whether a statement failed in the transaction open on it: PostgreSQL then refuses everything but a rollback,
    /// and would answer COMMIT by rolling back without an error.
    [[nodiscard]] bool transaction_failed() const noexcept;
    /// Whether the last failure left the connection unusable.
    [[nodiscard]] bool broken() const noexcept { return broken_; }
    /// The server's version, as PostgreSQL prints it ("15.18").
    [[nodiscard]] std::string server_version() const;

private:
    struct deferred_statement {
        const statement* prepared; ///< null for SQL text
        std::string text;
        params values;
        std::string none_changed; ///< defer_changing's message; empty for no check
    };
    result checked(pg_result* raw);
    /// Sends the deferred statements, then `last` (if any), in one pipeline; returns `last`'s result.
    result send_deferred(const statement* last, const params* last_values);
    pg_conn* raw_ = nullptr;
    std::unordered_set<const statement*> prepared_;
    std::vector<deferred_statement> deferred_;
    bool broken_ = false;
};

} // namespace quiz::storage::postgres
