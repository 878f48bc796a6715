// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/packs.hpp"
#include "bot/assembly/sources.hpp"
#include "bot/assembly/storage_engine.hpp"
#include "bot/recall_refitter.hpp"
#include "bot/time_zones.hpp"
#include "bot/tutoring/outbox_sender.hpp"
#include "bot/tutoring/reminders.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/tutoring/service.hpp"
#include "engine/rounds/round_service.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::assembly {

/// How the core is built: what the configuration (or a command's options) says.
struct core_options {
    engine::tutor_config tutor;
    clock_fn clock; ///< the time every part is stamped with; empty: the system clock
    seeds_fn seeds; ///< new sessions', rounds' and rooms' random draws; empty: random_seeds()
    /// How learners' memory models are refitted, on a connection and a thread of the refitter's own; nullopt: they
    /// are not (a generated class).
    std::optional<recall_refitter_options> refit;
    /// Told how long each of the writer's transactions took, on its thread (the server's metric).
    std::function<void(std::chrono::steady_clock::duration)> on_batch;
};

/// Learners' reminder settings (`/quiz remind`), for a server that sends reminders.
struct reminder_hooks {
    std::function<void(engine::instant)> scheduled;            ///< a learner's next reminder was set
    std::function<bool(const std::string& platform)> can_send; ///< a bot token is configured for it
};

/// How messages to the platforms leave through the outbox (docs/reliability.md, "The outbox").
struct letter_hooks {
    std::function<void(std::chrono::milliseconds, std::function<void()>)> after; ///< the server's timers
    std::function<void(std::string_view kind, std::string_view outcome)> counted;
    std::function<void(std::int64_t waiting)> looked;
    tutoring::outbox_pacing pacing;
};

/// How the tutoring services hand their results back. Each may be empty: the terminal takes its screens on the
/// writer's thread and counts nothing.
struct service_hooks {
    std::function<void(std::function<void()>)> hand_over; ///< off the writer's thread (the server: its IO threads)
    std::function<void(const std::string& platform)> on_answer_recorded;
    std::function<void()> before_unit;
    std::optional<reminder_hooks> reminders; ///< nullopt: no reminders are sent, and `remind` says so
    std::optional<letter_hooks> letters;     ///< nullopt: front ends send what they show themselves
};

/// What study groups' rounds need from the server: its timers and its front ends.
struct round_hooks {
    std::function<void(engine::round_id, engine::instant deadline)> wake_at;
    std::function<void(const tutoring::round_screen&)> publish;
    tutoring::round_limits limits;
};

/// What reminders by DM need from the server: its timers and the platforms' senders.
struct reminder_delivery {
    std::function<void(std::chrono::milliseconds, std::function<void()>)> after;
    std::function<void(engine::instant)> wake_at;
    std::map<std::string, tutoring::reminder_sender, std::less<>> senders;
    std::function<void(std::string_view outcome, int count)> counted;
    tutoring::reminder_pacing pacing;
};

/// The parts every entry point shares (`quizbot serve`, `play`, `report demo-class`, `remind preview`), assembled
/// once, in this order: the tutor and the group tutor on the storage's main connection; the refitter on a
/// connection of its own; the rounds' open deadlines read; then the writer takes the main connection. The tutoring
/// services are started on demand, with what the entry point hands back through.
///
/// Shutting down: stop_sending, then finish_writes while whatever the services' hooks reach is alive; the
/// destructor finishes the writes too.
class core {
public:
    core(std::unique_ptr<storage_engine> storage, packs content, core_options options, spdlog::logger& log);
    ~core();
    core(const core&) = delete;
    core& operator=(const core&) = delete;

    [[nodiscard]] const clock_fn& clock() const noexcept { return clock_; }
    [[nodiscard]] const seeds_fn& seeds() const noexcept { return seeds_; }
    [[nodiscard]] const packs& content() const noexcept { return packs_; }
    [[nodiscard]] storage_engine& storage() noexcept { return *storage_; }
    [[nodiscard]] engine::action_queue& writer() noexcept { return *writer_; }
    /// Null without core_options::refit.
    [[nodiscard]] recall_refitter* refitter() noexcept { return refitter_ ? &*refitter_ : nullptr; }
    [[nodiscard]] const engine::zone_directory& zones() const noexcept { return zones_; }
    /// Reviews due per learner, as reminders count them; inside a unit of the writer.
    [[nodiscard]] engine::due_counter due_reviews();

    /// Runs `work` as one unit of the writer whose changes are rolled back once it has run (a preview).
    void run_rolled_back(std::function<void()> work);

    /// The learner's side, every front end's actions as units of the writer. Once.
    tutoring::service& start_tutoring(service_hooks hooks);
    /// Study groups' rounds, after start_tutoring, handing back through its hooks. Once.
    tutoring::rounds& start_rounds(round_hooks hooks);
    /// Reminders by DM, after start_tutoring, handing back through its hooks. Once.
    tutoring::reminders& start_reminders(reminder_delivery delivery);

    [[nodiscard]] tutoring::service& tutoring() { return *tutoring_; }
    [[nodiscard]] tutoring::rounds& rounds() { return *rounds_; }
    /// Null unless service_hooks::letters: the front ends add their senders, then the entry point starts it.
    [[nodiscard]] tutoring::outbox_sender* letters() noexcept { return letters_ ? &*letters_ : nullptr; }
    /// Null until start_reminders.
    [[nodiscard]] tutoring::reminders* reminders() noexcept { return reminders_ ? &*reminders_ : nullptr; }

    /// Claims no more reminders nor letters: what it claimed now could not be delivered any more.
    void stop_sending() noexcept;
    /// Finishes the units still queued, then stops the writer; nothing may be queued after.
    void finish_writes() noexcept;

private:
    std::unique_ptr<storage_engine> storage_;
    packs packs_;
    spdlog::logger& log_;
    clock_fn clock_;
    seeds_fn seeds_;
    time_zone_cache zones_;
    engine::tutor tutor_;
    engine::group_tutor groups_;
    std::unique_ptr<side_connection> refit_connection_;
    std::optional<recall_refitter> refitter_;
    engine::action_queue* writer_ = nullptr;
    service_hooks hooks_;
    std::optional<tutoring::reminder_settings> reminder_settings_;
    std::optional<tutoring::outbox_sender> letters_;
    std::optional<tutoring::service> tutoring_;
    std::optional<tutoring::rounds> rounds_;
    std::optional<tutoring::reminders> reminders_;
};

} // namespace quiz::bot::assembly
