// SPDX-License-Identifier: MIT
// The server's reminders, held for a test (serve_hooks::on_reminders) and ticked at the server's clock.
#pragma once

#include "bot/tutoring/reminders.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>

namespace quiz::test {

/// Where serve_hooks::on_reminders puts the running server's reminders (null before it starts).
using reminders_slot = std::shared_ptr<std::atomic<bot::tutoring::reminders*>>;

inline reminders_slot make_reminders_slot()
{
    return std::make_shared<std::atomic<bot::tutoring::reminders*>>(nullptr);
}

/// Claims the reminders due at the server's clock and waits until each is delivered; nullopt when the server has no
/// reminders or they did not finish within 30 s. Makes no assertion: safe on threads of the test's own.
inline std::optional<bot::tutoring::reminder_round_up> tick_reminders_quietly(const reminders_slot& slot)
{
    auto* r = slot->load();
    if (r == nullptr) {
        return std::nullopt;
    }
    auto done = std::make_shared<std::promise<bot::tutoring::reminder_round_up>>();
    r->tick([done](const bot::tutoring::reminder_round_up& up) { done->set_value(up); });
    auto result = done->get_future();
    if (result.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
        return std::nullopt;
    }
    return result.get();
}

/// The same, on the test's thread: a tick that does not finish fails the test.
inline bot::tutoring::reminder_round_up tick_reminders(const reminders_slot& slot)
{
    const auto up = tick_reminders_quietly(slot);
    REQUIRE(up);
    return *up;
}

} // namespace quiz::test
