// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/delivery.hpp"
#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/unit_runner.hpp"

#include "engine/core/outbox.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

/// Sends one payload of its kind to its platform; calls `done` once, on any thread.
using payload_sender = std::function<void(const std::string& payload, std::function<void(delivery)> done)>;

/// How long entries are held and how often the outbox is looked at (docs/reliability.md, "The outbox").
struct outbox_pacing {
    /// An entry a sender took is another's after this (its sender died): QUIZBOT_OUTBOX_LEASE_SECONDS.
    std::chrono::seconds lease{30};
    std::size_t batch = 500;                      ///< entries taken per look
    std::chrono::milliseconds look_every{1'000};  ///< for entries due again, and those dead senders left
    std::chrono::milliseconds retry_first{2'000}; ///< after a failed send, doubling per attempt...
    std::chrono::milliseconds retry_most{30'000}; ///< ...up to this
};

/// A letter its unit wrote and holds: sent by that node right after the commit.
struct held_letter {
    std::string kind;
    engine::outbox_ticket ticket;
    std::string payload;
    engine::instant expires;
};

struct outbox_sender_parts {
    engine::outbox& outbox; ///< on the queue's connection: used inside its units only
    engine::action_queue& queue;
    std::function<engine::instant()> clock;
    spdlog::logger& log;
    /// Runs a function off the queue's thread (the server: its IO threads); empty: at once.
    std::function<void(std::function<void()>)> hand_over;
    /// Runs a function after a delay (the server: a timer on its IO threads); empty: no looks (the outbox is only
    /// read by start's first look).
    std::function<void(std::chrono::milliseconds, std::function<void()>)> after;
    /// An entry ended or was put off: `outcome` is delivered, refused, expired or retried (the metric).
    std::function<void(std::string_view kind, std::string_view outcome)> counted;
    /// Entries waiting at each look, every kind (the gauge).
    std::function<void(std::int64_t waiting)> looked;
    outbox_pacing pacing;
};

/// Sends what the outbox holds (docs/reliability.md, "The outbox"): a letter its unit held, right after that unit
/// commits; what is due (a retry, or an entry whose sender died) at each look, every `look_every`. Each entry is
/// settled in the database once its platform answered (several at once, one unit), put off with a doubling delay
/// when the send failed, and dropped (counted expired) once past its validity, never sent then. Thread-safe.
class outbox_sender {
public:
    explicit outbox_sender(outbox_sender_parts parts);
    outbox_sender(const outbox_sender&) = delete;
    outbox_sender& operator=(const outbox_sender&) = delete;

    /// The platform's sender of `kind`. Before start(). With a `spacing`, a letter its unit writes less than that
    /// after the last one of its key this node sent at once waits for the next look instead (within look_every),
    /// so that a burst of edits of one message becomes a few, the newest last.
    void add_sender(std::string kind, payload_sender send,
                    std::chrono::milliseconds spacing = std::chrono::milliseconds::zero());
    /// Whether any front end added a sender (without one there is nothing to look for).
    [[nodiscard]] bool sends_any() const noexcept { return !senders_.empty(); }

    /// Inside a unit: writes `l` held by this node, to be sent with send_held once the unit commits. nullopt:
    /// another sender holds its key, or a retry waits; it goes out then.
    [[nodiscard]] std::optional<held_letter> write(const letter& l, engine::instant now);
    /// After the unit that wrote it committed: sends it. Any thread.
    void send_held(held_letter h);
    /// Sends `l` once, recorded nowhere (a failed unit's notice: its transaction wrote nothing).
    void send_unrecorded(const letter& l);

    /// Looks at the outbox now (what a dead node or a restart left), then every look_every.
    void start();
    /// Looks no more; what is in flight settles if the queue still runs.
    void stop() noexcept { stopping_ = true; }

    /// Entries waiting in the outbox at the last look, every kind (a backlog degrades /healthz).
    [[nodiscard]] std::int64_t backlog() const noexcept { return backlog_.load(); }

private:
    struct outcome {
        held_letter sent;
        int attempts = 0;
        delivery result = delivery::failed;
        bool expired = false;
    };

    void send(held_letter h, int attempts);
    void finished(outcome o);
    void flush();
    void look();
    void look_later();
    [[nodiscard]] std::chrono::milliseconds retry_delay(int attempts) const;

    outbox_sender_parts p_;
    unit_runner runner_;
    std::map<std::string, payload_sender, std::less<>> senders_;
    std::map<std::string, std::chrono::milliseconds, std::less<>> spacing_;
    /// When this node last sent each spaced key at once (pacing only: another node's sends are not in it).
    std::map<std::string, engine::instant, std::less<>> recent_;
    std::atomic<bool> stopping_{false};
    std::atomic<std::int64_t> backlog_{0};
    std::mutex mutex_;
    std::vector<outcome> to_settle_;
    bool flushing_ = false;
    bool looking_ = false;
    /// Ids this node sends or settles now, with the version it sends: a look that takes that version again (its
    /// lease ended meanwhile) leaves it, and a newer one for after its settle.
    std::map<std::int64_t, std::int64_t> unsettled_;
};

} // namespace quiz::bot::tutoring
