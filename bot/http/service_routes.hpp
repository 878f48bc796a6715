// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <functional>
#include <string>
#include <vector>

namespace quiz::bot::metrics {
class registry;
}

namespace quiz::bot::http {

class router;

/// One readiness condition for /healthz. It runs on an IO thread at each probe: keep it to a cheap query.
/// Returns false (or throws) when failing.
struct health_check {
    std::string name;
    std::function<bool()> run;
};

/// 200 `{"status":"ok","checks":{"database":"ok",...}}`, or 503 with "status":"unavailable" and the failing checks
/// marked "failing". Says nothing about why: the endpoint is public.
[[nodiscard]] response health_response(const std::vector<health_check>& checks);

/// The registry in the Prometheus text format.
[[nodiscard]] response metrics_response(const metrics::registry& registry);

/// Registers `GET /healthz` and `GET /metrics`. `checks` and `registry` must outlive the router.
void add_service_routes(router& routes, const std::vector<health_check>& checks, const metrics::registry& registry);

} // namespace quiz::bot::http
