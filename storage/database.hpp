// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <string>

namespace SQLite {
class Database;
}

namespace quiz::storage {

/// How open_database treats the file.
struct open_options {
    /// How long a statement waits for another connection's write lock before failing with SQLITE_BUSY.
    std::chrono::milliseconds busy_timeout{10'000};
    /// Run `PRAGMA quick_check` before writing anything, so a damaged file is refused rather than written to.
    /// It reads every page: on a 78 MB file 0.08 s from the page cache, 2 s from a cold disk (docs/storage.md).
    bool verify = true;
    /// Bring an older schema up to date. Without it an older schema is opened as it is (backup copies a file
    /// without changing it).
    bool migrate = true;
};

/// The `synchronous` setting every connection uses. With WAL, FULL syncs the log at each commit, so a committed
/// (acknowledged) transaction survives a power cut, not only a crash of the process; NORMAL would not.
inline constexpr const char* synchronous_setting = "FULL";

/// Opens (creating it and its missing parent folders if needed) the database at `path`, or ":memory:".
/// In order, before anything is written: checks it is a sound SQLite file (quick_check), refuses a schema newer
/// than this build; then sets WAL, synchronous=FULL, foreign_keys=ON, secure_delete=ON and the busy timeout, and applies the pending
/// migrations. Throws open_error with a message naming the file; the file is untouched when refused.
/// The connection must be used by one thread at a time (it is opened without SQLite's connection mutex): give
/// each thread its own, or hand it to a group_commit.
[[nodiscard]] SQLite::Database open_database(const std::string& path, const open_options& options = {});

} // namespace quiz::storage
