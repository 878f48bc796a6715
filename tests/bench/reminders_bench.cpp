// SPDX-License-Identifier: MIT
// Reminders by DM at scale (docs/benchmarks.md, "Reminders"): a database of LEARNERS opted-in learners (default
// 100,000), a quarter of them due at the same minute (18:00 in Paris), each with a review due, made from one real
// learner's memory. Then, side by side on fresh copies of that database:
//   claim  the server's path: tutoring::reminders on a group-commit writer finds the due schedules, counts each
//          learner's reviews with the tutor, decides, records each reminder as sent and moves its schedule on, in
//          batches of 50, and hands every message to a sender that accepts it at once (no network);
//   bare   the same batches doing no work: the same query for 50 due schedules, each moved on, nothing decided or
//          recorded (the machine's ceiling for this shape of transaction).
// Each claim run is checked in the database afterwards: one reminder_log row per reminder sent, no due schedule left.
// Then the send rate: SEND learners due at once, delivered by the server's Discord sender through the outbound
// client to a Discord API on loopback that answers 429 past 50 requests in any second (Discord's global limit), with
// the server's pacing (10 reminders a second); the rate reached and the 429s seen.
//
// Usage: reminders_bench CONTENT_DIR [--learners N] [--runs R] [--send S] [--dir PATH]
#include "bot/discord/reminder_dm.hpp"
#include "bot/http/executors.hpp"
#include "bot/logging.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/service_metrics.hpp"
#include "bot/time_zones.hpp"
#include "bot/timers/earliest_timer.hpp"
#include "bot/tutoring/reminders.hpp"
#include "content/pack_loader.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_outbox.hpp"
#include "storage/sqlite_reminder_book.hpp"
#include "storage/sqlite_unit_of_work.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <future>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace quiz;
using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;
namespace fs = std::filesystem;

// Tuesday 3 March 2026, 17:00 UTC: 18:00 in Paris.
const engine::instant due_at = std::chrono::time_point_cast<std::chrono::milliseconds>(
    std::chrono::sys_days{std::chrono::year{2026} / std::chrono::March / 3} + 17h);

struct options {
    fs::path content;
    int learners = 100'000;
    int runs = 3;
    int send = 300;
    fs::path dir = fs::temp_directory_path();
};

[[noreturn]] void usage(const char* why)
{
    std::fprintf(stderr,
                 "reminders_bench: %s\nusage: reminders_bench CONTENT_DIR [--learners N] [--runs R] "
                 "[--send S] [--dir PATH]\n",
                 why);
    std::exit(2);
}

options parse(int argc, char** argv)
{
    options o;
    if (argc < 2) {
        usage("missing CONTENT_DIR");
    }
    o.content = argv[1];
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string_view name = argv[i];
        const char* value = argv[i + 1];
        if (name == "--learners") {
            o.learners = std::atoi(value);
        } else if (name == "--runs") {
            o.runs = std::atoi(value);
        } else if (name == "--send") {
            o.send = std::atoi(value);
        } else if (name == "--dir") {
            o.dir = value;
        } else {
            usage("unknown option");
        }
    }
    if (o.learners < 4 || o.runs < 1 || o.send < 1) {
        usage("--learners must be at least 4, --runs and --send at least 1");
    }
    return o;
}

engine::pack_library load_library(const fs::path& content, std::vector<engine::pack_key>& keys)
{
    const std::vector<fs::path> dirs{content};
    auto loaded = content::load_packs(dirs);
    if (!loaded.ok() || loaded.packs.empty()) {
        usage("the content folder has no loadable pack");
    }
    engine::pack_library library;
    for (auto& p : loaded.packs) {
        keys.push_back(p.key);
        library.add(std::move(p));
    }
    return library;
}

std::string columns_except_learner(SQLite::Database& db, const std::string& table)
{
    std::string out;
    SQLite::Statement info(db, "SELECT name FROM pragma_table_info(?1) WHERE name != 'learner_id' ORDER BY cid");
    info.bind(1, table);
    while (info.executeStep()) {
        out += (out.empty() ? "" : ", ") + info.getColumn(0).getString();
    }
    return out;
}

