// SPDX-License-Identifier: MIT
// `quizbot serve`: the server, as a list of its parts (each built in serve_startup, server_parts or front_ends) around
// the core every entry point shares (bot/assembly).
#include "bot/cli/serve.hpp"

#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/cli/front_ends.hpp"
#include "bot/cli/serve_startup.hpp"
#include "bot/cli/server_parts.hpp"
#include "bot/logging.hpp"
#include "bot/outbound/client.hpp"
#include "bot/tutoring/admission.hpp"

#include <spdlog/logger.h>

#include <ostream>
#include <string>

namespace quiz::bot::cli {

namespace {

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
    auto cfg = read_config(env, streams);
    if (!cfg) {
        return exit_usage;
    }
    const auto logger = hooks.log_sink ? make_logger(cfg->log, hooks.log_sink) : make_stderr_logger(cfg->log);
    spdlog::logger& log = *logger;
    log.info("starting {}", describe(*cfg));
    try {
        // The database first: nothing below is worth starting without it. Then the packs, and the signing key read
        // on the main connection before the writer owns it.
        auto database = open_database(*cfg);
        auto packs = load_content(*cfg, log);
        auto reports_access = open_report_access(*cfg, *database.storage);
        // The front ends' state outlives the server, whose timers may still hold the playground's waiting pages.
        front_ends fronts;
        http_server http(*cfg, hooks, log);
        database.storage->observe(storage_events_for(http.metrics));
        const auto run_on = http::executors_on(http.server.context());
        // The tutor, the refitter on its connection, the rounds' deadlines read, then the writer on the main one.
        assembly::core core(std::move(database.storage), std::move(packs), core_options_of(*cfg, hooks, http.metrics),
                            log);
        if (hooks.on_refitter) {
            hooks.on_refitter(*core.refitter());
        }
        http.add_service_routes(std::move(database.probe), !core.content().keys.empty());
        server_timers timers(http.server.context(), core);
        start_services(core, *cfg, hooks, http.metrics, run_on, timers, fronts);
        reports_thread reports(reports_access, core, *cfg, run_on, http.routes, log);
        // Calls back to the platforms share the server's IO threads; declared after the server, so destroyed first.
        outbound::client outbound(http.server.context(), outbound_options(), log, http.metrics);
        // New actions are refused before they are acknowledged while more work waits than this node finishes in a
        // platform's window (docs/reliability.md, "Overload").
        const tutoring::admission admitting(
            core.writer(), [&outbound] { return outbound.pending(); },
            {cfg->max_queued_actions, cfg->max_queued_messages},
            [&metrics = http.metrics](std::string_view platform) {
                metrics.refused_busy.with({std::string(platform)}).inc();
            });
        fronts.add({core, *cfg, hooks, http.routes, http.server.context(), run_on, outbound, reports_access,
                    reports.class_reports(), admitting, log});
        start_reminders(core, *cfg, hooks, http.metrics, run_on, timers, fronts);
        start_letters(core, *cfg, http);

        http.listen(*cfg, streams, log);
        timers.start_expiry(*cfg, core, log);
        timers.start_looking(core, hooks.look_every);
        if (hooks.on_listening) {
            hooks.on_listening(http.server);
        }
        http.server.run();

        core.stop_sending();  // a claim still queued would take messages no IO thread is left to deliver
        reports.join();       // the reports still running use the connection and the packs
        core.finish_writes(); // the units still queued, while what they use is alive
        log.info("stopped");
        return exit_ok;
    } catch (const bad_setting& e) {
        return fail(streams, e.what());
    } catch (const assembly::database_unavailable& e) {
        return fail(streams, "QUIZBOT_DB: cannot open the database: " + std::string(e.what()));
    }
}

const command serve_command{
    {"serve"},
    "[--help]",
    "serve HTTP (health, metrics, platforms) until SIGTERM or SIGINT; configured by environment variables",
    run_serve,
    serve_details,
};

} // namespace quiz::bot::cli
