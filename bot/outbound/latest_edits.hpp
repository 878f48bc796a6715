// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace quiz::bot::outbound {

/// Edits of messages that change faster than a platform takes edits (a round's message while fifty members
/// answer): one request at a time per message, and while one is in flight only the newest waiting version is kept,
/// so a burst becomes at most two requests. A version older than one already sent is dropped. Thread-safe.
class latest_edits {
public:
    /// Sends one version and calls `done(ok)` once the platform answered (any thread).
    using send_fn = std::function<void(std::function<void(bool ok)> done)>;

    /// Sends `send` now if nothing for `key` is in flight, else keeps it as the next one (replacing an older one).
    void submit(const std::string& key, std::uint64_t revision, send_fn send);

    /// Requests started since the start, and versions dropped because a newer one replaced them.
    [[nodiscard]] std::uint64_t sent() const;
    [[nodiscard]] std::uint64_t superseded() const;

private:
    struct slot {
        bool in_flight = false;
        std::uint64_t last_sent = 0;
        std::uint64_t waiting_revision = 0;
        send_fn waiting;
    };

    void start(const std::string& key, std::uint64_t revision, send_fn send);
    void finished(const std::string& key);

    mutable std::mutex mutex_;
    std::map<std::string, slot, std::less<>> slots_;
    std::uint64_t sent_ = 0;
    std::uint64_t superseded_ = 0;
};

} // namespace quiz::bot::outbound