/// The database: one real learner who answered a question 30 days before `due_at` (so it is due then), copied to
/// `count` learners, all opted in at 18:00 Europe/Paris; every fourth due at `due_at`, the others 6 hours later.
void build(const fs::path& path, const fs::path& content, int count, int due_every)
{
    std::vector<engine::pack_key> keys;
    const auto library = load_library(content, keys);
    SQLite::Database db = storage::open_database(path.string());
    storage::sqlite_unit_of_work_factory units(db);
    engine::tutor tutor(units, library);
    storage::sqlite_identity_directory identities(db);
    engine::learner_id seed;
    {
        SQLite::Transaction t(db);
        seed = identities.ensure_learner({"discord", "900000000000000000"}, "seed").id;
        t.commit();
    }
    // A learner shaped like the tutor's: sessions on three days a month before, every question of the pack met.
    int answers = 0;
    for (int day = 0; day < 3; ++day) {
        auto now = due_at - std::chrono::days{30 - day};
        engine::start_request start;
        start.learner = seed;
        start.pack = keys.front();
        start.seed = static_cast<std::uint64_t>(day + 1);
        start.now = now;
        auto shown = tutor.start_session(start);
        while (shown.card) {
            engine::answer_request answer;
            answer.learner = seed;
            answer.token = {shown.session, shown.card->sequence};
            answer.displayed = static_cast<std::uint32_t>(answers % 2); // right and wrong ones
            answer.key = engine::idempotency_key{"bench:" + std::to_string(answers++)};
            answer.now = now;
            (void)tutor.answer(answer);
            now += 20s;
            shown = tutor.next_question(seed, shown.session, now);
        }
    }
    if (answers == 0) {
        usage("the pack asked no question");
    }

    SQLite::Transaction t(db);
    SQLite::Statement learners(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)"
                                   " INSERT INTO learner (platform, external_id, display_name, locale)"
                                   " SELECT 'discord', CAST(900000000000000000 + i AS TEXT), 'L' || i, 'en' FROM n");
    learners.bind(1, count - 1);
    learners.exec();
    for (const std::string table : {"memory", "concept_mastery"}) {
        const auto cols = columns_except_learner(db, table);
        db.exec("INSERT INTO " + table + " (learner_id, " + cols + ") SELECT l.id, " + cols + " FROM learner l, " +
                table + " m WHERE m.learner_id = " + std::to_string(seed.value()) +
                " AND l.id != " + std::to_string(seed.value()));
    }
    db.exec("UPDATE learner SET reminders_enabled = 1, reminder_minute = 1080, time_zone = 'Europe/Paris'");
    SQLite::Statement schedules(db, "INSERT INTO reminder_schedule (learner_id, next_at_ms) SELECT id,"
                                    " CASE WHEN id % ?2 = 0 THEN ?1 ELSE ?1 + 6 * 3600000 END FROM learner");
    schedules.bind(1, due_at.time_since_epoch().count());
    schedules.bind(2, due_every);
    schedules.exec();
    t.commit();
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

