// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/command.hpp"
#include "bot/config.hpp"
#include "bot/recall_refitter.hpp"

#include <spdlog/fwd.h>

#include <chrono>
#include <functional>
#include <memory>

namespace quiz::bot::http {
class server;
}
namespace quiz::bot::tutoring {
class reminders;
}

namespace quiz::bot::cli {

/// What `quizbot serve` takes from its surroundings, so tests can run it in-process.
struct serve_hooks {
    std::shared_ptr<spdlog::sinks::sink> log_sink;   ///< null: standard error
    std::function<void(http::server&)> on_listening; ///< called once bound, before serving (on the calling thread)
    bool handle_signals = true;
    /// Discord: how long a reply may take before the interaction is deferred.
    std::chrono::milliseconds discord_defer_after{2'000};
    /// Between attempts to deliver a reminder (tests shorten it).
    std::chrono::milliseconds reminder_retry_after{30'000};
    /// Run at the start of every user action's unit on the writer thread (tests slow units with it to exercise
    /// Discord's deferral).
    std::function<void()> before_unit;
    /// How learners' memory models are refitted (tests lower the threshold and slow the fit to show that no answer
    /// waits for it); on_refitter is given the running refitter, for tests to wait on.
    recall_refitter_options refit;
    std::function<void(recall_refitter&)> on_refitter;
    /// The time every use case is stamped with (null: the system clock); tests move it to cross days.
    std::function<engine::instant()> clock;
    /// Given the reminders once they exist (QUIZBOT_REMINDERS on), before listening: tests tick them after moving
    /// the clock.
    std::function<void(tutoring::reminders&)> on_reminders;
    /// How often the server looks in the database for the deadlines its own timers do not wait for (rounds and
    /// reminders of other servers on the database: docs/groups.md). Zero: once, at start only, for tests that move
    /// the clock and tick the reminders themselves, where a look of its own would claim what the test ticks for.
    std::chrono::milliseconds look_every{1'000};
};

/// `quizbot serve`: reads the configuration from `env`, opens the database and the content, serves until stopped.
/// Returns exit_usage (2) with a message naming the problem when any of them is unusable.
int serve(const environment& env, io streams, const serve_hooks& hooks);

} // namespace quiz::bot::cli
