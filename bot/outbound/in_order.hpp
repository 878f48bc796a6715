// SPDX-License-Identifier: MIT
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
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

    /// A place in a key's order for a request known only later (the note a click's reply will carry, decided on
    /// another thread than the one that took the click): what is submitted for the key afterwards waits for it.
    /// Copies share the place; once the last one is gone without `send`, the place is skipped.
    class place {
    public:
        /// Fills the place: sent when its turn comes (at once if it has come).
        void send(send_fn request) const;
        /// Gives the place up: the requests behind it go on.
        void skip() const;

    private:
        friend class in_order;
        struct state;
        struct last_copy;
        explicit place(std::shared_ptr<last_copy> held) : held_(std::move(held)) {}
        static void fill(state& s, send_fn request);
        static void give_up(state& s);
        std::shared_ptr<last_copy> held_;
    };
    [[nodiscard]] place reserve(const std::string& key);

    /// Keys with a request in flight.
    [[nodiscard]] std::size_t busy_keys() const;

private:
    void finished(const std::string& key);

    mutable std::mutex mutex_;
    std::map<std::string, std::deque<send_fn>, std::less<>> queued_; ///< present while a request is in flight
};

} // namespace quiz::bot::outbound
