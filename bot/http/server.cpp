// SPDX-License-Identifier: MIT
// g++ 12 at -O2 and above reports "potential null pointer dereference" inside Asio's executor comparisons
// (io_context.hpp, strand.hpp) once they are inlined here; it is a false positive in library code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "bot/http/server.hpp"

#include "bot/http/request_id.hpp"
#include "bot/http/server_impl.hpp"
#include "bot/logging.hpp"
#include "bot/service_metrics.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <spdlog/logger.h>

#include <array>
#include <csignal>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <pthread.h>

namespace quiz::bot::http {

namespace beast = boost::beast;

server::impl::impl(server_options opts, const router& r, spdlog::logger& l, service_metrics& m)
    : options(std::move(opts)), routes(r), log(l), metrics(m),
      ioc(std::make_unique<net::io_context>(static_cast<int>(std::max(options.threads, 1U))))
{
    strand.emplace(net::make_strand(*ioc));
    drain_timer.emplace(*strand);
}

server::impl::~impl()
{
    const std::lock_guard wait_for_stop(stop_mutex);
    destroying = true;
    signals.reset();
    acceptor.reset();
    drain_timer.reset();
    strand.reset();
    ioc.reset(); // destroys suspended coroutines, which unregister their connections
}

void server::impl::listen()
{
    if (listening) {
        return;
    }
    boost::system::error_code ec;
    const auto address = net::ip::make_address(options.host, ec);
    const std::string shown = (options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host) +
                              ':' + std::to_string(options.port);
    if (ec) {
        throw std::system_error(ec, "cannot listen on " + shown + ": not an IP address");
    }
    tcp::acceptor a(*strand);
    const tcp::endpoint endpoint(address, options.port);
    const auto fail = [&shown](const boost::system::error_code& e) {
        if (e) {
            throw std::system_error(e, "cannot listen on " + shown);
        }
    };
    a.open(endpoint.protocol(), ec);
    fail(ec);
    a.set_option(net::socket_base::reuse_address(true), ec);
    fail(ec);
    a.bind(endpoint, ec);
    fail(ec);
    a.listen(net::socket_base::max_listen_connections, ec);
    fail(ec);
    bound_port = a.local_endpoint().port();
    acceptor.emplace(std::move(a));
    listening = true;
}

void server::impl::run()
{
    listen();
    net::co_spawn(*strand, accept_loop(), [this](const std::exception_ptr& e) {
        if (e) {
            log.critical("accept loop ended unexpectedly");
        }
    });
    if (options.handle_signals) {
        signals.emplace(*strand, SIGINT, SIGTERM);
        arm_signals();
    }
    std::vector<std::thread> threads;
    for (unsigned i = 1; i < options.threads; ++i) {
        threads.emplace_back([this] { run_thread(); });
        pthread_setname_np(threads.back().native_handle(), "http-io"); // the caller's thread keeps its name
    }
    run_thread();
    for (auto& t : threads) {
        t.join();
    }
    const std::lock_guard wait_for_stop(stop_mutex);
}

void server::impl::run_thread()
{
    for (;;) {
        try {
            ioc->run();
            return;
        } catch (const std::exception& e) {
            // Handlers catch their own failures; this is a last line so one bug does not take down the server.
            log.error("unexpected exception on an IO thread error={}", log_quote(e.what()));
        }
    }
}

void server::impl::arm_signals()
{
    signals->async_wait([this](const boost::system::error_code& ec, int number) {
        if (ec) {
            return;
        }
        if (!stopping) {
            log.info("signal received signal={} action=shutdown", number == SIGINT ? "SIGINT" : "SIGTERM");
            stop();
            arm_signals();
        } else {
            log.warn("second signal received signal={} action=stop_now", number == SIGINT ? "SIGINT" : "SIGTERM");
            ioc->stop();
        }
    });
}

void server::impl::stop()
{
    const std::lock_guard lock(stop_mutex);
    if (stopping.exchange(true)) {
        return;
    }
    net::post(*strand, [this] { begin_shutdown(); });
}

void server::impl::begin_shutdown()
{
    boost::system::error_code ec;
    if (acceptor) {
        acceptor->close(ec);
    }
    std::vector<std::shared_ptr<connection_control>> open;
    {
        const std::lock_guard lock(mutex);
        for (const auto& [id, control] : connections) {
            open.push_back(control);
        }
    }
    log.info("shutdown started in_flight_connections={} drain_timeout_ms={}", open.size(),
             options.limits.drain_timeout.count());
    for (auto& control : open) {
        // Idle connections close now; busy ones finish their request and close after answering.
        net::post(control->executor, [control] {
            if (control->socket != nullptr && control->idle) {
                boost::system::error_code ignored;
                control->socket->cancel(ignored);
            }
        });
    }
    net::co_spawn(*strand, drain(), net::detached);
}

net::awaitable<void> server::impl::drain()
{
    drain_timer->expires_after(options.limits.drain_timeout);
    while (active.load() > 0) {
        const auto [ec] = co_await drain_timer->async_wait(as_result);
        if (!ec) {
            log.warn("shutdown drain timeout cut_connections={}", active.load());
            break;
        }
    }
    log.info("shutdown complete");
    ioc->stop();
}

std::uint64_t server::impl::add_connection(std::shared_ptr<connection_control> control)
{
    const std::lock_guard lock(mutex);
    const auto id = next_connection++;
    connections.emplace(id, std::move(control));
    return id;
}

void server::impl::remove_connection(std::uint64_t id)
{
    std::string address;
    {
        const std::lock_guard lock(mutex);
        if (const auto it = connections.find(id); it != connections.end()) {
            address = it->second->address;
            connections.erase(it);
        }
    }
    release_address(address);
    metrics.http_connections.add(-1);
    if (active.fetch_sub(1) == 1 && stopping && !destroying) {
        // The drain checks `active` on the strand before each wait, so this wake-up cannot be lost.
        net::post(*strand, [this] { drain_timer->cancel(); });
    }
}

bool server::impl::reserve_address(const std::string& address)
{
    const std::lock_guard lock(mutex);
    auto& held = per_address[address];
    if (held >= options.limits.max_connections_per_address) {
        return false;
    }
    ++held;
    return true;
}

void server::impl::release_address(const std::string& address)
{
    const std::lock_guard lock(mutex);
    if (const auto held = per_address.find(address); held != per_address.end() && --held->second == 0) {
        per_address.erase(held);
    }
}

bool server::impl::evict_idle()
{
    const std::lock_guard lock(mutex);
    for (const auto& [id, control] : connections) {
        if (control->evictable.load() && !control->evicted.exchange(true)) {
            // The socket is the connection's own: closed on its executor, and only if it is still waiting there.
            net::post(control->executor, [control] {
                if (control->socket != nullptr && control->evictable.load()) {
                    boost::system::error_code ignored;
                    control->socket->cancel(ignored);
                }
            });
            metrics.http_connections_evicted.inc();
            return true;
        }
    }
    return false;
}

void server::impl::refuse(tcp::socket socket, std::string_view limit)
{
    metrics.http_connections_refused.inc();
    const auto now_s =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (now_s - last_refusal_log.exchange(now_s) >= 10) {
        log.warn("connection limit reached limit={} max_connections={} max_connections_per_address={} "
                 "refused_total={}",
                 limit, options.limits.max_connections, options.limits.max_connections_per_address,
                 metrics.http_connections_refused.value());
    }
    auto ex = socket.get_executor();
    net::co_spawn(ex, answer_refusal(std::move(socket)), net::detached);
}

net::awaitable<void> server::impl::accept_loop()
{
    using namespace std::chrono_literals;
    for (;;) {
        // Every connection accepted is answered, if only with 503; while many refusals are still being written, new
        // connections wait in the listen backlog rather than be accepted and dropped.
        while (refusing.load() >= max_refusing && !stopping) {
            net::steady_timer pause(co_await net::this_coro::executor, 10ms);
            co_await pause.async_wait(as_result);
        }
        auto [ec, socket] = co_await acceptor->async_accept(net::any_io_executor(net::make_strand(*ioc)), as_result);
        if (stopping) {
            co_return;
        }
        if (ec) {
            if (ec == net::error::operation_aborted) {
                co_return;
            }
            log.warn("accept failed error={}", log_quote(ec.message()));
            // Running out of descriptors fails every accept until a connection closes: pause instead of spinning.
            net::steady_timer pause(co_await net::this_coro::executor, 100ms);
            co_await pause.async_wait(as_result);
            continue;
        }
        boost::system::error_code peer_error;
        auto address = socket.remote_endpoint(peer_error).address().to_string();
        if (peer_error) {
            continue; // the client is gone already
        }
        if (!reserve_address(address)) {
            refuse(std::move(socket), "address");
            continue;
        }
        // Like nginx: an idle keep-alive connection gives its place up before a new client is turned away.
        if (active.load() >= options.limits.max_connections && !evict_idle()) {
            release_address(address);
            refuse(std::move(socket), "server");
            continue;
        }
        active.fetch_add(1);
        metrics.http_connections.add(1);
        auto ex = socket.get_executor();
        net::co_spawn(ex, serve_connection(this, std::move(socket), std::move(address)),
                      [this](const std::exception_ptr& e) {
                          if (!e) {
                              return;
                          }
                          try {
                              std::rethrow_exception(e);
                          } catch (const std::exception& failure) {
                              log.error("connection ended by an exception error={}", log_quote(failure.what()));
                          } catch (...) {
                              log.error("connection ended by an unknown exception");
                          }
                      });
    }
}

net::awaitable<void> server::impl::answer_refusal(tcp::socket socket)
{
    using namespace std::chrono_literals;
    refusing.fetch_add(1);
    struct release {
        std::atomic<std::size_t>& count;
        ~release() { count.fetch_sub(1); }
    } guard{refusing};

    // A refusal holds one of max_refusing places for at most these two waits: short, so that a client that sends
    // nothing and never closes (one over its address's share, say) cannot keep others from being accepted for long.
    constexpr auto patience_for_request = 250ms;
    constexpr auto linger = 500ms;
    beast::tcp_stream stream(std::move(socket));
    // The client's request first, briefly (its head, or whatever came within patience_for_request): answered after
    // it, the 503 is the answer to that request rather than bytes a client may not read yet.
    // (A timer of its own: the stream's expiry would close the socket, and the 503 could not be written after it.)
    std::array<char, 4096> head{};
    std::string seen;
    net::steady_timer patience(stream.get_executor(), patience_for_request);
    auto reading = std::make_shared<bool>(true); // a wait that expired just as the head came must not cancel the 503
    patience.async_wait([&stream, reading](const boost::system::error_code& ec) {
        if (!ec && *reading) {
            boost::system::error_code ignored;
            stream.socket().cancel(ignored);
        }
    });
    while (seen.find("\r\n\r\n") == std::string::npos && seen.size() < 16 * 1024) {
        const auto [ec, n] = co_await stream.async_read_some(net::buffer(head), as_result);
        if (ec) {
            break;
        }
        seen.append(head.data(), n);
    }
    *reading = false;
    patience.cancel();
    const auto id = new_request_id();
    beast::http::response<beast::http::string_body> res{beast::http::status::service_unavailable, 11};
    res.set("X-Request-Id", id);
    res.set(beast::http::field::retry_after, "1");
    res.set(beast::http::field::content_type, "application/json");
    res.body() = R"({"error":"too many connections","request_id":")" + id + "\"}";
    res.keep_alive(false);
    res.prepare_payload();
    stream.expires_after(1s);
    const auto [write_error, written] = co_await beast::http::async_write(stream, res, as_result);
    boost::system::error_code ignored;
    if (!write_error) {
        // A lingering close: closing with the client's bytes unread would reset the connection, and a reset can
        // destroy the answer before the client has read it. Read until the client closes, for `linger` at most.
        stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream.expires_after(linger);
        for (;;) {
            const auto [ec, n] = co_await stream.async_read_some(net::buffer(head), as_result);
            if (ec) {
                break;
            }
        }
    }
    stream.socket().close(ignored);
}

server::server(server_options options, const router& routes, spdlog::logger& log, service_metrics& metrics)
    : impl_(std::make_unique<impl>(std::move(options), routes, log, metrics))
{
}

server::~server() = default;

void server::listen() { impl_->listen(); }

std::uint16_t server::port() const { return impl_->bound_port; }

std::string server::url() const
{
    const auto& host = impl_->options.host;
    return "http://" + (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ':' +
           std::to_string(impl_->bound_port);
}

void server::run() { impl_->run(); }

void server::stop() { impl_->stop(); }

boost::asio::io_context& server::context() noexcept { return *impl_->ioc; }

} // namespace quiz::bot::http
