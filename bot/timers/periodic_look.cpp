// SPDX-License-Identifier: MIT
#include "bot/timers/periodic_look.hpp"

namespace quiz::bot::timers {

periodic_look::periodic_look(boost::asio::io_context& context, std::function<engine::instant()> clock,
                             engine::instant::duration period, std::function<void()> look)
    : clock_(std::move(clock)), period_(period), look_(std::move(look)), timer_(context, clock_, [this] {
          if (period_ > engine::instant::duration::zero()) {
              timer_.wake_at(clock_() + period_); // first: a look that throws must not stop the next ones
          }
          look_();
      })
{
}

void periodic_look::start() { timer_.wake_at(clock_()); }

} // namespace quiz::bot::timers
