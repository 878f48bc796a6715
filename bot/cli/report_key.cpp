// SPDX-License-Identifier: MIT
#include "bot/cli/report_key.hpp"

#include "storage/server_secrets.hpp"

#include <openssl/rand.h>

#include <stdexcept>

namespace quiz::bot::cli {

std::string report_key(const secret& configured, SQLite::Database& db, std::int64_t now_ms)
{
    if (!configured.empty()) {
        return configured.reveal();
    }
    return storage::server_secret(
        db, "report_links",
        [] {
            std::string key(32, '\0');
            if (RAND_bytes(reinterpret_cast<unsigned char*>(key.data()), static_cast<int>(key.size())) != 1) {
                throw std::runtime_error("no random bytes for the report links' key");
            }
            return key;
        },
        now_ms);
}

} // namespace quiz::bot::cli
