// SPDX-License-Identifier: MIT
#include "tests/bot/http/support/failing_disk.hpp"

#include <sqlite3.h>

#include <atomic>
#include <stdexcept>

namespace quiz::test {

namespace {

std::atomic<disk_fault> current{disk_fault::none};
std::atomic<std::uint64_t> refused{0};
sqlite3_vfs* real_vfs = nullptr;
sqlite3_vfs shim_vfs{};

/// Our file: the real one follows it in the same allocation (szOsFile is ours plus the real one's).
struct shim_file {
    sqlite3_file base;
    sqlite3_file* real;
};

sqlite3_file* real_of(sqlite3_file* f) { return reinterpret_cast<shim_file*>(f)->real; }

int refusal()
{
    switch (current.load()) {
    case disk_fault::full:
        refused.fetch_add(1);
        return SQLITE_FULL;
    case disk_fault::io_error:
        refused.fetch_add(1);
        return SQLITE_IOERR_WRITE;
    case disk_fault::none:
        break;
    }
    return SQLITE_OK;
}

int shim_close(sqlite3_file* f)
{
    auto* real = real_of(f);
    return real->pMethods != nullptr ? real->pMethods->xClose(real) : SQLITE_OK;
}
int shim_read(sqlite3_file* f, void* buf, int n, sqlite3_int64 at)
{
    return real_of(f)->pMethods->xRead(real_of(f), buf, n, at);
}
int shim_write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 at)
{
    if (const int rc = refusal(); rc != SQLITE_OK) {
        return rc;
    }
    return real_of(f)->pMethods->xWrite(real_of(f), buf, n, at);
}
int shim_truncate(sqlite3_file* f, sqlite3_int64 size) { return real_of(f)->pMethods->xTruncate(real_of(f), size); }
int shim_sync(sqlite3_file* f, int flags) { return real_of(f)->pMethods->xSync(real_of(f), flags); }
int shim_size(sqlite3_file* f, sqlite3_int64* size) { return real_of(f)->pMethods->xFileSize(real_of(f), size); }
int shim_lock(sqlite3_file* f, int level) { return real_of(f)->pMethods->xLock(real_of(f), level); }
int shim_unlock(sqlite3_file* f, int level) { return real_of(f)->pMethods->xUnlock(real_of(f), level); }
int shim_check_lock(sqlite3_file* f, int* out) { return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out); }
int shim_control(sqlite3_file* f, int op, void* arg) { return real_of(f)->pMethods->xFileControl(real_of(f), op, arg); }
int shim_sector(sqlite3_file* f) { return real_of(f)->pMethods->xSectorSize(real_of(f)); }
int shim_device(sqlite3_file* f) { return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f)); }
int shim_shm_map(sqlite3_file* f, int page, int size, int extend, void volatile** out)
{
    return real_of(f)->pMethods->xShmMap(real_of(f), page, size, extend, out);
}
int shim_shm_lock(sqlite3_file* f, int offset, int n, int flags)
{
    return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
void shim_shm_barrier(sqlite3_file* f) { real_of(f)->pMethods->xShmBarrier(real_of(f)); }
int shim_shm_unmap(sqlite3_file* f, int remove) { return real_of(f)->pMethods->xShmUnmap(real_of(f), remove); }
int shim_fetch(sqlite3_file* f, sqlite3_int64 at, int n, void** out)
{
    return real_of(f)->pMethods->xFetch(real_of(f), at, n, out);
}
int shim_unfetch(sqlite3_file* f, sqlite3_int64 at, void* p)
{
    return real_of(f)->pMethods->xUnfetch(real_of(f), at, p);
}

const sqlite3_io_methods shim_methods = {
    3,           shim_close,   shim_read,     shim_write,       shim_truncate,  shim_sync,
    shim_size,   shim_lock,    shim_unlock,   shim_check_lock,  shim_control,   shim_sector,
    shim_device, shim_shm_map, shim_shm_lock, shim_shm_barrier, shim_shm_unmap, shim_fetch,
    shim_unfetch};

int shim_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags)
{
    auto* file = reinterpret_cast<shim_file*>(f);
    file->real = reinterpret_cast<sqlite3_file*>(file + 1);
    file->base.pMethods = nullptr;
    const int rc = real_vfs->xOpen(real_vfs, name, file->real, flags, out_flags);
    if (rc == SQLITE_OK && file->real->pMethods != nullptr) {
        file->base.pMethods = &shim_methods;
    }
    return rc;
}

} // namespace

failing_disk::failing_disk()
{
    real_vfs = sqlite3_vfs_find(nullptr);
    if (real_vfs == nullptr || real_vfs->iVersion < 1) {
        throw std::runtime_error("no default SQLite VFS to wrap");
    }
    shim_vfs = *real_vfs; // every other method is the real one's, called with the real VFS's own data
    shim_vfs.zName = "quizbot-failing-disk";
    shim_vfs.szOsFile = static_cast<int>(sizeof(shim_file)) + real_vfs->szOsFile;
    shim_vfs.xOpen = shim_open;
    shim_vfs.pNext = nullptr;
    current = disk_fault::none;
    refused = 0;
    if (sqlite3_vfs_register(&shim_vfs, 1) != SQLITE_OK) {
        throw std::runtime_error("cannot register the failing-disk VFS");
    }
}

failing_disk::~failing_disk()
{
    current = disk_fault::none;
    sqlite3_vfs_register(real_vfs, 1);
    sqlite3_vfs_unregister(&shim_vfs);
}

void failing_disk::set(disk_fault fault) { current = fault; }

std::uint64_t failing_disk::refused_writes() const { return refused.load(); }

} // namespace quiz::test
