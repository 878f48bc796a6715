// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>

namespace quiz::storage {

enum class backup_status {
    done,
    destination_exists, ///< refused: the destination exists and overwriting was not asked for
    source_missing,     ///< there is no database at the source path (none is created)
};

struct backup_report {
    backup_status status = backup_status::done;
    std::int64_t pages = 0;
    std::uintmax_t bytes = 0;
};

/// Copies the database at `source` to `destination` with SQLite's online backup API, in one step, i.e. inside
/// one read transaction: the copy is a consistent snapshot even while other connections or processes keep
/// writing (with WAL they are not blocked). The copy is written beside the destination under a temporary name,
/// checked with `PRAGMA integrity_check`, synced, then renamed into place, so `destination` is either absent, the
/// old file, or a complete sound copy. Throws open_error for a source that is not a sound SQLite file and
/// std::runtime_error for IO failures.
[[nodiscard]] backup_report backup_database(const std::string& source, const std::string& destination, bool overwrite);

} // namespace quiz::storage
