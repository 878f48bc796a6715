// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace boost::asio {
class io_context;
}

namespace quiz::bot::timers {

/// The server's timers for round deadlines: wake_at(round, deadline) calls `fire(round)` on the IO threads once
/// `clock` reaches the deadline (at once when it has passed). The deadline itself lives in the database with the
/// round; a timer is only a reminder to look, so a newer request for a round replaces the older one (one for the same
/// deadline keeps it while it fires no later), and a lost timer (a restart, another node's round) is set again by
/// tutoring::rounds::look_for_deadlines. Thread-safe.
class round_timers {
public:
    round_timers(boost::asio::io_context& context, std::function<engine::instant()> clock,
                 std::function<void(engine::round_id)> fire);
    ~round_timers();
    round_timers(const round_timers&) = delete;
    round_timers& operator=(const round_timers&) = delete;

    void wake_at(engine::round_id round, engine::instant deadline);

private:
    struct pending;

    boost::asio::io_context& context_;
    std::function<engine::instant()> clock_;
    std::function<void(engine::round_id)> fire_;
    std::mutex mutex_;
    std::map<engine::round_id, std::shared_ptr<pending>> pending_;
};

} // namespace quiz::bot::timers