std::int64_t scalar(const fs::path& path, const std::string& sql)
{
    SQLite::Database db(path.string(), SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getInt64();
}

/// The server's claim path; returns the seconds taken and the reminders sent.
std::pair<double, int> run_claims(const fs::path& path, const fs::path& content, spdlog::logger& log)
{
    std::vector<engine::pack_key> keys;
    const auto library = load_library(content, keys);
    SQLite::Database db = storage::open_database(path.string());
    storage::sqlite_unit_of_work_factory units(db);
    engine::tutor tutor(units, library);
    storage::sqlite_identity_directory identities(db);
    storage::sqlite_reminder_book book(db);
    storage::sqlite_outbox outbox(db);
    const bot::time_zone_cache zones;
    std::optional<storage::group_commit> writer(std::in_place, db);
    bot::tutoring::reminders reminders(
        {book,
         outbox,
         tutor,
         keys,
         identities,
         zones,
         *writer,
         [] { return due_at; },
         log,
         [](std::function<void()> f) { f(); },
         [](std::chrono::milliseconds, std::function<void()> f) { f(); },
         [](engine::instant) {},
         {{"discord", [](const bot::tutoring::reminder_message&,
                         std::function<void(bot::tutoring::delivery)> done) { done(bot::tutoring::delivery::sent); }}},
         {},
         {}});
    int sent = 0;
    const auto started = steady::now();
    for (;;) {
        std::promise<bot::tutoring::reminder_round_up> done;
        reminders.tick([&done](const bot::tutoring::reminder_round_up& up) { done.set_value(up); });
        const auto up = done.get_future().get();
        sent += up.sent;
        if (up.sent + up.skipped + up.failed == 0) {
            break;
        }
    }
    const double seconds = std::chrono::duration<double>(steady::now() - started).count();
    writer.reset();
    return {seconds, sent};
}

/// The same batches with no work: 50 due schedules found and moved on per transaction.
std::pair<double, int> run_bare(const fs::path& path)
{
    SQLite::Database db = storage::open_database(path.string());
    storage::sqlite_reminder_book book(db);
    std::optional<storage::group_commit> writer(std::in_place, db);
    int moved = 0;
    const auto started = steady::now();
    for (;;) {
        std::promise<int> done;
        auto count = std::make_shared<int>(0);
        writer->submit(
            [&book, count] {
                for (const auto& d : book.due(due_at, 50)) {
                    auto after = d.schedule;
                    after.next_at = due_at + std::chrono::days{1};
                    book.save(d.learner, after);
                    ++*count;
                }
            },
            [&done, count](std::exception_ptr) { done.set_value(*count); });
        const int n = done.get_future().get();
        moved += n;
        if (n == 0) {
            break;
        }
    }
    const double seconds = std::chrono::duration<double>(steady::now() - started).count();
    writer.reset();
    return {seconds, moved};
}

double median(std::vector<double> v)
{
    std::ranges::sort(v);
    return v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

/// Discord on loopback: opens DM channels and accepts messages, 429 past 50 requests in the trailing second.
struct limited_discord {
    std::mutex mutex;
    std::deque<steady::time_point> recent;
    std::vector<steady::time_point> messages;
    int limited = 0;
    test::fake_upstream upstream{[this](const test::upstream_request& r, int) {
        const std::lock_guard lock(mutex);
        const auto now = steady::now();
        while (!recent.empty() && now - recent.front() >= 1s) {
            recent.pop_front();
        }
        if (recent.size() >= 50) {
            ++limited;
            return test::upstream_reply{429,
                                        {{"Content-Type", "application/json"}, {"Retry-After", "1"}},
                                        R"({"message":"You are being rate limited.","retry_after":1,"global":true})"};
        }
        recent.push_back(now);
        if (r.target.ends_with("/users/@me/channels")) {
            return test::upstream_reply{200, {{"Content-Type", "application/json"}}, R"({"id":"42","type":1})"};
        }
        messages.push_back(now);
        return test::upstream_reply{200, {{"Content-Type", "application/json"}}, R"({"id":"43","channel_id":"42"})"};
    }};
};

void run_send(const fs::path& path, const fs::path& content, spdlog::logger& log, int expected)
{
    std::vector<engine::pack_key> keys;
    const auto library = load_library(content, keys);
    SQLite::Database db = storage::open_database(path.string());
    storage::sqlite_unit_of_work_factory units(db);
    engine::tutor tutor(units, library);
    storage::sqlite_identity_directory identities(db);
    storage::sqlite_reminder_book book(db);
    storage::sqlite_outbox outbox(db);
    const bot::time_zone_cache zones;
    limited_discord discord;
    boost::asio::io_context io;
    auto guard = boost::asio::make_work_guard(io);
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i) {
        threads.emplace_back([&io] { io.run(); });
    }
    bot::metrics::registry registry;
    bot::service_metrics metrics(registry);
    std::optional<bot::outbound::client> client(std::in_place, io, bot::outbound::client_options{}, log, metrics);
    const std::string api = "http://127.0.0.1:" + std::to_string(discord.upstream.port()) + "/api/v10";
    std::optional<storage::group_commit> writer(std::in_place, db);
    std::optional<bot::tutoring::reminders> reminders;
    std::promise<void> finished;
    std::atomic<int> delivered{0};
    // The server's clock, running from the minute they fell due.
    const auto started = steady::now();
    const auto clock = [started] {
        return due_at + std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - started);
    };
    bot::timers::earliest_timer timer(io, clock, [&reminders] { reminders->tick(); });
    const auto run_on = bot::http::executors_on(io);
    auto sender = bot::discord::reminder_dm_sender(*client, {api, bot::secret("bench-token"), "http://127.0.0.1"}, log);
    reminders.emplace(bot::tutoring::reminders_parts{
        book,
        outbox,
        tutor,
        keys,
        identities,
        zones,
        *writer,
        clock,
        log,
        run_on.post,
        run_on.later,
        [&timer](engine::instant at) { timer.wake_at(at); },
        {{"discord",
          [&sender, &delivered, &finished, expected](const bot::tutoring::reminder_message& m,
                                                     std::function<void(bot::tutoring::delivery)> done) {
              sender(m, [&delivered, &finished, expected, done = std::move(done)](bot::tutoring::delivery d) {
                  done(d);
                  if (++delivered == expected) {
                      finished.set_value();
                  }
              });
          }}},
        {},
        {}});
    reminders->tick();
    finished.get_future().wait();
    const double seconds = std::chrono::duration<double>(steady::now() - started).count();
    writer.reset();
    client.reset();
    guard.reset();
    io.stop();
    for (auto& t : threads) {
        t.join();
    }
    int busiest = 0;
    for (std::size_t i = 0; i < discord.messages.size(); ++i) {
        int in_window = 0;
        for (std::size_t j = i; j < discord.messages.size() && discord.messages[j] - discord.messages[i] < 1s; ++j) {
            ++in_window;
        }
        busiest = std::max(busiest, in_window);
    }
    const auto logged = scalar(path, "SELECT count(*) FROM reminder_log");
    std::printf("send: %d reminders delivered in %.1f s: %.1f a second (busiest second: %d messages); "
                "%d answered 429; reminder_log rows: %lld\n",
                static_cast<int>(discord.messages.size()), seconds,
                static_cast<double>(discord.messages.size()) / seconds, busiest, discord.limited,
                static_cast<long long>(logged));
    if (static_cast<int>(discord.messages.size()) != expected || logged != expected) {
        std::fprintf(stderr, "reminders_bench: expected %d delivered and logged\n", expected);
        std::exit(1);
    }
}

} // namespace

