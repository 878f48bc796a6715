// SPDX-License-Identifier: MIT
// A disk that fills up, or fails, on demand: a SQLite VFS over the default one, made the default while it is
// installed, whose writes fail while a fault is set. Everything else passes through, so WAL, locks and syncs behave
// as on the real disk.
#pragma once

#include <cstdint>

namespace quiz::test {

enum class disk_fault {
    none,
    full,     ///< writes fail with SQLITE_FULL, as on a full file system
    io_error, ///< writes fail with SQLITE_IOERR_WRITE
};

class failing_disk {
public:
    /// Becomes SQLite's default VFS for the process, so that databases opened from now on use it.
    failing_disk();
    /// Gives the default back; databases opened meanwhile must be closed first.
    ~failing_disk();
    failing_disk(const failing_disk&) = delete;
    failing_disk& operator=(const failing_disk&) = delete;

    void set(disk_fault fault);
    /// Writes refused since it was installed.
    [[nodiscard]] std::uint64_t refused_writes() const;
};

} // namespace quiz::test
