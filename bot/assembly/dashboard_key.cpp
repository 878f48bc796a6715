// SPDX-License-Identifier: MIT
#include "bot/assembly/dashboard_key.hpp"

#include <openssl/rand.h>

#include <stdexcept>

namespace quiz::bot::assembly {

std::string dashboard_key(const secret& configured, storage_engine& storage, engine::instant now)
{
    if (!configured.empty()) {
        return configured.reveal();
    }
    return storage.kept_secret(
        "report_links",
        [] {
            std::string key(32, '\0');
            if (RAND_bytes(reinterpret_cast<unsigned char*>(key.data()), static_cast<int>(key.size())) != 1) {
                throw std::runtime_error("no random bytes for the report links' key");
            }
            return key;
        },
        now);
}

} // namespace quiz::bot::assembly
