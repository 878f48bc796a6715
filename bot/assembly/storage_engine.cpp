// SPDX-License-Identifier: MIT
#include "bot/assembly/storage_engine.hpp"

#include "bot/assembly/postgres_engine.hpp"
#include "bot/assembly/sqlite_engine.hpp"

namespace quiz::bot::assembly {

std::unique_ptr<storage_engine> open_storage(const storage_settings& settings)
{
    // The engine is chosen by the location's form: a postgresql:// URI, else a SQLite file's path.
    try {
        if (names_postgres(settings.location)) {
            return std::make_unique<postgres_engine>(settings);
        }
        return std::make_unique<sqlite_engine>(settings);
    } catch (const database_unavailable&) {
        throw;
    } catch (const std::exception& e) {
        throw database_unavailable(e.what());
    }
}

} // namespace quiz::bot::assembly
