// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace quiz::storage::postgres {

/// A statement or a connection failed. `sqlstate` is PostgreSQL's five-character error code ("" when the connection
/// itself failed before the server answered); `what()` is the server's message, never a credential.
class pg_error : public std::runtime_error {
public:
    pg_error(std::string sqlstate, const std::string& message)
        : std::runtime_error(message), sqlstate_(std::move(sqlstate))
    {
    }
    [[nodiscard]] const std::string& sqlstate() const noexcept { return sqlstate_; }

    /// Serialization failure or deadlock: the transaction did nothing and may be run again.
    [[nodiscard]] bool retryable() const noexcept { return sqlstate_ == "40001" || sqlstate_ == "40P01"; }
    /// The connection is gone or the server is shutting down or starting: a new connection may succeed later.
    [[nodiscard]] bool connection_lost() const noexcept
    {
        const std::string_view s = sqlstate_;
        return s.empty() || s.starts_with("08") || s == "57P01" || s == "57P02" || s == "57P03";
    }

private:
    std::string sqlstate_;
};

} // namespace quiz::storage::postgres
