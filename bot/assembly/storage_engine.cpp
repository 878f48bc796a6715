// SPDX-License-Identifier: MIT
#include "bot/assembly/storage_engine.hpp"

#include "bot/assembly/sqlite_engine.hpp"

namespace quiz::bot::assembly {

std::unique_ptr<storage_engine> open_storage(const storage_settings& settings)
{
    // Where another engine plugs in: chosen by the location's form (a postgresql:// URL), behind the same ports.
    try {
        return std::make_unique<sqlite_engine>(settings);
    } catch (const database_unavailable&) {
        throw;
    } catch (const std::exception& e) {
        throw database_unavailable(e.what());
    }
}

} // namespace quiz::bot::assembly
