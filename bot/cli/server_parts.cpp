// SPDX-License-Identifier: MIT
#include "bot/cli/server_parts.hpp"

#include "bot/cli/front_ends.hpp"
#include "bot/dashboard/class_view.hpp"
#include "bot/dashboard/routes.hpp"
#include "bot/http/service_routes.hpp"
#include "bot/logging.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/logger.h>

#include <ostream>
#include <system_error>

namespace quiz::bot::cli {

namespace {

http::server_options server_options_of(const config& cfg, const serve_hooks& hooks)
{
    http::server_options options;
    options.host = cfg.listen.host;
    options.port = cfg.listen.port;
    options.threads = cfg.threads;
    options.limits = cfg.limits;
    options.handle_signals = hooks.handle_signals;
    return options;
}

/// The answers metric's label for the platform an answer came from.
answer_source source_of(const std::string& platform)
{
    if (platform == "discord") {
        return answer_source::discord;
    }
    return platform == "slack" ? answer_source::slack : answer_source::web;
}

} // namespace

http_server::http_server(const config& cfg, const serve_hooks& hooks, spdlog::logger& log)
    : server(server_options_of(cfg, hooks), routes, log, metrics)
{
}

void http_server::add_service_routes(std::function<bool()> database_probe, bool content_loaded)
{
    checks = {
        {"database", std::move(database_probe)},
        {"content", [content_loaded] { return content_loaded; }},
    };
    http::add_service_routes(routes, checks, registry);
}

void http_server::listen(config& cfg, io streams, spdlog::logger& log)
{
    try {
        server.listen();
    } catch (const std::system_error& e) {
        throw bad_setting("QUIZBOT_LISTEN: " + std::string(e.what()));
    }
    if (cfg.listen.port == 0 && cfg.public_url == "http://" + cfg.listen.to_string()) {
        cfg.public_url = server.url(); // the default, now that the port is known
    }
    streams.out << "quizbot listening on " << server.url() << std::endl;
    if (cfg.playground) {
        log.info("playground url={}/", server.url());
    }
    log.info("listening url={} threads={}", server.url(), cfg.threads);
}

server_timers::server_timers(boost::asio::io_context& io, assembly::core& core)
    : context(io), rounds(io, core.clock(), [&core](engine::round_id round) { core.rounds().tick(round); })
{
}

void server_timers::start_reminders(assembly::core& core)
{
    reminders.emplace(context, core.clock(), [&core] { core.reminders()->tick(); });
}

void server_timers::wake_for_reminders(engine::instant at)
{
    if (reminders) {
        reminders->wake_at(at);
    }
}

void server_timers::start_expiry(const config& cfg, assembly::core& core, spdlog::logger& log)
{
    if (cfg.playground && cfg.playground_expire_days > 0) {
        expiry.emplace(context, core.writer(), core.storage().idle_learners(),
                       std::chrono::hours{24} * cfg.playground_expire_days, core.clock(), log);
        expiry->start();
    }
}

void server_timers::start_looking(assembly::core& core, std::chrono::milliseconds every)
{
    // Every second by default: a round opened through another node is revealed within about a second of its
    // deadline if that node dies; each look is one indexed read, and a reminders' claim that finds nothing due.
    looking.emplace(context, core.clock(), every, [&core] {
        core.rounds().look_for_deadlines();
        if (core.reminders() != nullptr) {
            core.reminders()->tick();
        }
    });
    looking->start();
}

reports_thread::reports_thread(report_access& access, assembly::core& core, const config& cfg,
                               const http::executors& run_on, http::router& routes, spdlog::logger& log)
    : source_(access.source), run_here_([this](std::function<void()> f) { boost::asio::post(thread_, std::move(f)); }),
      class_reports_({
          *source_,
          core.content().library,
          core.tutoring().shelf(),
          run_here_,
          run_on.post,
          // `/quiz report`'s link to the dashboard; the public URL is read at each use: it is known once listening.
          [&links = access.links, &public_url = cfg.public_url](const std::string& scope, const std::string& by,
                                                                engine::instant at) {
              const auto until =
                  std::chrono::time_point_cast<std::chrono::seconds>(at) + tutoring::report_link_lifetime;
              return public_url + "/reports?" + links.query({scope, by, until});
          },
          core.clock(),
          log,
      })
{
    dashboard::add_dashboard_routes(
        routes,
        {access.links,
         [source = source_, &library = core.content().library](
             const engine::report_scope& scope, const std::optional<engine::pack_key>& pack, engine::instant at) {
             return dashboard::load_class_view(*source, library, scope, pack, at);
         },
         run_here_, core.clock(),
         [&log](const std::exception& e) { log.error("dashboard report failed error={}", log_quote(e.what())); }});
}

tutoring::outbox_pacing letter_pacing(const config& cfg)
{
    tutoring::outbox_pacing pacing;
    pacing.lease = std::chrono::seconds{cfg.outbox_lease_seconds};
    return pacing;
}

outbound::client_options outbound_options()
{
    outbound::client_options options;
    options.user_agent = "quizbot/0.1";
    return options;
}

void start_services(assembly::core& core, const config& cfg, const serve_hooks& hooks, service_metrics& metrics,
                    const http::executors& run_on, server_timers& timers, front_ends& fronts)
{
    assembly::service_hooks handing{
        run_on.post,
        [&metrics](const std::string& platform) { metrics.answer_recorded(source_of(platform)); },
        hooks.before_unit,
        std::nullopt,
        assembly::letter_hooks{
            run_on.later,
            [&metrics](std::string_view kind, std::string_view outcome) {
                metrics.outbox.with({std::string(kind), std::string(outcome)}).inc();
            },
            [&metrics](std::int64_t waiting) { metrics.outbox_pending.set(waiting); },
            letter_pacing(cfg),
        },
    };
    if (cfg.reminders) {
        handing.reminders = assembly::reminder_hooks{
            [&timers](engine::instant at) { timers.wake_for_reminders(at); },
            [&fronts](const std::string& platform) { return fronts.can_send_reminders(platform); },
        };
    }
    core.start_tutoring(std::move(handing));
    tutoring::round_limits limits;
    limits.max_players = static_cast<int>(cfg.round_max_players);
    core.start_rounds({
        [&timers](engine::round_id round, engine::instant deadline) { timers.rounds.wake_at(round, deadline); },
        [&fronts](const tutoring::round_screen& shown) { fronts.publish(shown); },
        limits,
    });
}

void start_letters(assembly::core& core, const config& cfg, http_server& http)
{
    auto* letters = core.letters();
    if (letters == nullptr || !letters->sends_any()) {
        return; // no front end sends through it (the playground alone): nothing to look for, nothing to check
    }
    const auto most = static_cast<std::int64_t>(cfg.max_queued_messages);
    http.checks.push_back({"outbox", [letters, most] { return letters->backlog() <= most; }});
    letters->start();
}

void start_reminders(assembly::core& core, const config& cfg, const serve_hooks& hooks, service_metrics& metrics,
                     const http::executors& run_on, server_timers& timers, const front_ends& fronts)
{
    if (fronts.reminder_senders().empty()) {
        return;
    }
    timers.start_reminders(core);
    tutoring::reminder_pacing pacing;
    pacing.retry_after = hooks.reminder_retry_after;
    pacing.lease = std::chrono::seconds{cfg.reminder_lease_seconds};
    auto& reminders = core.start_reminders({
        run_on.later,
        [&timers](engine::instant at) { timers.reminders->wake_at(at); },
        fronts.reminder_senders(),
        [&metrics](std::string_view outcome, int count) {
            metrics.reminders.with({std::string(outcome)}).inc(static_cast<std::uint64_t>(count));
        },
        pacing,
    });
    if (hooks.on_reminders) {
        hooks.on_reminders(reminders);
    }
}

} // namespace quiz::bot::cli
