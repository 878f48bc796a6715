// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>

namespace quiz::bot::tutoring {
class rounds;
class admission;
} // namespace quiz::bot::tutoring
namespace quiz::bot::http {
class router;
}

namespace quiz::bot::web {

class learner_gate;
class room_hub;

/// Registers the playground's rooms, where a study group plays a round together (docs/groups.md, "Playground"):
/// `POST /api/rooms`, `POST /api/rooms/{round}/look`, `GET /api/rooms/{round}/wait`,
/// `POST /api/rooms/{round}/answer`, `/reveal`, `/next`, `/end` and `/review`. Each action runs through
/// `rounds` unless `admission` refuses it (503 with Retry-After); `hub` carries every change to the pages waiting for
/// it; `gate` admits the learners. All four must
/// outlive the router. `draws` gives the random numbers new rooms' codes are made of (thread-safe: every IO thread
/// calls it).
void add_room_routes(http::router& routes, tutoring::rounds& rounds, room_hub& hub, learner_gate& gate,
                     const tutoring::admission& admission, std::function<std::uint64_t()> draws);

} // namespace quiz::bot::web
