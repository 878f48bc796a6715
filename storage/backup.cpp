// SPDX-License-Identifier: MIT
#include "storage/backup.hpp"

#include "storage/open_error.hpp"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace quiz::storage {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

// A rename is durable only once the folder holding the new name is synced.
void sync_path(const fs::path& path, bool directory)
{
    const int fd = ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0) {
        fail("cannot open " + path.string() + " to sync it");
    }
    const int synced = ::fsync(fd);
    ::close(fd);
    if (synced != 0) {
        fail("cannot sync " + path.string());
    }
}

// Removes the temporary copy unless it was moved into place.
class temporary_file {
public:
    explicit temporary_file(fs::path path) : path_(std::move(path)) { remove(); }
    temporary_file(const temporary_file&) = delete;
    temporary_file& operator=(const temporary_file&) = delete;
    ~temporary_file()
    {
        if (!kept_) {
            remove();
        }
    }
    [[nodiscard]] const fs::path& path() const noexcept { return path_; }
    void keep() noexcept { kept_ = true; }

private:
    void remove() noexcept
    {
        std::error_code ignored;
        for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
            fs::remove(path_.string() + suffix, ignored);
        }
    }
    fs::path path_;
    bool kept_ = false;
};

std::int64_t copy_pages(const std::string& source, const fs::path& target)
{
    SQLite::Database from(source, SQLite::OPEN_READONLY);
    from.setBusyTimeout(10'000);
    try {
        from.execAndGet("SELECT count(*) FROM sqlite_schema");
    } catch (const SQLite::Exception& e) {
        if (e.getErrorCode() == SQLITE_NOTADB) {
            throw open_error(open_problem::not_a_database, source + ": not a SQLite database");
        }
        if (e.getErrorCode() == SQLITE_CORRUPT) {
            throw open_error(open_problem::corrupt, source + ": the database is damaged (" + e.what() + ")");
        }
        throw;
    }
    SQLite::Database to(target.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    SQLite::Backup copy(to, from);
    // -1: every page in one step, under one read transaction. Copying in slices would restart whenever another
    // process writes in between, and might never finish on a busy server.
    const int rc = copy.executeStep(-1);
    if (rc != SQLITE_DONE) {
        throw std::runtime_error(source + ": backup did not complete (" + sqlite3_errstr(rc) + ")");
    }
    return copy.getTotalPageCount();
}

void check_copy(const fs::path& target, const std::string& destination)
{
    SQLite::Database copy(target.string(), SQLite::OPEN_READWRITE);
    const std::string verdict = copy.execAndGet("PRAGMA integrity_check(1)").getString();
    if (verdict != "ok") {
        throw std::runtime_error(destination + ": the copy failed its integrity check (" + verdict + ")");
    }
}

} // namespace

backup_report backup_database(const std::string& source, const std::string& destination, bool overwrite)
{
    backup_report report;
    if (!fs::exists(source) || fs::is_directory(source)) {
        report.status = backup_status::source_missing;
        return report;
    }
    const fs::path final_path = fs::absolute(destination);
    if (fs::exists(final_path) && !overwrite) {
        report.status = backup_status::destination_exists;
        return report;
    }
    if (final_path.has_parent_path()) {
        fs::create_directories(final_path.parent_path());
    }
    temporary_file partial(final_path.string() + ".partial");
    report.pages = copy_pages(source, partial.path());
    check_copy(partial.path(), destination);
    sync_path(partial.path(), false);
    if (overwrite) {
        fs::rename(partial.path(), final_path);
    } else if (::link(partial.path().c_str(), final_path.c_str()) != 0) {
        // link() refuses an existing name atomically, so a file created meanwhile is never overwritten.
        if (errno == EEXIST) {
            report.status = backup_status::destination_exists;
            return report;
        }
        fail("cannot create " + destination);
    }
    if (!overwrite) {
        fs::remove(partial.path());
    }
    partial.keep();
    sync_path(final_path.parent_path(), true);
    report.bytes = fs::file_size(final_path);
    return report;
}

} // namespace quiz::storage
