// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <chrono>
#include <functional>
#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot {
struct slack_settings;
namespace http {
class router;
}
namespace outbound {
class client;
}
namespace tutoring {
class service;
class rounds;
class class_reports;
class admission;
struct round_screen;
} // namespace tutoring
} // namespace quiz::bot

namespace quiz::bot::tutoring {
class outbox_sender;
}

namespace quiz::bot::slack {

/// What the Slack front end works with.
struct slack_backend {
    tutoring::service& tutoring;
    const slack_settings& settings;
    const std::string& public_url; ///< read at each use: serve learns it once listening
    outbound::client& outbound;
    spdlog::logger& log;
    /// Study groups' rounds (null: `/quiz group` is unknown).
    tutoring::rounds* rounds = nullptr;
    /// The time rounds are judged by (the server's one clock): their time left, the age of a response_url.
    std::function<engine::instant()> clock;
    /// The clock that request timestamps are checked against: the system's, as Slack's are.
    std::function<std::chrono::system_clock::time_point()> wall_clock = [] { return std::chrono::system_clock::now(); };
    /// `/quiz report` (null: the verb is unknown).
    const tutoring::class_reports* reports = nullptr;
    /// Refuses a request (503, before the acknowledgement) when this node could not finish it in time; null: never.
    const tutoring::admission* admission = nullptr;
    /// Learners' updates through a response_url go through the outbox when set (its sender is added here);
    /// null: sent straight away.
    tutoring::outbox_sender* letters = nullptr;
};

/// Registers `POST /slack/commands`, `POST /slack/interactions` and `POST /slack/events` (docs/slack.md): each
/// checks the signature first (401) and parses (400), answers 200 at once, runs the action through the tutoring
/// layer and delivers its screen through the response_url or the Web API. `backend` and what it refers to must
/// outlive the router and the tutoring layer's queued actions. Returns what shows every change of a Slack round in
/// its channel (for the rounds' publish hook; empty without `backend.rounds`).
[[nodiscard]] std::function<void(const tutoring::round_screen&)> add_slack_routes(http::router& routes,
                                                                                  const slack_backend& backend);

} // namespace quiz::bot::slack
