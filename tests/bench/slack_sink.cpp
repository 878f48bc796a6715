// SPDX-License-Identifier: MIT
// Slack's response_urls for scripts/bench-slack: counts every POST to /hooks/{id} and when the first and last
// arrived, and keeps the last body of /hooks/setup-* (the cards the benchmark's learners start with).
//   slack_sink [port]   prints "listening <port>", serves until SIGTERM
//   GET /stats  -> {"count":N,"first_ms":..,"last_ms":..}   POST /reset   GET /last/{id} -> the body
#include "bot/http/router.hpp"
#include "bot/http/server.hpp"
#include "bot/logging.hpp"
#include "bot/metrics.hpp"
#include "bot/service_metrics.hpp"

#include <spdlog/logger.h>
#include <spdlog/sinks/null_sink.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <string>

namespace {

using namespace quiz::bot;

std::int64_t now_ms()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

int main(int argc, char** argv)
{
    std::atomic<std::int64_t> count{0};
    std::atomic<std::int64_t> first{0};
    std::atomic<std::int64_t> last{0};
    std::mutex mutex;
    std::map<std::string, std::string, std::less<>> bodies;

    http::router routes;
    routes.add(http::verb::post, "/hooks/{id}", [&](const http::request& req) {
        const auto t = now_ms();
        std::int64_t zero = 0;
        first.compare_exchange_strong(zero, t);
        last.store(t);
        count.fetch_add(1);
        if (req.param("id").starts_with("setup-")) {
            const std::lock_guard lock(mutex);
            bodies[std::string(req.param("id"))] = req.body;
        }
        return http::response::text(200, "ok");
    });
    routes.add(http::verb::get, "/last/{id}", [&](const http::request& req) {
        const std::lock_guard lock(mutex);
        const auto it = bodies.find(req.param("id"));
        return it == bodies.end() ? http::response::text(404, "none\n") : http::response::json(200, it->second);
    });
    routes.add(http::verb::get, "/stats", [&](const http::request&) {
        return http::response::json(200, "{\"count\":" + std::to_string(count.load()) +
                                             ",\"first_ms\":" + std::to_string(first.load()) +
                                             ",\"last_ms\":" + std::to_string(last.load()) + "}");
    });
    routes.add(http::verb::post, "/reset", [&](const http::request&) {
        count = 0;
        first = 0;
        last = 0;
        const std::lock_guard lock(mutex);
        bodies.clear();
        return http::response::empty(204);
    });

    auto logger = std::make_shared<spdlog::logger>("sink", std::make_shared<spdlog::sinks::null_sink_mt>());
    metrics::registry registry;
    service_metrics metrics(registry);
    http::server_options options;
    options.host = "127.0.0.1";
    options.port = static_cast<std::uint16_t>(argc > 1 ? std::stoi(argv[1]) : 0);
    options.threads = 1;
    http::server server(options, routes, *logger, metrics);
    server.listen();
    std::cout << "listening " << server.port() << std::endl;
    server.run();
    return 0;
}
