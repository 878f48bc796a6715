// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/core.hpp"
#include "bot/assembly/storage_engine.hpp"
#include "bot/cli/command.hpp"
#include "bot/cli/serve.hpp"
#include "bot/config.hpp"
#include "bot/dashboard/report_link.hpp"
#include "bot/web/learner_token.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

namespace spdlog {
class logger;
}
namespace quiz::bot {
struct service_metrics;
}

namespace quiz::bot::cli {

// `quizbot serve`'s checks at startup, in the order it makes them: each names the setting it finds unusable
// (bad_setting), and serve exits 2 with that message.

/// A setting `quizbot serve` cannot start with; `what()` starts with the variable's name.
class bad_setting : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Every variable checked at once; nullopt after writing each problem to `streams.err`.
[[nodiscard]] std::optional<config> read_config(const environment& env, io streams);

/// The database, first: nothing else is worth starting without it. Its health probe comes on a connection of its
/// own.
struct opened_database {
    std::unique_ptr<assembly::storage_engine> storage;
    std::function<bool()> probe;
};
[[nodiscard]] opened_database open_database(const config& cfg);

/// The packs of QUIZBOT_CONTENT (warnings logged); bad_setting naming the first errors, file:line each.
[[nodiscard]] assembly::packs load_content(const config& cfg, spdlog::logger& log);

/// What the dashboard, the playground's tokens and `/quiz report` read: the signing key, read (or made) on the main
/// connection before the writer owns it, and the reports' read-only connection.
struct report_access {
    dashboard::report_links links;
    web::learner_tokens learner_tokens; ///< signed with the same key, under another label
    std::shared_ptr<engine::report_source> source;
};
[[nodiscard]] report_access open_report_access(const config& cfg, assembly::storage_engine& storage);

/// The storage engine's events (PostgreSQL's pool waits, retries and lost connections) counted in `metrics`.
[[nodiscard]] assembly::storage_events storage_events_for(service_metrics& metrics);

/// The core as the configuration and the hooks say: the tutor's settings, the clock, the refitter, and each writer
/// transaction timed in `metrics`.
[[nodiscard]] assembly::core_options core_options_of(const config& cfg, const serve_hooks& hooks,
                                                     service_metrics& metrics);

} // namespace quiz::bot::cli
