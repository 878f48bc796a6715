// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/core.hpp"
#include "bot/cli/command.hpp"
#include "bot/cli/serve.hpp"
#include "bot/cli/serve_startup.hpp"
#include "bot/config.hpp"
#include "bot/http/executors.hpp"
#include "bot/http/router.hpp"
#include "bot/http/server.hpp"
#include "bot/http/service_routes.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/service_metrics.hpp"
#include "bot/timers/earliest_timer.hpp"
#include "bot/timers/learner_expiry.hpp"
#include "bot/timers/periodic_look.hpp"
#include "bot/timers/round_timers.hpp"
#include "bot/tutoring/class_reports.hpp"

#include <boost/asio/thread_pool.hpp>

#include <memory>
#include <optional>

namespace spdlog {
class logger;
}

namespace quiz::bot::cli {

class front_ends;

// The parts `quizbot serve` builds around the core (bot/assembly), each by its own constructor or function.

/// The HTTP server, its router and its metrics; not listening yet. Routes may be added until it runs.
struct http_server {
    http_server(const config& cfg, const serve_hooks& hooks, spdlog::logger& log);

    /// `/healthz` (the database's probe, the packs) and `/metrics`.
    void add_service_routes(std::function<bool()> database_probe, bool content_loaded);
    /// Binds QUIZBOT_LISTEN (bad_setting when it cannot), and settles the public URL's default once the port is
    /// known.
    void listen(config& cfg, io streams, spdlog::logger& log);

    metrics::registry registry;
    service_metrics metrics{registry};
    std::vector<http::health_check> checks; ///< read by `/healthz` at each request
    http::router routes;
    http::server server;
};

/// The server's timers on its IO threads, firing into the core's services.
struct server_timers {
    server_timers(boost::asio::io_context& context, assembly::core& core);

    /// Once reminders run: the timer waiting for the earliest one due.
    void start_reminders(assembly::core& core);
    /// A learner's next reminder was set; nothing wakes while no reminders run.
    void wake_for_reminders(engine::instant at);
    /// The playground's sweep of learners who never came back, when QUIZBOT_EXPIRE_ANONYMOUS_DAYS asks for one.
    void start_expiry(const config& cfg, assembly::core& core, spdlog::logger& log);
    /// The look in the database for the deadlines no timer of this node waits for, now and every second: what fell
    /// due while the server was down (late reminders are skipped), rounds opened and reminders set through another
    /// node on the same database, or left by a node that died.
    void start_looking(assembly::core& core, std::chrono::milliseconds every);

    boost::asio::io_context& context;
    timers::round_timers rounds; ///< round deadlines: rounds::tick
    std::optional<timers::earliest_timer> reminders;
    std::optional<timers::learner_expiry> expiry;
    std::optional<timers::periodic_look> looking;
};

/// The instructors' dashboard and `/quiz report` in chat, on the reports' read-only connection and on one thread of
/// their own: reading a class of 200 learners takes about 0.1 s, too long for an IO thread, and one thread keeps the
/// connection single-threaded and instructors' requests in line.
class reports_thread {
public:
    reports_thread(report_access& access, assembly::core& core, const config& cfg, const http::executors& run_on,
                   http::router& routes, spdlog::logger& log);

    [[nodiscard]] const tutoring::class_reports& class_reports() const noexcept { return class_reports_; }
    /// Waits for the reports still running: they use the connection and the packs.
    void join() { thread_.join(); }

private:
    std::shared_ptr<engine::report_source> source_;
    boost::asio::thread_pool thread_{1};
    std::function<void(std::function<void()>)> run_here_; ///< posts to thread_
    tutoring::class_reports class_reports_;
};

/// How the server calls the platforms back (the outbound client, on its IO threads).
[[nodiscard]] outbound::client_options outbound_options();

/// The learner's side and the rounds on the core: every front end's actions as units of the writer, screens handed
/// back to the IO threads, deadlines on the server's timers, each round's change to the front end of its platform.
void start_services(assembly::core& core, const config& cfg, const serve_hooks& hooks, service_metrics& metrics,
                    const http::executors& run_on, server_timers& timers, front_ends& fronts);

/// The outbox's sender, once the front ends added theirs (if none did, nothing): what a restart or a dead node left
/// is sent now, and `/healthz` fails while more than QUIZBOT_MAX_QUEUED_MESSAGES wait in it.
void start_letters(assembly::core& core, const config& cfg, http_server& http);

/// Reminders by DM, when a platform can send them (a bot token); without one (the playground alone) nothing is
/// scheduled and nothing wakes for them.
void start_reminders(assembly::core& core, const config& cfg, const serve_hooks& hooks, service_metrics& metrics,
                     const http::executors& run_on, server_timers& timers, const front_ends& fronts);

} // namespace quiz::bot::cli
