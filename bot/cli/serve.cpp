// SPDX-License-Identifier: MIT
#include "bot/cli/serve.hpp"

#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/earliest_timer.hpp"
#include "bot/cli/learner_expiry.hpp"
#include "bot/cli/report_key.hpp"
#include "bot/cli/round_timers.hpp"
#include "bot/dashboard/routes.hpp"
#include "bot/discord/reminder_dm.hpp"
#include "bot/discord/routes.hpp"
#include "bot/http/router.hpp"
#include "bot/http/server.hpp"
#include "bot/http/service_routes.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/service_metrics.hpp"
#include "bot/slack/reminder_dm.hpp"
#include "bot/slack/routes.hpp"
#include "bot/time_zones.hpp"
#include "bot/tutoring/class_reports.hpp"
#include "bot/tutoring/reminders.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/tutoring/service.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/playground.hpp"
#include "bot/web/room_hub.hpp"
#include "bot/web/rooms.hpp"
#include "content/pack_loader.hpp"
#include "engine/rounds/round_service.hpp"
#include "engine/tutor/tutor_service.hpp"
#include "storage/database.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_directory.hpp"
#include "storage/sqlite_reminder_book.hpp"
#include "storage/sqlite_report_source.hpp"
#include "storage/sqlite_round_messages.hpp"
#include "storage/sqlite_unit_of_work.hpp"

#include <SQLiteCpp/Database.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <ostream>
#include <system_error>
#include <thread>

