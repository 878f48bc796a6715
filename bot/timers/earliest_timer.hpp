// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace boost::asio {
class io_context;
}

namespace quiz::bot::timers {

/// One timer that wakes at the earliest instant it was asked for: wake_at(t) calls `fire()` on the IO threads once
/// `clock` reaches t, unless an earlier wake is already set (a later one never delays it). What it wakes for lives in
/// the database (reminders' next_at); the timer is only a reminder to look, set again after each look and at
/// startup. Thread-safe.
class earliest_timer {
public:
    earliest_timer(boost::asio::io_context& context, std::function<engine::instant()> clock,
                   std::function<void()> fire);
    ~earliest_timer();
    earliest_timer(const earliest_timer&) = delete;
    earliest_timer& operator=(const earliest_timer&) = delete;

    void wake_at(engine::instant at);

private:
    struct pending;

    boost::asio::io_context& context_;
    std::function<engine::instant()> clock_;
    std::function<void()> fire_;
    std::mutex mutex_;
    std::shared_ptr<pending> pending_;
};

} // namespace quiz::bot::timers
