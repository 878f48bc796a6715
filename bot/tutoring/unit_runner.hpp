// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"

#include <functional>
#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

/// Runs one person's action as one unit of the action queue and hands what it shows back to the front end: the
/// part every action of the tutoring layer shares.
class unit_runner {
public:
    using hand_over_fn = std::function<void(std::function<void()>)>;

    unit_runner(engine::action_queue& queue, spdlog::logger& log, hand_over_fn hand_over,
                std::function<void()> before_unit);

    /// Runs `decide` as a unit. Once its fate is final, on the queue's thread, `settle(failed)` (a failed unit is
    /// logged here with `platform`); then `deliver` through hand_over when `hand_over` is set, else at once.
    /// false when the queue is stopping (nothing was queued).
    bool submit(const std::string& platform, std::function<void()> decide, std::function<void(bool failed)> settle,
                std::function<void()> deliver, bool hand_over) const;

    /// Runs `f` off the queue's thread, as deliveries are (the server: on its IO threads).
    void hand_over(std::function<void()> f) const;

private:
    engine::action_queue& queue_;
    spdlog::logger& log_;
    hand_over_fn hand_over_;
    std::function<void()> before_unit_;
};

} // namespace quiz::bot::tutoring
