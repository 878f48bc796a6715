// SPDX-License-Identifier: MIT
#include "bot/timers/earliest_timer.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace quiz::bot::timers {

struct earliest_timer::pending {
    pending(boost::asio::io_context& context, engine::instant when) : timer(context), at(when) {}
    boost::asio::steady_timer timer;
    engine::instant at;
};

earliest_timer::earliest_timer(boost::asio::io_context& context, std::function<engine::instant()> clock,
                               std::function<void()> fire)
    : context_(context), clock_(std::move(clock)), fire_(std::move(fire))
{
}

earliest_timer::~earliest_timer()
{
    const std::lock_guard lock(mutex_);
    if (pending_) {
        pending_->timer.cancel();
    }
}

void earliest_timer::wake_at(engine::instant at)
{
    // A little after the instant, so that the clock the work is judged by has passed it too.
    const auto wait = std::max(at - clock_(), engine::instant::duration::zero()) + std::chrono::milliseconds{5};
    auto next = std::make_shared<pending>(context_, at);
    next->timer.expires_after(wait);
    // Set and cancelled under the lock, so a replaced timer's wait is always cancelled.
    const std::lock_guard lock(mutex_);
    if (pending_) {
        if (pending_->at <= at) {
            return; // an earlier wake is set; it looks again and sets the next one
        }
        pending_->timer.cancel();
    }
    pending_ = next;
    next->timer.async_wait([this, next](const boost::system::error_code& error) {
        if (error) {
            return; // replaced or shutting down
        }
        {
            const std::lock_guard fired(mutex_);
            if (pending_ == next) {
                pending_.reset();
            }
        }
        fire_();
    });
}

} // namespace quiz::bot::timers
