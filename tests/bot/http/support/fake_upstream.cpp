// SPDX-License-Identifier: MIT
// g++ 12 at -O2 and above reports "potential null pointer dereference" inside Asio's executor comparisons
// (io_context.hpp, strand.hpp) once they are inlined here; it is a false positive in library code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "tests/bot/http/support/fake_upstream.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include <algorithm>
#include <mutex>
#include <thread>

namespace quiz::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

namespace {
constexpr auto as_result = net::as_tuple(net::use_awaitable);
}

struct fake_upstream::impl {
    impl(script s, std::optional<server_identity> identity) : answer(std::move(s)), tls(identity.has_value())
    {
        if (identity) {
            context.use_certificate_chain_file(identity->certificate_file);
            context.use_private_key_file(identity->key_file, ssl::context::pem);
        }
        const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), 0);
        acceptor.open(endpoint.protocol());
        acceptor.bind(endpoint);
        acceptor.listen();
        net::co_spawn(ioc, accept_loop(), net::detached);
        thread = std::thread([this] { ioc.run(); });
    }

    ~impl()
    {
        ioc.stop();
        thread.join();
    }

    impl(const impl&) = delete;
    impl& operator=(const impl&) = delete;

    net::awaitable<void> accept_loop()
    {
        for (;;) {
            auto [ec, socket] = co_await acceptor.async_accept(as_result);
            if (ec) {
                co_return;
            }
            {
                const std::lock_guard lock(mutex);
                ++connection_count;
            }
            net::co_spawn(ioc, session(std::move(socket)), net::detached);
        }
    }

    net::awaitable<void> session(tcp::socket socket)
    {
        if (!tls) {
            beast::tcp_stream stream(std::move(socket));
            co_await serve(stream);
            co_return;
        }
        beast::ssl_stream<beast::tcp_stream> stream(std::move(socket), context);
        const auto [ec] = co_await stream.async_handshake(ssl::stream_base::server, as_result);
        if (!ec) {
            co_await serve(stream);
        }
    }

    template <class Stream>
    net::awaitable<void> serve(Stream& stream)
    {
        beast::flat_buffer buffer;
        for (;;) {
            beast::http::request<beast::http::string_body> message;
            const auto [ec, n] = co_await beast::http::async_read(stream, buffer, message, as_result);
            if (ec) {
                co_return;
            }
            upstream_request req;
            req.method = std::string(message.method_string());
            req.target = std::string(message.target());
            for (const auto& f : message) {
                std::string name(f.name_string());
                std::transform(name.begin(), name.end(), name.begin(),
                               [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
                req.fields[name] = std::string(f.value());
            }
            req.body = message.body();
            int index = 0;
            {
                const std::lock_guard lock(mutex);
                index = request_count++;
                max_concurrent = std::max(max_concurrent, ++in_flight);
                arrival_times.push_back(std::chrono::steady_clock::now());
                requests_seen.push_back(req);
            }
            const upstream_reply reply = answer(req, index);
            if (reply.delay.count() > 0) {
                net::steady_timer timer(ioc, reply.delay);
                co_await timer.async_wait(as_result);
            }
            beast::http::response<beast::http::string_body> res;
            res.version(11);
            res.result(reply.status);
            for (const auto& [name, value] : reply.fields) {
                res.insert(name, value);
            }
            res.body() = reply.body;
            res.prepare_payload();
            res.keep_alive(message.keep_alive() && !reply.close);
            const auto [wec, wn] = co_await beast::http::async_write(stream, res, as_result);
            {
                const std::lock_guard lock(mutex);
                --in_flight;
            }
            if (wec || !res.keep_alive()) {
                beast::get_lowest_layer(stream).close();
                co_return;
            }
        }
    }

    script answer;
    bool tls;
    ssl::context context{ssl::context::tls_server}; // before the context: streams in frames may use it to the end
    net::io_context ioc;
    tcp::acceptor acceptor{ioc};
    std::thread thread;

    mutable std::mutex mutex;
    int request_count = 0;
    int connection_count = 0;
    int in_flight = 0;
    int max_concurrent = 0;
    std::vector<std::chrono::steady_clock::time_point> arrival_times;
    std::vector<upstream_request> requests_seen;
};

fake_upstream::fake_upstream(script s, std::optional<server_identity> identity)
    : impl_(std::make_unique<impl>(std::move(s), std::move(identity)))
{
}

fake_upstream::~fake_upstream() = default;

std::uint16_t fake_upstream::port() const { return impl_->acceptor.local_endpoint().port(); }

int fake_upstream::requests() const
{
    const std::lock_guard lock(impl_->mutex);
    return impl_->request_count;
}

int fake_upstream::connections() const
{
    const std::lock_guard lock(impl_->mutex);
    return impl_->connection_count;
}

int fake_upstream::max_in_flight() const
{
    const std::lock_guard lock(impl_->mutex);
    return impl_->max_concurrent;
}

std::vector<std::chrono::steady_clock::time_point> fake_upstream::arrivals() const
{
    const std::lock_guard lock(impl_->mutex);
    return impl_->arrival_times;
}

std::vector<upstream_request> fake_upstream::seen() const
{
    const std::lock_guard lock(impl_->mutex);
    return impl_->requests_seen;
}

} // namespace quiz::test
