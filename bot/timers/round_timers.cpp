// SPDX-License-Identifier: MIT
#include "bot/timers/round_timers.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace quiz::bot::timers {

struct round_timers::pending {
    pending(boost::asio::io_context& context, engine::instant when) : timer(context), deadline(when) {}
    boost::asio::steady_timer timer;
    engine::instant deadline;
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
    auto next = std::make_shared<pending>(context_, deadline);
    next->timer.expires_after(wait);
    {
        const std::lock_guard lock(mutex_);
        auto& slot = pending_[round];
        if (slot && slot->deadline == deadline && slot->timer.expiry() <= next->timer.expiry()) {
            return; // already waiting for it, no later: the periodic look asks again every second
        }
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
