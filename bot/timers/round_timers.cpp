// SPDX-License-Identifier: MIT
#include "bot/timers/round_timers.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace quiz::bot::timers {

struct round_timers::pending {
    explicit pending(boost::asio::io_context& context) : timer(context) {}
    boost::asio::steady_timer timer;
};

round_timers::round_timers(boost::asio::io_context& context, std::function<engine::instant()> clock,
                           std::function<void(engine::round_id)> fire)
    : context_(context), clock_(std::move(clock)), fire_(std::move(fire))
{
}

round_timers::~round_timers()
{
    const std::lock_guard lock(mutex_);
    for (auto& [round, timer] : pending_) {
        timer->timer.cancel();
    }
}

void round_timers::wake_at(engine::round_id round, engine::instant deadline)
{
    // A little after the deadline, so that the clock the round is judged by has passed it too.
    const auto wait = std::max(deadline - clock_(), engine::instant::duration::zero()) + std::chrono::milliseconds{5};
    auto next = std::make_shared<pending>(context_);
    next->timer.expires_after(wait);
    {
        const std::lock_guard lock(mutex_);
        auto& slot = pending_[round];
        if (slot) {
            slot->timer.cancel();
        }
        slot = next;
    }
    next->timer.async_wait([this, round, next](const boost::system::error_code& error) {
        if (error) {
            return; // replaced or shutting down
        }
        {
            const std::lock_guard lock(mutex_);
            if (const auto it = pending_.find(round); it != pending_.end() && it->second == next) {
                pending_.erase(it);
            }
        }
        fire_(round);
    });
}

} // namespace quiz::bot::timers
