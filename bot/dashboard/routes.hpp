// SPDX-License-Identifier: MIT
#pragma once

#include "bot/dashboard/class_view.hpp"
#include "bot/dashboard/report_link.hpp"

#include <exception>
#include <functional>

namespace quiz::bot::http {
class router;
}

namespace quiz::bot::dashboard {

/// What the dashboard needs from the server; `links` must outlive the router.
struct dashboard_parts {
    const report_links& links;
    class_loader load;
    /// Runs a class's read and its page away from the IO threads (the server: the reports' own thread).
    std::function<void(std::function<void()>)> run;
    std::function<engine::instant()> now;
    /// Told when reading or rendering a class failed (the request is answered 500).
    std::function<void(const std::exception&)> failed;
};

/// Registers `GET /reports`, `/reports/items`, `/reports/learners`, `/reports/concepts` and `/reports/activity`
/// (HTML, or the page's table with `format=csv|json`), each behind a signed link (docs/reports.md, "Dashboard").
void add_dashboard_routes(http::router& routes, dashboard_parts parts);

} // namespace quiz::bot::dashboard
