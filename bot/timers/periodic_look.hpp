// SPDX-License-Identifier: MIT
#pragma once

#include "bot/timers/earliest_timer.hpp"
#include "engine/core/tutor_ids.hpp"

#include <functional>

namespace quiz::bot::timers {

/// Calls `look()` on the IO threads at start, then every `period` (zero: at start only). The server looks in the
/// database this way for deadlines it set no timer for: rounds opened and reminders set through another node on the
/// same database, or left by a node that died. Whichever live node looks first claims each one, in the unit's
/// transaction, so every deadline is owned by a live node and fires once (docs/groups.md, docs/scaling.md).
class periodic_look {
public:
    periodic_look(boost::asio::io_context& context, std::function<engine::instant()> clock,
                  engine::instant::duration period, std::function<void()> look);

    /// The first look, right away.
    void start();

private:
    std::function<engine::instant()> clock_;
    engine::instant::duration period_;
    std::function<void()> look_;
    earliest_timer timer_;
};

} // namespace quiz::bot::timers
