// SPDX-License-Identifier: MIT
// Shared by server.cpp and connection.cpp only: the Asio side of http::server.
#pragma once

#include "bot/http/router.hpp"
#include "bot/http/server.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace quiz::bot::http {

namespace net = boost::asio;
using tcp = net::ip::tcp;

/// Expected failures (EOF, timeouts, cancellation) come back as values: `auto [ec, n] = co_await ...`.
inline constexpr auto as_result = net::as_tuple(net::use_awaitable);

/// What shutdown needs to reach one connection. Everything but `executor` is touched on that executor (the
/// connection's strand) only.
struct connection_control {
    explicit connection_control(net::any_io_executor ex) : executor(std::move(ex)) {}

    net::any_io_executor executor;
    tcp::socket* socket = nullptr; ///< null once the connection has ended
    /// Waiting for the first byte of a request: shutdown may close it.
    std::atomic<bool> idle{false};
    /// Waiting for the first byte of the next request after a complete answer: the acceptor may close it to make room.
    std::atomic<bool> evictable{false};
    std::atomic<bool> evicted{false}; ///< chosen to make room: closed once, and chosen once
    std::string address;              ///< the client's address, without the port: its place in the per-address count
};

struct server::impl {
    impl(server_options opts, const router& r, spdlog::logger& l, service_metrics& m);
    ~impl();
    impl(const impl&) = delete;
    impl& operator=(const impl&) = delete;

    void listen();
    void run();
    void stop();

    std::uint64_t add_connection(std::shared_ptr<connection_control> control);
    void remove_connection(std::uint64_t id);
    /// Counts a connection from `address` unless it already holds its share; false then.
    bool reserve_address(const std::string& address);
    void release_address(const std::string& address);
    /// Closes the longest-idle connection to make room for a new one; false when none is idle.
    bool evict_idle();

    server_options options;
    const router& routes;
    spdlog::logger& log;
    service_metrics& metrics;

    // Destroyed by hand in ~impl, IO objects first and the context last, while the members below still exist:
    // coroutine frames destroyed with the context unregister their connections.
    std::unique_ptr<net::io_context> ioc;
    std::optional<net::strand<net::io_context::executor_type>> strand; ///< acceptor, signals, drain
    std::optional<tcp::acceptor> acceptor;
    std::optional<net::signal_set> signals;
    std::optional<net::steady_timer> drain_timer;

    std::atomic<bool> stopping{false};
    std::atomic<bool> destroying{false};
    std::atomic<std::size_t> active{0};
    std::atomic<std::size_t> refusing{0};
    /// Refusals being answered at most; beyond, accepting waits (each holds a socket for two seconds at most).
    static constexpr std::size_t max_refusing = 256;
    std::atomic<std::int64_t> last_refusal_log{0}; ///< steady clock, seconds

    /// Held by stop() while it posts: run() takes it before returning, so a stop() from another thread is done
    /// with the strand before the owner, seeing run() return, destroys the server.
    std::mutex stop_mutex;

    std::mutex mutex; ///< guards the three members below
    std::uint64_t next_connection = 0;
    std::map<std::uint64_t, std::shared_ptr<connection_control>> connections; ///< oldest first
    std::unordered_map<std::string, std::size_t> per_address;

    std::uint16_t bound_port = 0;
    bool listening = false;

private:
    net::awaitable<void> accept_loop();
    void refuse(tcp::socket socket, std::string_view limit);
    net::awaitable<void> answer_refusal(tcp::socket socket);
    net::awaitable<void> drain();
    void begin_shutdown();
    void arm_signals();
    void run_thread();
};

/// The per-connection loop (connection.cpp): read a request, route it, answer, until close. `s` outlives the frame.
/// The connection's place in the count for `address` is reserved already and released when it ends.
net::awaitable<void> serve_connection(server::impl* s, tcp::socket socket, std::string address);

} // namespace quiz::bot::http
