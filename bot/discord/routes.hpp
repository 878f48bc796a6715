// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/flows.hpp"

#include <chrono>
#include <functional>
#include <string>

namespace boost::asio {
class io_context;
}
namespace spdlog {
class logger;
}
namespace quiz::storage {
class group_commit;
}
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
    /// Past this, a reply still being worked on is deferred (type 5 or 6) and delivered later through the API:
    /// Discord drops interactions not answered within 3 s.
    std::chrono::milliseconds defer_after{2'000};
};

/// What the endpoint works with. Everything must outlive the router.
struct endpoint_backend {
    tutoring tutor;
    storage::group_commit& writer;
    boost::asio::io_context& context; ///< the server's, for the deferral timers
    outbound::client& outbound;
    spdlog::logger& log;
    endpoint_settings settings;
    std::function<engine::instant()> clock;
    std::function<std::uint64_t()> seeds; ///< a new session's choice shuffle
    /// Runs at the start of every unit, on the writer thread (tests slow units down with it to exercise deferral).
    std::function<void()> before_unit;
    /// Runs once a unit that recorded an answer has committed (the answers metric).
    std::function<void()> on_answer_recorded;
};

/// Registers `POST /discord/interactions` (docs/discord.md): verifies the signature before anything else (401),
/// answers PING with PONG, and runs each command or click as one group commit unit, answering in the HTTP response,
/// or deferring and editing the reply through the API when the unit takes longer than `defer_after`.
/// Throws std::invalid_argument for a malformed public key.
void add_discord_routes(http::router& routes, endpoint_backend backend);

} // namespace quiz::bot::discord
