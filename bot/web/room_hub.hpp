// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/responder.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace quiz::bot::web {

/// The playground's rooms as their pages last saw them: each round's latest shared screen, and the pages waiting
/// for a newer one (long polling: a page asks for "newer than revision N" and is answered at the next change, or
/// after `hold` with what it has). A cache of the database's rounds for live updates, not their record: after a
/// restart it is empty until a page joins again. Thread-safe.
///
/// Changes made through this node arrive by publish at once. Those made through another node sharing the database
/// arrive by polling it: while pages wait on a room, the hub asks `refresh` for the round every `refresh_every`,
/// which reads it in the database and publishes what it finds (an unchanged revision is ignored).
class room_hub {
public:
    /// Runs a function after a delay (the server: a timer on its IO threads).
    using later_fn = std::function<void(std::chrono::milliseconds, std::function<void()>)>;
    /// Reads the round in the database and publishes it here (tutoring::rounds::refresh).
    using refresh_fn = std::function<void(engine::round_id)>;

    explicit room_hub(later_fn later, std::chrono::milliseconds hold = std::chrono::seconds{25},
                      std::size_t max_rooms = 1000, refresh_fn refresh = {},
                      std::chrono::milliseconds refresh_every = std::chrono::seconds{1});

    /// A round changed: remembered (older revisions are ignored) and sent to every page waiting for it.
    void publish(const tutoring::round_screen& shown);
    /// The round's room code, once the hub has seen the round.
    [[nodiscard]] std::optional<std::string> room_of(engine::round_id round) const;
    /// Answers `reply` with the round's JSON as soon as its revision exceeds `after`, or after the hold with the
    /// current one. false when the hub has not seen the round (the page joins again).
    bool wait(engine::round_id round, std::uint64_t after, const http::responder& reply);

private:
    struct waiter {
        std::uint64_t id = 0;
        std::uint64_t after = 0;
        http::responder reply;
    };
    struct room {
        std::string code;
        std::uint64_t revision = 0;
        bool ended = false;
        std::string body; ///< the JSON every page receives
        std::vector<waiter> waiting;
        bool polling = false; ///< a refresh is scheduled
    };

    void evict_ended_locked();
    /// Schedules the room's next refresh unless one is; the lock is held.
    void poll_locked(engine::round_id round, room& r);
    void polled(engine::round_id round);

    later_fn later_;
    std::chrono::milliseconds hold_;
    std::size_t max_rooms_;
    refresh_fn refresh_;
    std::chrono::milliseconds refresh_every_;
    mutable std::mutex mutex_;
    std::map<engine::round_id, room> rooms_;
    std::uint64_t next_waiter_ = 0;
};

} // namespace quiz::bot::web
