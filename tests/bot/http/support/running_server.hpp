// SPDX-License-Identifier: MIT
// An http::server on 127.0.0.1 with a free port, served by a background thread for the length of a test.
#pragma once

#include "bot/http/router.hpp"
#include "bot/http/server.hpp"
#include "bot/logging.hpp"
#include "bot/metrics.hpp"
#include "bot/service_metrics.hpp"
#include "tests/bot/http/support/capture_sink.hpp"

#include <spdlog/logger.h>

#include <memory>
#include <thread>

namespace quiz::test {

class running_server {
public:
    explicit running_server(const bot::http::router& routes, bot::http::server_limits limits = {}, unsigned threads = 2)
        : sink_(std::make_shared<capture_sink>()), logger_(bot::make_logger(bot::log_format::plain, sink_)),
          metrics_(registry_), server_(options(limits, threads), routes, *logger_, metrics_)
    {
        server_.listen();
        thread_ = std::thread([this] { server_.run(); });
    }

    ~running_server()
    {
        server_.stop();
        if (thread_.joinable()) {
            thread_.join();
        }
    }

    running_server(const running_server&) = delete;
    running_server& operator=(const running_server&) = delete;

    [[nodiscard]] std::uint16_t port() const { return server_.port(); }
    [[nodiscard]] bot::http::server& server() { return server_; }
    [[nodiscard]] capture_sink& logs() { return *sink_; }
    [[nodiscard]] bot::metrics::registry& registry() { return registry_; }
    [[nodiscard]] bot::service_metrics& metrics() { return metrics_; }

    /// Stops and waits for run() to return.
    void stop_and_join()
    {
        server_.stop();
        thread_.join();
    }

private:
    static bot::http::server_options options(bot::http::server_limits limits, unsigned threads)
    {
        bot::http::server_options o;
        o.host = "127.0.0.1";
        o.port = 0;
        o.threads = threads;
        o.limits = limits;
        o.handle_signals = false;
        return o;
    }

    std::shared_ptr<capture_sink> sink_;
    std::shared_ptr<spdlog::logger> logger_;
    bot::metrics::registry registry_;
    bot::service_metrics metrics_;
    bot::http::server server_;
    std::thread thread_;
};

} // namespace quiz::test
