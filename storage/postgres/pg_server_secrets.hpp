// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace quiz::storage::postgres {

/// The server's key `name` (storage/server_secrets.hpp's twin): the one kept in the database, or, on first use,
/// `generate()`'s, stored inside the transaction open on the calling thread. Nodes starting together on one database
/// all end with the same key: the first insert wins (a concurrent one waits for it, then does nothing) and every
/// node reads the winner's back. The caller commits.
[[nodiscard]] std::string server_secret(std::string_view name, const std::function<std::string()>& generate,
                                        std::int64_t now_ms);

} // namespace quiz::storage::postgres