namespace quiz::bot::cli {

namespace {

tutoring::reminder_pacing reminder_pacing_of(const serve_hooks& hooks)
{
    tutoring::reminder_pacing pacing;
    pacing.retry_after = hooks.reminder_retry_after;
    return pacing;
}

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

/// The answers metric's label for the platform an answer came from.
answer_source source_of(const std::string& platform)
{
    if (platform == "discord") {
        return answer_source::discord;
    }
    return platform == "slack" ? answer_source::slack : answer_source::web;
}

/// The packs of QUIZBOT_CONTENT, or nullopt and why (the first errors, file:line each).
std::optional<content::load_result> load_content(const config& cfg, spdlog::logger& log, std::string& problem)
{
    const std::vector<std::filesystem::path> content_paths{cfg.content_dir};
    auto content = content::load_packs(content_paths);
    if (!content.ok() || content.packs.empty()) {
        problem = "QUIZBOT_CONTENT: cannot load the packs in " + cfg.content_dir;
        std::size_t shown = 0;
        for (const auto& d : content.diagnostics) {
            if (d.level == content::diagnostic::severity::error && shown++ < 20) {
                problem += "\n  " + content::to_string(d);
            }
        }
        if (content.ok()) {
            problem += ": no pack found";
        }
        return std::nullopt;
    }
    for (const auto& d : content.diagnostics) {
        log.warn("content warning {}", log_quote(content::to_string(d)));
    }
    log.info("content loaded packs={}", content.packs.size());
    return content;
}

engine::tutor_config tutor_settings_of(const config& cfg)
{
    engine::tutor_config settings;
    if (cfg.target_retention) {
        settings.choose_retention = engine::retention_choice::fixed;
        settings.target_retention = *cfg.target_retention;
    }
    settings.grade_by_response_time = cfg.grade_by_response_time;
    return settings;
}

int fail(io streams, const std::string& message)
{
    streams.err << "error: " << message << '\n';
    return exit_usage;
}

int run_serve(const std::vector<std::string_view>& words, io streams)
{
    (void)args::parse(words, {});
    return serve(process_environment(), streams, {});
}

const std::string serve_details = config_help();

} // namespace

int serve(const environment& env, io streams, const serve_hooks& hooks)
{
    config cfg;
    try {
        cfg = load_config(env, std::thread::hardware_concurrency());
    } catch (const config_error& e) {
        for (const auto& problem : e.problems()) {
            streams.err << "error: " << problem << '\n';
        }
        streams.err << "Run 'quizbot serve --help' for the variables and their defaults.\n";
        return exit_usage;
    }
    const auto logger = hooks.log_sink ? make_logger(cfg.log, hooks.log_sink) : make_stderr_logger(cfg.log);
    spdlog::logger& log = *logger;
    log.info("starting {}", describe(cfg));

    // The database first: nothing below is worth starting without it.
    std::optional<SQLite::Database> database;
    std::optional<database_probe> probe;
    try {
        database.emplace(storage::open_database(cfg.database_path));
        probe.emplace(cfg.database_path);
    } catch (const std::exception& e) {
        return fail(streams, "QUIZBOT_DB: cannot open the database: " + std::string(e.what()));
    }

    std::string content_problem;
    const auto content = load_content(cfg, log, content_problem);
    if (!content) {
        return fail(streams, content_problem);
    }

    // The dashboard's key, read (or made) on the main connection before the writer owns it.
    std::optional<dashboard::report_links> report_links;
    std::optional<web::learner_tokens> learner_tokens; // signed with the same key, under another label
    std::optional<SQLite::Database> report_database;
    try {
        const auto made_at =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
        const auto key = report_key(cfg.report_secret, *database, made_at.count());
        report_links.emplace(key);
        learner_tokens.emplace(key);
        report_database.emplace(cfg.database_path, SQLite::OPEN_READONLY);
        report_database->setBusyTimeout(10'000);
    } catch (const std::exception& e) {
        return fail(streams, "QUIZBOT_DB: cannot open the database for reports: " + std::string(e.what()));
    }

    // The tutor on the database's one writing connection: every use runs as a group commit unit on its thread.
    engine::pack_library library;
    std::vector<engine::pack_key> pack_keys;
    for (const auto& p : content->packs) {
        pack_keys.push_back(p.key);
        library.add(p);
    }
    storage::sqlite_unit_of_work_factory units(*database);
    engine::tutor tutor(units, library, tutor_settings_of(cfg));
    metrics::registry registry;
    service_metrics metrics(registry);
    const std::function<engine::instant()> now = hooks.clock ? hooks.clock : [] {
        return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    };
    // Learners' memory models are refitted off the request path, on a connection of their own; an answer is looked
    // at once the batch that holds it has committed.
    std::optional<SQLite::Database> fitting_database;
    try {
        storage::open_options fitting_open;
        fitting_open.verify = false; // the main connection checked the file just before
        fitting_database.emplace(storage::open_database(cfg.database_path, fitting_open));
    } catch (const std::exception& e) {
        return fail(streams, "QUIZBOT_DB: cannot open the database: " + std::string(e.what()));
    }
    storage::sqlite_unit_of_work_factory fitting_reads(*fitting_database,
                                                       storage::sqlite_unit_of_work_factory::start::deferred);
    storage::sqlite_unit_of_work_factory fitting_writes(*fitting_database);
    auto refit_options = hooks.refit;
    refit_options.hold_until_published = true;
    recall_refitter refitter(fitting_reads, fitting_writes, now, log, std::move(refit_options));
    tutor.listen(&refitter);
    if (hooks.on_refitter) {
        hooks.on_refitter(refitter);
    }
    // Study groups' rounds on the same connection; the questions the last run left open are read before the writer
    // owns the connection, and get their timers back once the server's timers exist.
    engine::group_tutor groups(units, library, tutor_settings_of(cfg));
    groups.listen(&refitter);
    const auto open_questions = groups.open_deadlines();
    storage::group_commit_options writer_options;
    writer_options.on_batch = [&metrics, &refitter](const storage::group_commit_batch& b) {
        metrics.transaction_finished(b.duration);
        refitter.publish();
    };
    std::optional<storage::group_commit> writer(std::in_place, *database, writer_options);
    // Forgetting a learner empties the WAL once its unit has committed, so the erased rows leave the files.
    storage::sqlite_identity_directory identities(*database, [&writer] { writer->truncate_wal_after_commit(); });

    const bool content_loaded = !content->packs.empty();
    const std::vector<http::health_check> checks{
        {"database", [&probe] { return (*probe)(); }},
        {"content", [content_loaded] { return content_loaded; }},
    };
    http::router routes;
    http::add_service_routes(routes, checks, registry);

    // The playground's rooms outlive the server, whose timers may still hold their waiting pages.
    std::optional<web::room_hub> rooms_hub;
    http::server_options options;
    options.host = cfg.listen.host;
    options.port = cfg.listen.port;
    options.threads = cfg.threads;
    options.limits = cfg.limits;
    options.handle_signals = hooks.handle_signals;
    http::server server(options, routes, log, metrics);

    // Reminders by DM: learners' schedules on the writer's connection; the server's one timer waits for the earliest
    // (set once the reminders exist, below). The platforms that can send are those with a bot token.
    storage::sqlite_reminder_book reminder_book(*database);
    const time_zone_cache zones;
    std::optional<earliest_timer> reminder_timer;
    std::map<std::string, tutoring::reminder_sender, std::less<>> reminder_senders;
    const tutoring::reminder_settings reminder_settings{
        reminder_book, zones,
        [&reminder_timer](engine::instant at) {
            if (reminder_timer) {
                reminder_timer->wake_at(at);
            }
        },
        [&reminder_senders](const std::string& platform) { return reminder_senders.contains(platform); }};

    // The tutoring layer: every front end's actions run as units of the writer; screens go back to the IO threads.
    tutoring::service tutoring(
        {tutor,
         identities,
         *writer,
         library,
         pack_keys,
         now,
         {},
         log,
         [&server](std::function<void()> f) { boost::asio::post(server.context(), std::move(f)); },
         [&metrics](const std::string& platform) { metrics.answer_recorded(source_of(platform)); },
         hooks.before_unit,
         cfg.reminders ? &reminder_settings : nullptr});
    // Study groups' rounds: the same queue; deadlines fire from the server's timers, and every change of a round
    // goes to the front end of its platform.
    std::map<std::string, std::function<void(const tutoring::round_screen&)>, std::less<>> round_publishers;
    std::optional<tutoring::rounds> rounds;
    tutoring::round_limits round_limits;
    round_limits.max_players = static_cast<int>(cfg.round_max_players);
    storage::sqlite_round_messages round_messages(*database);
    round_timers timers(server.context(), now, [&rounds](engine::round_id round) { rounds->tick(round); });
    rounds.emplace(tutoring::rounds_parts{
        groups,
        tutor,
        identities,
        round_messages,
        *writer,
        tutoring.shelf(),
        now,
        {},
        log,
        [&server](std::function<void()> f) { boost::asio::post(server.context(), std::move(f)); },
        [&metrics](const std::string& platform) { metrics.answer_recorded(source_of(platform)); },
        [&timers](engine::round_id round, engine::instant deadline) { timers.wake_at(round, deadline); },
        [&round_publishers](const tutoring::round_screen& shown) {
            if (const auto it = round_publishers.find(shown.platform); it != round_publishers.end()) {
                it->second(shown);
            }
        },
        round_limits});
    std::optional<web::learner_gate> learner_gate;
    if (cfg.playground) {
        learner_gate.emplace(*learner_tokens, web::creation_limit{cfg.playground_new_learners_per_hour},
                             [&log](const std::string& warning) { log.warn("{}", warning); });
        if (cfg.playground_new_learners_per_hour == 0 && cfg.listen.is_loopback()) {
            log.warn("the playground creates learners without a limit (QUIZBOT_NEW_LEARNERS_PER_HOUR=0); behind a "
                     "reverse proxy it is open to anyone who reaches the proxy");
        }
        web::add_playground_routes(routes, tutoring, *learner_gate);
        // A waiting page is answered well before the server's own request deadline would answer it 503.
        const auto hold = std::clamp(cfg.limits.request_deadline * 5 / 6, std::chrono::milliseconds{100},
                                     std::chrono::milliseconds{25'000});
        rooms_hub.emplace(
            [&server](std::chrono::milliseconds delay, std::function<void()> f) {
                auto timer = std::make_shared<boost::asio::steady_timer>(server.context(), delay);
                timer->async_wait([timer, f = std::move(f)](const boost::system::error_code& error) {
                    if (!error) {
                        f();
                    }
                });
            },
            hold);
        web::add_room_routes(routes, *rounds, *rooms_hub, *learner_gate);
        round_publishers["web"] = [&rooms_hub](const tutoring::round_screen& shown) { rooms_hub->publish(shown); };
    }

    // The dashboard reads on a read-only connection of its own, so that a report never queues behind the writer, and
    // on one thread of its own: reading a class of 200 learners takes about 0.1 s, too long for an IO thread, and one
    // thread keeps the connection single-threaded and instructors' requests in line.
    storage::sqlite_report_source report_source(*report_database);
    boost::asio::thread_pool report_thread(1);
    dashboard::add_dashboard_routes(
        routes,
        {*report_links,
         [&report_source, &library](const engine::report_scope& scope, const std::optional<engine::pack_key>& pack,
                                    engine::instant at) {
             return dashboard::load_class_view(report_source, library, scope, pack, at);
         },
         [&report_thread](std::function<void()> f) { boost::asio::post(report_thread, std::move(f)); }, now,
         [&log](const std::exception& e) { log.error("dashboard report failed error={}", log_quote(e.what())); }});
    // `/quiz report` in chat: the same thread and connection, and a link to the dashboard above.
    const tutoring::class_reports class_reports({
        report_source,
        library,
        tutoring.shelf(),
        [&report_thread](std::function<void()> f) { boost::asio::post(report_thread, std::move(f)); },
        [&server](std::function<void()> f) { boost::asio::post(server.context(), std::move(f)); },
        [&report_links, &public_url = cfg.public_url](const std::string& scope, const std::string& by,
                                                      engine::instant at) {
            const auto until = std::chrono::time_point_cast<std::chrono::seconds>(at) + tutoring::report_link_lifetime;
            return public_url + "/reports?" + report_links->query({scope, by, until});
        },
        now,
        log,
    });

    // Calls back to the platforms share the server's IO threads; declared after the server, so destroyed first.
    outbound::client_options outbound_options;
    outbound_options.user_agent = "quizbot/0.1";
    outbound::client outbound(server.context(), outbound_options, log, metrics);
    // Platform adapters: each registers its routes when its credentials are configured.
    if (!cfg.slack.signing_secret.empty()) {
        round_publishers["slack"] =
            slack::add_slack_routes(routes, {tutoring, cfg.slack, cfg.public_url, outbound, log, &*rounds, now,
                                             [] { return std::chrono::system_clock::now(); }, &class_reports});
        log.info("slack routes on /slack/commands /slack/interactions /slack/events");
    }
    if (!cfg.discord.public_key.empty()) {
        discord::endpoint_settings discord_settings;
        discord_settings.public_key = cfg.discord.public_key;
        discord_settings.api_base = cfg.discord.api_base;
        discord_settings.defer_after = hooks.discord_defer_after;
        discord_settings.application_id = cfg.discord.application_id;
        discord_settings.instructor_roles = cfg.discord.instructor_roles;
        round_publishers["discord"] =
            discord::add_discord_routes(routes, {tutoring, *rounds, server.context(), outbound, log, discord_settings,
                                                 &cfg.public_url, now, &class_reports});
        log.info("discord route on /discord/interactions");
    }

    std::optional<tutoring::reminders> reminders;
    if (cfg.reminders) {
        if (!cfg.discord.public_key.empty() && !cfg.discord.bot_token.empty()) {
            reminder_senders["discord"] = discord::reminder_dm_sender(
                outbound, {cfg.discord.api_base, cfg.discord.bot_token, cfg.public_url}, log);
        }
        if (!cfg.slack.signing_secret.empty() && !cfg.slack.bot_token.empty()) {
            reminder_senders["slack"] =
                slack::reminder_dm_sender(outbound, cfg.slack.api_base, std::string(cfg.slack.bot_token.reveal()), log);
        }
    }
    // Without a platform to send on (the playground alone), nothing is scheduled and nothing wakes for reminders.
    if (!reminder_senders.empty()) {
        reminder_timer.emplace(server.context(), now, [&reminders] { reminders->tick(); });
        reminders.emplace(tutoring::reminders_parts{
            reminder_book, tutor, pack_keys, identities, zones, *writer, now, log,
            [&server](std::function<void()> f) { boost::asio::post(server.context(), std::move(f)); },
            [&server](std::chrono::milliseconds delay, std::function<void()> f) {
                auto timer = std::make_shared<boost::asio::steady_timer>(server.context(), delay);
                timer->async_wait([timer, f = std::move(f)](const boost::system::error_code& error) {
                    if (!error) {
                        f();
                    }
                });
            },
            [&reminder_timer](engine::instant at) { reminder_timer->wake_at(at); }, reminder_senders,
            [&metrics](std::string_view outcome, int count) {
                metrics.reminders.with({std::string(outcome)}).inc(static_cast<std::uint64_t>(count));
            },
            reminder_pacing_of(hooks)});
        if (hooks.on_reminders) {
            hooks.on_reminders(*reminders);
        }
    }

    try {
        server.listen();
    } catch (const std::system_error& e) {
        return fail(streams, "QUIZBOT_LISTEN: " + std::string(e.what()));
    }
    if (cfg.listen.port == 0 && cfg.public_url == "http://" + cfg.listen.to_string()) {
        cfg.public_url = server.url(); // the default, now that the port is known
    }
    streams.out << "quizbot listening on " << server.url() << std::endl;
    if (cfg.playground) {
        log.info("playground url={}/", server.url());
    }
    log.info("listening url={} threads={}", server.url(), cfg.threads);
    std::optional<learner_expiry> expiry;
    if (cfg.playground && cfg.playground_expire_days > 0) {
        expiry.emplace(server.context(), *writer, *database, std::chrono::hours{24} * cfg.playground_expire_days, now,
                       log);
        expiry->start();
    }
    rounds->resume(open_questions);
    if (reminders) {
        reminders->tick(); // what fell due while the server was down (late ones are skipped), then the timer
    }
    if (hooks.on_listening) {
        hooks.on_listening(server);
    }
    server.run();
    if (reminders) {
        reminders->stop(); // a claim still queued would record reminders no IO thread is left to deliver
    }
    report_thread.join(); // the reports still running use the connection and the packs
    writer.reset();       // finishes the units still queued while what they use is alive
    log.info("stopped");
    return exit_ok;
}

const command serve_command{
    {"serve"},
    "[--help]",
    "serve HTTP (health, metrics, platforms) until SIGTERM or SIGINT; configured by environment variables",
    run_serve,
    serve_details,
};

} // namespace quiz::bot::cli
