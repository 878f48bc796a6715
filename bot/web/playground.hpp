// SPDX-License-Identifier: MIT
#pragma once

namespace quiz::bot::tutoring {
class service;
}
namespace quiz::bot::http {
class router;
}

namespace quiz::bot::web {

class learner_gate;

/// Registers the playground: `GET /` and `/assets/{name}` (the page), `GET /api/play/packs`,
/// `POST /api/play/session`, `POST /api/play/answer`, `GET /api/play/stats`, `POST /api/play/forget`, `GET /guide/{pack}` and
/// `GET /guide/{pack}/{section}` (docs/http.md, "Playground"), each action through `tutoring`, for the learners
/// `gate` admits; both must outlive the router.
void add_playground_routes(http::router& routes, tutoring::service& tutoring, learner_gate& gate);

} // namespace quiz::bot::web
