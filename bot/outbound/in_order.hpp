// SPDX-License-Identifier: MIT
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace quiz::bot::outbound {

/// Requests that must reach the platform in the order they were made (the private notes sent through one click's
/// token: "your answer is in" before the judgment at the reveal): one request at a time per key, the next one
/// started once the previous one was answered. The client sends over several connections, so two requests started
/// together may arrive in either order. Keys with nothing queued are forgotten. Thread-safe.
class in_order {
public:
    /// Sends one request and calls `done()` once the platform answered or the request failed (any thread).
    using send_fn = std::function<void(std::function<void()> done)>;

    /// Sends `send` now if nothing for `key` is in flight, else after the ones queued before it.
    void submit(const std::string& key, send_fn send);

    /// Keys with a request in flight.
    [[nodiscard]] std::size_t busy_keys() const;

private:
    void finished(const std::string& key);

    mutable std::mutex mutex_;
    std::map<std::string, std::deque<send_fn>, std::less<>> queued_; ///< present while a request is in flight
};

} // namespace quiz::bot::outbound
