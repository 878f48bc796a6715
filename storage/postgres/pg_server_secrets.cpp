// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_server_secrets.hpp"

#include "storage/postgres/transaction.hpp"

#include <stdexcept>

namespace quiz::storage::postgres {

namespace {

constexpr statement server_secret_read{"server_secret_read", "SELECT value FROM server_secret WHERE name = $1"};
constexpr statement server_secret_keep{"server_secret_keep",
                                       "INSERT INTO server_secret (name, value, created_at_ms) VALUES ($1, $2, $3)"
                                       " ON CONFLICT (name) DO NOTHING"};

} // namespace

std::string server_secret(std::string_view name, const std::function<std::string()>& generate, std::int64_t now_ms)
{
    connection& db = current_connection();
    const result kept = db.run(server_secret_read, params().add(name));
    if (!kept.empty()) {
        return kept.bytes(0, 0);
    }
    db.run(server_secret_keep, params().add(name).bytes(generate()).add(now_ms));
    // Ours, or another node's that committed first: this statement's snapshot sees either.
    const result winner = db.run(server_secret_read, params().add(name));
    if (winner.empty()) {
        throw std::logic_error("the server secret '" + std::string(name) + "' was neither kept nor found");
    }
    return winner.bytes(0, 0);
}

} // namespace quiz::storage::postgres
