// SPDX-License-Identifier: MIT
#include "bot/assembly/sqlite_engine.hpp"

#include "storage/database.hpp"
#include "storage/expire_web_learners.hpp"
#include "storage/server_secrets.hpp"
#include "storage/sqlite_report_source.hpp"

#include <mutex>
#include <stdexcept>

namespace quiz::bot::assembly {

namespace {

/// A further connection to the checked file; database_unavailable when it is refused.
template <class Open>
auto open_side(Open open)
{
    try {
        return open();
    } catch (const std::exception& e) {
        throw database_unavailable(e.what());
    }
}

SQLite::Database open_writing(const storage_settings& settings, bool verify)
{
    storage::open_options how;
    how.verify = verify;
    SQLite::Database db = storage::open_database(settings.location, how);
    if (!settings.durable) {
        db.exec("PRAGMA synchronous = OFF");
    }
    return db;
}

class sqlite_side_connection final : public side_connection {
public:
    explicit sqlite_side_connection(const storage_settings& settings)
        : db_(open_writing(settings, false)), // the main connection checked the file just before
          reads_(db_, storage::sqlite_unit_of_work_factory::start::deferred), writes_(db_)
    {
    }
    engine::unit_of_work_factory& reads() override { return reads_; }
    engine::unit_of_work_factory& writes() override { return writes_; }

private:
    SQLite::Database db_;
    storage::sqlite_unit_of_work_factory reads_;
    storage::sqlite_unit_of_work_factory writes_;
};

/// The reports' connection and the source reading on it, owned together.
struct sqlite_report_reader {
    explicit sqlite_report_reader(const std::string& path)
        : db(path, SQLite::OPEN_READONLY), source(waiting_for_the_writer(db))
    {
    }
    /// A report waits out a long write batch rather than failing.
    static SQLite::Database& waiting_for_the_writer(SQLite::Database& db)
    {
        db.setBusyTimeout(10'000);
        return db;
    }

    SQLite::Database db;
    storage::sqlite_report_source source;
};

/// A read-only connection of its own, so that probes never queue behind the writer's transactions.
class database_probe {
public:
    explicit database_probe(const std::string& path) : db_(path, SQLite::OPEN_READONLY) { db_.setBusyTimeout(1000); }

    bool operator()()
    {
        const std::lock_guard lock(mutex_);
        return db_.execAndGet("SELECT count(*) FROM sqlite_schema").getInt() > 0;
    }

private:
    std::mutex mutex_;
    SQLite::Database db_;
};

} // namespace

sqlite_engine::sqlite_engine(storage_settings settings)
    : settings_(std::move(settings)), db_(open_writing(settings_, true)), units_(db_),
      // Forgetting a learner empties the WAL once its unit has committed, so the erased rows leave the files.
      identities_(db_,
                  [this] {
                      if (writer_) {
                          writer_->truncate_wal_after_commit();
                      }
                  }),
      reminder_book_(db_), round_messages_(db_), outbox_(db_), idle_learners_(db_)
{
}

sqlite_engine::~sqlite_engine() { stop_writer(); }

std::string sqlite_engine::kept_secret(const std::string& name, const std::function<std::string()>& make,
                                       engine::instant now)
{
    if (writer_) {
        throw std::logic_error("kept_secret: the writer owns the main connection");
    }
    return storage::server_secret(db_, name, make, now.time_since_epoch().count());
}

engine::action_queue& sqlite_engine::start_writer(std::function<void(std::chrono::steady_clock::duration)> on_batch)
{
    if (writer_) {
        throw std::logic_error("start_writer: the writer runs already");
    }
    storage::group_commit_options options;
    if (on_batch) {
        options.on_batch = [on_batch = std::move(on_batch)](const storage::group_commit_batch& b) {
            on_batch(b.duration);
        };
    }
    return writer_.emplace(db_, std::move(options));
}

void sqlite_engine::run_rolled_back(std::function<void()> work)
{
    if (!writer_) {
        throw std::logic_error("run_rolled_back: no writer");
    }
    writer_->run_rolled_back(std::move(work));
}

void sqlite_engine::stop_writer() noexcept { writer_.reset(); }

std::unique_ptr<side_connection> sqlite_engine::open_refit_connection()
{
    return open_side([this] { return std::make_unique<sqlite_side_connection>(settings_); });
}

std::shared_ptr<engine::report_source> sqlite_engine::open_report_source()
{
    auto reader = open_side([this] { return std::make_shared<sqlite_report_reader>(settings_.location); });
    return {reader, &reader->source};
}

std::function<bool()> sqlite_engine::open_probe()
{
    auto probe = open_side([this] { return std::make_shared<database_probe>(settings_.location); });
    return [probe] { return (*probe)(); };
}

std::int64_t sqlite_engine::idle_web_learners::expire(engine::instant idle_before, int limit)
{
    return storage::expire_web_learners(db_, idle_before.time_since_epoch().count(), limit);
}

} // namespace quiz::bot::assembly
