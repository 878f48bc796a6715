// SPDX-License-Identifier: MIT
#include "bot/tutoring/unit_runner.hpp"

#include <spdlog/logger.h>

#include <stdexcept>

namespace quiz::bot::tutoring {

namespace {

std::string describe(const std::exception_ptr& failure)
{
    try {
        std::rethrow_exception(failure);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown exception";
    }
}

} // namespace

unit_runner::unit_runner(engine::action_queue& queue, spdlog::logger& log, hand_over_fn hand_over,
                         std::function<void()> before_unit)
    : queue_(queue), log_(log), hand_over_(std::move(hand_over)), before_unit_(std::move(before_unit))
{
}

bool unit_runner::submit(const std::string& platform, std::function<void()> decide,
                         std::function<void(bool failed)> settle, std::function<void()> deliver, bool hand_over) const
{
    try {
        queue_.submit(
            [this, decide = std::move(decide)] {
                if (before_unit_) {
                    before_unit_();
                }
                decide();
            },
            [this, platform, hand_over, settle = std::move(settle),
             deliver = std::move(deliver)](std::exception_ptr failure) mutable {
                if (failure) {
                    log_.error("action failed platform={} reason={}", platform, describe(failure));
                }
                settle(failure != nullptr);
                if (hand_over && hand_over_) {
                    hand_over_(std::move(deliver));
                } else {
                    deliver();
                }
            });
    } catch (const std::logic_error&) { // the queue is stopping
        log_.warn("action dropped: the server is stopping platform={}", platform);
        return false;
    }
    return true;
}

void unit_runner::hand_over(std::function<void()> f) const
{
    if (hand_over_) {
        hand_over_(std::move(f));
    } else {
        f();
    }
}

} // namespace quiz::bot::tutoring
