// SPDX-License-Identifier: MIT
#pragma once

#include "bot/timers/earliest_timer.hpp"
#include "engine/core/identity_ports.hpp"
#include "engine/core/tutor_ids.hpp"

#include <chrono>
#include <functional>

namespace spdlog {
class logger;
}

namespace quiz::bot::timers {

/// Erases playground learners who never came back (engine::idle_learner_expiry) once their last visit is `keep`
/// old: a writer unit at start, then every hour, sooner while a backlog remains. An exposed playground then keeps
/// only the learners who return. Lives as long as the server's context and the writer; `expiry` is on the writer's
/// connection.
class learner_expiry {
public:
    learner_expiry(boost::asio::io_context& context, engine::action_queue& writer, engine::idle_learner_expiry& expiry,
                   std::chrono::hours keep, std::function<engine::instant()> clock, spdlog::logger& log);

    /// The first sweep, right away.
    void start();

private:
    void sweep();

    engine::action_queue& writer_;
    engine::idle_learner_expiry& expiry_;
    std::chrono::hours keep_;
    std::function<engine::instant()> clock_;
    spdlog::logger& log_;
    earliest_timer timer_;
};

} // namespace quiz::bot::timers
