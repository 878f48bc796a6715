// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/limits.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}
namespace spdlog {
class logger;
}

namespace quiz::bot {
struct service_metrics;
}

namespace quiz::bot::http {

class router;

struct server_options {
    std::string host = "127.0.0.1"; ///< an IP address literal (IPv6 without brackets)
    std::uint16_t port = 8080;      ///< 0 picks a free port (see server::port)
    unsigned threads = 1;           ///< IO threads running handlers
    server_limits limits;
    bool handle_signals = true; ///< SIGINT/SIGTERM stop the server (a second one cuts the drain short)
};

/// An HTTP/1.1 server: one coroutine per connection on `threads` IO threads, requests handed to a router.
/// The router, logger and metrics must outlive the server. The router is only read once run() starts, so routes
/// may still be added after construction (e.g. by handlers needing an outbound client on context()).
/// Destroy the server only after run() has returned (or was never called).
class server {
public:
    server(server_options options, const router& routes, spdlog::logger& log, service_metrics& metrics);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    /// Binds and listens. Throws std::system_error naming the address (in use, not local, no permission).
    void listen();
    /// The bound port, once listening.
    [[nodiscard]] std::uint16_t port() const;
    /// "http://127.0.0.1:8080", "http://[::1]:8080", once listening.
    [[nodiscard]] std::string url() const;

    /// Serves until stop() or a signal, then stops accepting, lets in-flight requests finish (bounded by
    /// limits.drain_timeout) and returns. Listens first if listen() was not called.
    void run();
    /// Starts the graceful shutdown; safe from any thread, any number of times, before or during run().
    void stop();

    /// The context the IO threads run, for clients that should share them (outbound HTTP).
    [[nodiscard]] boost::asio::io_context& context() noexcept;

    struct impl;

private:
    std::unique_ptr<impl> impl_;
};

} // namespace quiz::bot::http
