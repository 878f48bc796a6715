// SPDX-License-Identifier: MIT
// Durability: a writer process is killed with SIGKILL in the middle of a stream of answers; every answer it had
// acknowledged (printed after its commit) must be in the database afterwards, and the database must be sound.
// The same writer serves as "another process" writing while a backup is taken.
#include "storage/backup.hpp"
#include "storage/database.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <set>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace quiz::storage::storage_durability_test {
namespace {

using test::concat;
using test::temp_folder;
using clock_type = std::chrono::steady_clock;

/// The writer process, its stdout on a pipe.
class writer_process {
public:
    explicit writer_process(const std::string& db, std::string key_prefix = "")
    {
        int fds[2];
        REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        std::string program = QUIZ_DURABILITY_WRITER;
        std::string path = db;
        std::vector<char*> argv{program.data(), path.data(), key_prefix.data(), nullptr};
        const int rc = ::posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        read_fd_ = fds[0];
        REQUIRE(rc == 0);
    }
    writer_process(const writer_process&) = delete;
    writer_process& operator=(const writer_process&) = delete;
    ~writer_process()
    {
        if (pid_ > 0) {
            kill_now();
        }
        ::close(read_fd_);
    }

    /// Reads acknowledgements until `count` have arrived or `deadline` passes; returns false on a timeout or EOF.
    bool read_acks(std::size_t count, clock_type::time_point deadline)
    {
        while (acked_.size() < count) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
            if (left.count() <= 0) {
                return false;
            }
            pollfd p{read_fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
                continue;
            }
            if (!read_some()) {
                return false;
            }
        }
        return true;
    }

    /// SIGKILL, reap, then collect the acknowledgements still in the pipe: they were printed after a commit too.
    void kill_now()
    {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        killed_by_signal_ = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        pid_ = -1;
        while (read_some()) {
        }
    }

    [[nodiscard]] const std::set<std::string>& acked() const noexcept { return acked_; }
    [[nodiscard]] bool killed_by_signal() const noexcept { return killed_by_signal_; }

private:
    bool read_some()
    {
        char buffer[4096];
        const ssize_t n = ::read(read_fd_, buffer, sizeof buffer);
        if (n <= 0) {
            return false;
        }
        pending_.append(buffer, static_cast<std::size_t>(n));
        std::size_t start = 0;
        for (std::size_t end = pending_.find('\n'); end != std::string::npos; end = pending_.find('\n', start)) {
            const std::string line = pending_.substr(start, end - start);
            if (line.rfind("ack ", 0) == 0) {
                acked_.insert(line.substr(4));
            }
            start = end + 1;
        }
        pending_.erase(0, start); // a torn last line is not an acknowledgement
        return true;
    }

    pid_t pid_ = -1;
    int read_fd_ = -1;
    std::string pending_;
    std::set<std::string> acked_;
    bool killed_by_signal_ = false;
};

std::set<std::string> stored_keys(SQLite::Database& db)
{
    std::set<std::string> keys;
    SQLite::Statement query(db, "SELECT idempotency_key FROM attempt");
    while (query.executeStep()) {
        keys.insert(query.getColumn(0).getString());
    }
    return keys;
}

TEST_CASE("every acknowledged answer survives the writer being killed with SIGKILL")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    const auto deadline = clock_type::now() + std::chrono::seconds{20};
    std::set<std::string> acked;
    for (int run = 0; run < 2; ++run) { // the second run starts from the database the first one left
        writer_process writer(path, concat("run", std::to_string(run)) + "-");
        // Kill at a different point of the stream each run.
        REQUIRE(writer.read_acks(run == 0 ? 500 : 1'700, deadline));
        writer.kill_now();
        CHECK(writer.killed_by_signal());
        acked.insert(writer.acked().begin(), writer.acked().end());
    }
    SQLite::Database db = open_database(path);
    CHECK(db.execAndGet("PRAGMA integrity_check").getString() == "ok");
    CHECK(db.execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt() == 0);
    const std::set<std::string> stored = stored_keys(db);
    std::vector<std::string> lost;
    for (const auto& key : acked) {
        if (!stored.contains(key)) {
            lost.push_back(key);
        }
    }
    CAPTURE(acked.size(), stored.size());
    CHECK(acked.size() >= 2'200);
    CHECK(lost.empty());
}

TEST_CASE("a backup taken while another process writes is a sound snapshot")
{
    const temp_folder folder;
    const std::string path = folder.file("quizbot.db");
    const auto deadline = clock_type::now() + std::chrono::seconds{20};
    writer_process writer(path);
    REQUIRE(writer.read_acks(300, deadline));
    const std::string copy = folder.file("copy.db");
    const backup_report report = backup_database(path, copy, false);
    const std::size_t acked_before_kill = [&] {
        writer.read_acks(writer.acked().size() + 50, deadline); // the writer kept going during the copy
        writer.kill_now();
        return writer.acked().size();
    }();
    REQUIRE(report.status == backup_status::done);
    SQLite::Database db(copy, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA integrity_check").getString() == "ok");
    CHECK(db.execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt() == 0);
    // Each answer's attempt and memory row were committed together: a snapshot has every attempt's memory.
    CHECK(db.execAndGet("SELECT count(*) FROM attempt a LEFT JOIN question_version v ON v.id = a.question_version_id"
                        " LEFT JOIN memory m ON m.learner_id = a.learner_id AND m.question_id = v.question_id"
                        " WHERE m.learner_id IS NULL")
              .getInt() == 0);
    const auto copied = db.execAndGet("SELECT count(*) FROM attempt").getInt64();
    CHECK(copied >= 300);
    CHECK(static_cast<std::size_t>(copied) <= acked_before_kill + 4); // at most one unacknowledged unit per thread
}

} // namespace
} // namespace quiz::storage::storage_durability_test
