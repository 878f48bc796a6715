// SPDX-License-Identifier: MIT
#pragma once

namespace quiz::bot::tutoring {
class service;
class admission;
} // namespace quiz::bot::tutoring
namespace quiz::bot::http {
class router;
}

namespace quiz::bot::web {

class learner_gate;

/// Registers the playground: `GET /` and `/assets/{name}` (the page), `GET /api/play/packs`,
/// `POST /api/play/session`, `POST /api/play/answer`, `GET /api/play/stats`, `POST /api/play/forget`, `GET /guide/{pack}` and
/// `GET /guide/{pack}/{section}` (docs/http.md, "Playground"), each action through `tutoring`, for the learners
/// `gate` admits, while `admission` takes new actions (else 503 with Retry-After); all must outlive the router.
void add_playground_routes(http::router& routes, tutoring::service& tutoring, learner_gate& gate,
                           const tutoring::admission& admission);

} // namespace quiz::bot::web