int main(int argc, char** argv)
{
    const auto o = parse(argc, argv);
    const auto log = bot::make_stderr_logger(bot::log_format::plain);
    log->set_level(spdlog::level::warn);
    const auto base = o.dir / ("reminders_bench_" + std::to_string(::getpid()));
    fs::create_directories(base);
    const auto original = base / "original.db";
    const auto build_started = steady::now();
    build(original, o.content, o.learners, 4);
    const auto due = scalar(original, "SELECT count(*) FROM reminder_schedule WHERE next_at_ms <= " +
                                          std::to_string(due_at.time_since_epoch().count()));
    std::printf("database: %d opted-in learners, %lld due at once, each with %lld questions met (%lld planned due by "
                "then), built in "
                "%.1f s\n",
                o.learners, static_cast<long long>(due),
                static_cast<long long>(scalar(original, "SELECT count(*) FROM memory WHERE learner_id = 1")),
                static_cast<long long>(scalar(original, "SELECT count(*) FROM memory WHERE learner_id = 1 AND "
                                                        "due_at_ms <= " +
                                                            std::to_string(due_at.time_since_epoch().count()))),
                std::chrono::duration<double>(steady::now() - build_started).count());

    std::vector<double> claim_s;
    std::vector<double> bare_s;
    for (int run = 0; run < o.runs; ++run) {
        const auto copy = base / "run.db";
        fs::copy_file(original, copy, fs::copy_options::overwrite_existing);
        const auto [seconds, sent] = run_claims(copy, o.content, *log);
        const auto logged = scalar(copy, "SELECT count(*) FROM reminder_log");
        const auto left = scalar(copy, "SELECT count(*) FROM reminder_schedule WHERE next_at_ms <= " +
                                           std::to_string(due_at.time_since_epoch().count()));
        const auto waiting = scalar(copy, "SELECT count(*) FROM outbox"); // every delivery settled
        std::printf("claim run %d: %d reminders in %.2f s (%.0f a second); reminder_log rows %lld, due left %lld, "
                    "outbox entries left %lld\n",
                    run + 1, sent, seconds, sent / seconds, static_cast<long long>(logged),
                    static_cast<long long>(left), static_cast<long long>(waiting));
        if (sent != due || logged != due || left != 0 || waiting != 0) {
            std::fprintf(stderr, "reminders_bench: the claim did not do the work it claims\n");
            return 1;
        }
        claim_s.push_back(seconds);
        fs::copy_file(original, copy, fs::copy_options::overwrite_existing);
        const auto [bare_seconds, moved] = run_bare(copy);
        std::printf("bare run %d: %d schedules moved in %.2f s\n", run + 1, moved, bare_seconds);
        bare_s.push_back(bare_seconds);
    }
    const double claim = median(claim_s);
    const double bare = median(bare_s);
    std::printf("median: claim %.2f s (%.0f reminders a second, %.2f ms a batch of 50), bare %.2f s; ratio %.1f\n",
                claim, static_cast<double>(due) / claim, claim * 1000 / (static_cast<double>(due) / 50.0), bare,
                claim / bare);

    // The send rate: the first `send` learners due, the others later.
    const auto copy = base / "send.db";
    build(copy, o.content, o.send * 2, 2);
    run_send(copy, o.content, *log, o.send);
    fs::remove_all(base);
    return 0;
}
