// SPDX-License-Identifier: MIT
#pragma once

#include "engine/pack_index.hpp"
#include "engine/tutor_service.hpp"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace spdlog {
class logger;
}
namespace SQLite {
class Database;
}
namespace quiz::storage {
class group_commit;
class sqlite_identity_store;
class sqlite_unit_of_work_factory;
} // namespace quiz::storage

namespace quiz::bot {
struct slack_settings;
namespace http {
class router;
}
namespace outbound {
class client;
}
} // namespace quiz::bot

namespace quiz::bot::slack {

/// What the Slack adapter works with. As in the playground, the tutor, the identity store and the units sit on the
/// group commit's connection: they are only called from units submitted to `writer`, never from an IO thread.
struct slack_backend {
    engine::tutor& tutor;
    storage::sqlite_identity_store& identities;
    storage::sqlite_unit_of_work_factory& units;
    storage::group_commit& writer;
    const engine::pack_library& library;
    std::vector<engine::pack_key> packs; ///< the first is the default
    std::function<engine::instant()> clock;
    const slack_settings& settings;
    const std::string& public_url; ///< read at each use: serve learns it once listening
    outbound::client& outbound;
    spdlog::logger& log;
    SQLite::Database& database; ///< the writer's connection, for erasing a learner inside a unit
    /// The clock that request timestamps are checked against.
    std::function<std::chrono::system_clock::time_point()> wall_clock = [] { return std::chrono::system_clock::now(); };
    /// Runs once a unit that recorded an answer has committed (the answers metric).
    std::function<void()> on_answer_recorded = nullptr;
};

/// Registers `POST /slack/commands`, `POST /slack/interactions` and `POST /slack/events` (docs/slack.md).
/// `backend` and what it refers to must outlive the router and the writer's queued units.
void add_slack_routes(http::router& routes, const slack_backend& backend);

} // namespace quiz::bot::slack
