// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace boost::asio {
class io_context;
}
namespace spdlog {
class logger;
}
namespace quiz::bot::tutoring {
class service;
class rounds;
class class_reports;
class admission;
class outbox_sender;
struct round_screen;
} // namespace quiz::bot::tutoring
namespace quiz::bot::http {
class router;
}
namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::discord {

struct endpoint_settings {
    std::string public_key; ///< the application's Ed25519 public key, 64 hex digits
    std::string api_base = "https://discord.com/api/v10";
    /// DISCORD_APPLICATION_ID: the webhook path of a round's edits when no interaction is at hand (a timer's reveal
    /// after a restart); "" learns it from the first interaction.
    std::string application_id;
    /// Past this, a reply still being worked on is deferred (type 5 or 6) and delivered later through the API:
    /// Discord drops interactions not answered within 3 s.
    std::chrono::milliseconds defer_after{2'000};
    /// DISCORD_INSTRUCTOR_ROLES: members with one of these roles see class reports, as admins do.
    std::vector<std::string> instructor_roles;
};

/// What the endpoint works with. Everything must outlive the router.
struct endpoint_backend {
    tutoring::service& tutoring;
    tutoring::rounds& rounds;
    boost::asio::io_context& context; ///< the server's, for the deferral timers
    outbound::client& outbound;
    spdlog::logger& log;
    endpoint_settings settings;
    const std::string* public_url;          ///< read at each use: `quizbot serve` knows it only once it listens
    std::function<engine::instant()> clock; ///< the rounds' clock (interaction tokens' ages)
    const tutoring::class_reports* reports; ///< `/quiz report`; null: the command is answered with the help
    /// Refuses a command or click (privately: busy) when this node could not finish it in time; null: never.
    const tutoring::admission* admission = nullptr;
    /// The outbox's sender: the edits of rounds' messages go through it (round_letters).
    tutoring::outbox_sender* letters = nullptr;
};

/// Registers `POST /discord/interactions` (docs/discord.md): verifies the signature before anything else (401),
/// answers PING with PONG, and runs each command or click as one action of the tutoring layer, answering in the HTTP
/// response, or deferring and editing the reply through the API when the unit takes longer than `defer_after`;
/// `/quiz group` and its round's buttons as actions of the rounds (whose changes reach Discord as the outbox's
/// letters); `/quiz report` through the class reports. Throws std::invalid_argument for a malformed public key.
void add_discord_routes(http::router& routes, endpoint_backend backend);

} // namespace quiz::bot::discord
