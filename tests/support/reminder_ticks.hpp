// SPDX-License-Identifier: MIT
// The server's reminders, held for a test (serve_hooks::on_reminders) and ticked at the server's clock.
#pragma once

#include "bot/tutoring/reminders.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>

namespace quiz::test {

/// Where serve_hooks::on_reminders puts the running server's reminders (null before it starts).
using reminders_slot = std::shared_ptr<std::atomic<bot::tutoring::reminders*>>;

inline reminders_slot make_reminders_slot()
{
    return std::make_shared<std::atomic<bot::tutoring::reminders*>>(nullptr);
}

/// Claims the reminders due at the server's clock and waits until each is delivered.
inline bot::tutoring::reminder_round_up tick_reminders(const reminders_slot& slot)
{
    auto done = std::make_shared<std::promise<bot::tutoring::reminder_round_up>>();
    auto* r = slot->load();
    REQUIRE(r != nullptr);
    r->tick([done](const bot::tutoring::reminder_round_up& up) { done->set_value(up); });
    auto result = done->get_future();
    REQUIRE(result.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    return result.get();
}

} // namespace quiz::test
