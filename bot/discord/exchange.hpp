// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/discord/webhook.hpp"
#include "bot/http/router.hpp"

#include <chrono>
#include <functional>

namespace boost::asio {
class io_context;
}
namespace spdlog {
class logger;
}
namespace quiz::bot::outbound {
class client;
}

namespace quiz::bot::discord {

/// What answering an interaction works with; all of it outlives the server.
struct exchange_parts {
    boost::asio::io_context& context; ///< for the deferral timers
    outbound::client& outbound;
    spdlog::logger& log;
    std::string api_base;
    const std::string* public_url; ///< read at each use: `quizbot serve` knows it only once it listens
    std::chrono::milliseconds defer_after;
};

/// Inside the unit that decides the reply, before it commits: true when the response has deferred, so that the unit
/// writes the reply to the outbox (deferred_reply_letter) and `done` sends nothing; false when the reply goes back in
/// the HTTP response, which from then on defers no more.
using deferral_check = std::function<bool()>;

/// Produces the reply and hands it to `done` (any thread, once); false when nothing could be queued (stopping).
/// `deferred` may be asked, inside the unit, whether the reply must go as a letter.
using reply_work = std::function<bool(std::function<void(const reply&)> done, deferral_check deferred)>;

/// Answers `in` with what `work` produces: in the HTTP response when it is ready within defer_after; otherwise the
/// response defers (type 5 "thinking…", ephemeral when `ephemeral_deferral`, for a command; 6 for a click) and the
/// reply follows through the interaction's webhook: from the outbox when the unit asked `deferred` (and so survives
/// the node), else from memory. Discord drops interactions not answered within 3 s.
void answer_interaction(const exchange_parts& parts, interaction in, http::responder reply, bool ephemeral_deferral,
                        const reply_work& work);

/// The HTTP answer to an interaction: `body` as JSON, never cached.
[[nodiscard]] http::response json_answer(const boost::json::object& body);

} // namespace quiz::bot::discord
