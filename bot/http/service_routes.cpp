// SPDX-License-Identifier: MIT
#include "bot/http/service_routes.hpp"

#include "bot/http/router.hpp"
#include "bot/metrics.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace quiz::bot::http {

response health_response(const std::vector<health_check>& checks)
{
    boost::json::object results;
    bool healthy = true;
    for (const auto& check : checks) {
        bool ok = false;
        try {
            ok = check.run();
        } catch (...) {
            ok = false;
        }
        healthy = healthy && ok;
        results[check.name] = ok ? "ok" : "failing";
    }
    boost::json::object body;
    body["status"] = healthy ? "ok" : "unavailable";
    body["checks"] = std::move(results);
    return http::uncached_json(healthy ? 200 : 503, body);
}

response metrics_response(const metrics::registry& registry)
{
    http::response r{200, {}, registry.render()};
    r.fields.set("Content-Type", std::string(metrics::text_content_type));
    r.fields.set("Cache-Control", "no-store");
    return r;
}

void add_service_routes(router& routes, const std::vector<health_check>& checks, const metrics::registry& registry)
{
    routes.add(http::verb::get, "/healthz", [&checks](const http::request&) { return health_response(checks); });
    routes.add(http::verb::get, "/metrics", [&registry](const http::request&) { return metrics_response(registry); });
}

} // namespace quiz::bot::http
