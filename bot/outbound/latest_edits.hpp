// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace quiz::bot::outbound {

/// Edits of messages that change faster than a platform takes edits (a round's message while fifty members
/// answer): one request at a time per message, started at least `spacing` after the previous one started, and while
/// one is in flight or waiting for its turn only the newest version is kept, so a burst of changes becomes a few
/// requests. A version older than one already sent is dropped. Thread-safe.
class latest_edits {
public:
    /// Sends one version and calls `done(ok)` once the platform answered (any thread).
    using send_fn = std::function<void(std::function<void(bool ok)> done)>;
    /// Runs a function after a delay (the server: a timer on its IO threads).
    using later_fn = std::function<void(std::chrono::milliseconds, std::function<void()>)>;

    /// Without `later`, edits go as soon as the previous one is answered (no spacing).
    explicit latest_edits(later_fn later = {}, std::chrono::milliseconds spacing = std::chrono::milliseconds{0});

    /// Sends `send` now if nothing for `key` is in flight or waiting for its turn, else keeps it as the next one.
    void submit(const std::string& key, std::uint64_t revision, send_fn send);

    /// Requests started since the start, and versions dropped because a newer one replaced them.
    [[nodiscard]] std::uint64_t sent() const;
    [[nodiscard]] std::uint64_t superseded() const;

private:
    using clock = std::chrono::steady_clock;
    struct slot {
        bool busy = false; ///< a request in flight, or the next one waiting for its turn
        std::uint64_t last_sent = 0;
        clock::time_point last_start{};
        std::uint64_t waiting_revision = 0;
        send_fn waiting;
    };

    /// Starts the waiting version of `key` now or once its turn comes; with the lock held by the caller.
    void next_locked(const std::string& key, slot& s, std::function<void()>& run_after_unlock,
                     bool turn_has_come = false);
    void finished(const std::string& key);
    void turn_came(const std::string& key);

    later_fn later_;
    std::chrono::milliseconds spacing_;
    mutable std::mutex mutex_;
    std::map<std::string, slot, std::less<>> slots_;
    std::uint64_t sent_ = 0;
    std::uint64_t superseded_ = 0;
};

} // namespace quiz::bot::outbound
