// SPDX-License-Identifier: MIT
#include "bot/assembly/postgres_engine.hpp"

#include "storage/postgres/migrate.hpp"
#include "storage/postgres/pg_report_source.hpp"
#include "storage/postgres/pg_server_secrets.hpp"
#include "storage/postgres/transaction.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <mutex>
#include <stdexcept>

namespace quiz::bot::assembly {

namespace pg = storage::postgres;

namespace {

/// How long a node keeps a pack's population figures (storage/postgres/population_cache.hpp): a second's worth of
/// answers moves them by nothing a learner would notice, and reading them costs a sum over every stripe.
constexpr std::chrono::seconds population_fresh_for{1};

pg::pool_options pool_options_of(const storage_settings& settings)
{
    pg::pool_options options;
    options.uri = settings.location;
    options.size = settings.pool_size;
    return options;
}

/// The refitter's units: it opens them on its own thread, where no unit of the queue is open, so each leases a
/// pooled connection for its duration.
class postgres_side_connection final : public side_connection {
public:
    explicit postgres_side_connection(pg::pool& connections) : units_(connections) {}
    engine::unit_of_work_factory& reads() override { return units_; }
    engine::unit_of_work_factory& writes() override { return units_; }

private:
    pg::pg_unit_of_work_factory units_;
};

/// A connection of the probe's own, outside the pool, so that /healthz never waits behind busy units; reconnected
/// on the next probe after the server went away.
class postgres_probe {
public:
    explicit postgres_probe(std::string uri) : uri_(std::move(uri)) {}

    bool operator()()
    {
        const std::lock_guard lock(mutex_);
        try {
            if (!db_ || db_->broken()) {
                db_.reset();
                db_ = std::make_unique<pg::connection>(uri_);
            }
            return db_->exec("SELECT 1").int64(0, 0) == 1;
        } catch (const pg::pg_error&) {
            return false;
        }
    }

private:
    std::mutex mutex_;
    std::string uri_;
    std::unique_ptr<pg::connection> db_;
};

} // namespace

bool names_postgres(std::string_view location) noexcept
{
    const auto end = location.find("://");
    if (end == std::string_view::npos) {
        return false;
    }
    std::string scheme(location.substr(0, end));
    std::transform(scheme.begin(), scheme.end(), scheme.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return scheme == "postgresql" || scheme == "postgres";
}

postgres_engine::postgres_engine(storage_settings settings)
    : settings_(std::move(settings)), pool_(pool_options_of(settings_)), units_(pool_, population_fresh_for)
{
    try {
        auto lease = pool_.acquire();
        pg::migrate(*lease);
    } catch (const std::exception& e) {
        throw database_unavailable(e.what());
    }
}

postgres_engine::~postgres_engine() { stop_writer(); }

std::string postgres_engine::kept_secret(const std::string& name, const std::function<std::string()>& make,
                                         engine::instant now)
{
    auto lease = pool_.acquire();
    pg::transaction keep(*lease);
    auto secret = pg::server_secret(name, make, now.time_since_epoch().count());
    keep.commit();
    return secret;
}

void postgres_engine::observe(storage_events events)
{
    events_ = std::move(events);
    pool_.set_events({events_.pool_waited, events_.connection_failed});
}

engine::action_queue& postgres_engine::start_writer(std::function<void(std::chrono::steady_clock::duration)> on_batch)
{
    if (writer_) {
        throw std::logic_error("start_writer: the writer runs already");
    }
    pg::action_queue_options options;
    options.workers = writers_for(settings_.pool_size);
    options.on_unit = std::move(on_batch);
    options.on_retry = events_.retried;
    return writer_.emplace(pool_, std::move(options));
}

void postgres_engine::run_rolled_back(std::function<void()> work)
{
    if (!writer_) {
        throw std::logic_error("run_rolled_back: no writer");
    }
    writer_->run_rolled_back(std::move(work));
}

void postgres_engine::stop_writer() noexcept { writer_.reset(); }

std::unique_ptr<side_connection> postgres_engine::open_refit_connection()
{
    return std::make_unique<postgres_side_connection>(pool_);
}

std::shared_ptr<engine::report_source> postgres_engine::open_report_source()
{
    return std::make_shared<pg::pg_report_source>(pool_);
}

std::function<bool()> postgres_engine::open_probe()
{
    auto probe = std::make_shared<postgres_probe>(settings_.location);
    return [probe] { return (*probe)(); };
}

} // namespace quiz::bot::assembly
