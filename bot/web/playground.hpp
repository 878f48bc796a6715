// SPDX-License-Identifier: MIT
#pragma once

#include "engine/pack_index.hpp"
#include "engine/tutor_service.hpp"

#include <functional>
#include <vector>

namespace quiz::storage {
class group_commit;
class sqlite_identity_store;
} // namespace quiz::storage

namespace quiz::bot {
struct service_metrics;
}
namespace quiz::bot::http {
class router;
}

namespace quiz::bot::web {

/// What the playground works with. The tutor and the identity store sit on the group commit's connection: they
/// are only ever called from units submitted to `writer`, never from an IO thread.
struct playground_backend {
    engine::tutor& tutor;
    storage::sqlite_identity_store& identities;
    storage::group_commit& writer;
    const engine::pack_library& library;
    std::vector<engine::pack_key> packs; ///< listing order; the first is the default
    std::function<engine::instant()> clock;
    service_metrics& metrics; ///< counts the answers recorded (source "web")
};

/// Registers the playground: `GET /` and `/assets/{name}` (the page), `GET /api/play/packs`,
/// `POST /api/play/session`, `POST /api/play/answer`, `GET /api/play/stats`, `GET /guide/{pack}` and
/// `GET /guide/{pack}/{section}` (docs/http.md, "Playground"). `backend` must outlive the router.
void add_playground_routes(http::router& routes, const playground_backend& backend);

} // namespace quiz::bot::web
