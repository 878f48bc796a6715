// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/delivery.hpp"
#include "bot/tutoring/unit_runner.hpp"

#include "engine/core/identity_ports.hpp"
#include "engine/core/language.hpp"
#include "engine/core/outbox.hpp"
#include "engine/reminders/reminder_book.hpp"
#include "engine/reminders/reminder_claims.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

/// A reminder to deliver, in the learner's language, with its two buttons' labels.
struct reminder_message {
    engine::learner_id learner;
    engine::platform_identity who;
    engine::language lang = engine::language::en;
    std::string text;
    std::string start_label;
    std::string unsubscribe_label;
};

/// A platform's way of sending a DM; calls `done` once, on any thread. `refused`: the platform will not deliver to
/// this person (Discord 50007), and their reminders are turned off.
using reminder_sender = std::function<void(const reminder_message&, std::function<void(delivery)> done)>;

/// How fast reminders go out, below the platforms' limits (docs/reminders.md).
struct reminder_pacing {
    std::size_t batch = 50; ///< reminders claimed per transaction
    /// Reminders a second per platform (others: 1), each batch's deliveries spread at that pace.
    std::map<std::string, double, std::less<>> per_second{{"discord", 10.0}, {"slack", 0.8}};
    int max_attempts = 3;                          ///< deliveries tried in a row per claim of a reminder
    std::chrono::milliseconds retry_after{30'000}; ///< between them (doubling)
    /// How long a claimed reminder is held by its sender (QUIZBOT_REMINDER_LEASE_SECONDS): one whose sender died is
    /// sent again after this. Longer than a batch's deliveries at the slowest pace, retries included, or another
    /// node may send one this node is still sending (this node claims no more until its batch is settled).
    std::chrono::seconds lease{600};
    /// A reminder not delivered by then (the platform down for hours) is dropped and counted expired: it would
    /// arrive in the evening's quiet hours, or after the day it spoke of.
    std::chrono::hours valid_for{3};
};

/// What one claim and its deliveries did.
struct reminder_round_up {
    int sent = 0;
    int skipped = 0;
    int failed = 0; ///< tried max_attempts times; tried again in a later claim
    int refused = 0;
    int expired = 0; ///< held past valid_for: not sent
};

struct reminders_parts {
    engine::reminder_book& book; ///< on the queue's connection, like the tutor
    engine::outbox& outbox;      ///< the same
    engine::tutor& tutor;
    std::vector<engine::pack_key> packs; ///< where reviews are counted
    engine::identity_directory& identities;
    const engine::zone_directory& zones;
    engine::action_queue& queue;
    std::function<engine::instant()> clock;
    spdlog::logger& log;
    /// Runs a function off the queue's thread (the server: its IO threads).
    std::function<void(std::function<void()>)> hand_over;
    /// Runs a function after a delay (the server: a timer on its IO threads).
    std::function<void(std::chrono::milliseconds, std::function<void()>)> after;
    /// The server's timer: tick() once `clock` reaches the instant (a sooner request replaces a later one).
    std::function<void(engine::instant)> wake_at;
    /// Per platform ("discord", "slack"); a learner of another platform is counted as failed.
    std::map<std::string, reminder_sender, std::less<>> senders;
    /// Reminders settled: `count` of `outcome` (sent, skipped, failed, refused), for the metric.
    std::function<void(std::string_view outcome, int count)> counted;
    reminder_pacing pacing;
};

/// Reviews due at an instant, counted as a review session would ask them over every pack of `packs`: what reminders
/// tell (engine::claim_due_reminders). Reads through the tutor, so inside a unit of its queue; `tutor` must outlive
/// the counter.
[[nodiscard]] engine::due_counter due_reviews(engine::tutor& tutor, std::vector<engine::pack_key> packs);

/// Reminders by DM (docs/reminders.md): claims the due ones in one transaction, which records them (so a second
/// thread or node never decides one twice) and writes them to the outbox; delivers what the outbox holds through the
/// platforms' senders and settles each entry once the platform answered (so a crash before that sends it again:
/// at least once); turns reminders off for whoever the platform refuses; and sets the server's timer for the next
/// claim: at once when more were due (paced under the platforms' limits), else at the earliest reminder or retry to
/// come. One claim at a time. Thread-safe.
class reminders {
public:
    explicit reminders(reminders_parts parts);
    reminders(const reminders&) = delete;
    reminders& operator=(const reminders&) = delete;

    /// Claims and delivers what is due now; `done`, if given, once every delivery of that claim has ended. A tick
    /// asked for while one runs runs right after it.
    void tick(std::function<void(const reminder_round_up&)> done = {});

    /// Claims nothing from now on (the server is stopping: what it claimed could not be delivered any more).
    void stop() noexcept { stopping_ = true; }

private:
    using done_list = std::vector<std::function<void(const reminder_round_up&)>>;
    struct round;

    void run(done_list dones);
    /// The claim unit's body: decides the reminders due, writes them to the outbox, and takes a batch from it.
    void claim(round& r);
    void deliver(std::shared_ptr<round> r, std::size_t index, int attempt);
    void settle(const std::shared_ptr<round>& r, std::size_t index, delivery outcome);
    void finish(const std::shared_ptr<round>& r);
    [[nodiscard]] double per_second(std::string_view platform) const;

    reminders_parts p_;
    unit_runner runner_;
    std::mutex mutex_;
    std::atomic<bool> stopping_{false};
    bool busy_ = false;
    bool again_ = false;
    done_list waiting_;
};

} // namespace quiz::bot::tutoring
