// SPDX-License-Identifier: MIT
// g++ 12 at -O2 and above reports "potential null pointer dereference" inside Asio's executor comparisons
// (io_context.hpp, strand.hpp) once they are inlined here; it is a false positive in library code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "tests/bot/http/support/loopback_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>

#include <sys/socket.h>
#include <sys/time.h>

#include <algorithm>

namespace quiz::test {

namespace net = boost::asio;
namespace beast = boost::beast;

namespace {

// Blocking sockets only need a context to exist; one shared by all clients keeps hundreds of them cheap.
net::io_context& shared_context()
{
    static net::io_context context;
    return context;
}

} // namespace

struct loopback_client::state {
    net::ip::tcp::socket socket{shared_context()};
    beast::flat_buffer buffer;
};

loopback_client::loopback_client(std::uint16_t port, std::chrono::milliseconds timeout)
    : loopback_client(port, "127.0.0.1", timeout)
{
}

loopback_client::loopback_client(std::uint16_t port, const std::string& from, std::chrono::milliseconds timeout)
    : state_(std::make_unique<state>())
{
    state_->socket.open(net::ip::tcp::v4());
    state_->socket.bind({net::ip::make_address(from), 0});
    state_->socket.connect({net::ip::make_address("127.0.0.1"), port});
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
    ::setsockopt(state_->socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(state_->socket.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

loopback_client::~loopback_client() = default;

bool loopback_client::send_raw(std::string_view bytes)
{
    boost::system::error_code ec;
    net::write(state_->socket, net::buffer(bytes.data(), bytes.size()), ec);
    return !ec;
}

bool loopback_client::send(std::string_view method, std::string_view target, std::string_view body,
                           std::string_view extra_fields)
{
    std::string text = std::string(method) + ' ' + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    text += extra_fields;
    if (!body.empty() || method == "POST") {
        text += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    }
    text += "\r\n";
    text += body;
    return send_raw(text);
}

std::optional<http_reply> loopback_client::read(bool to_head)
{
    beast::http::response_parser<beast::http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    parser.skip(to_head);
    boost::system::error_code ec;
    beast::http::read(state_->socket, state_->buffer, parser, ec);
    if (ec) {
        return std::nullopt;
    }
    http_reply reply;
    const auto& message = parser.get();
    reply.status = message.result_int();
    for (const auto& field : message) {
        std::string name(field.name_string());
        std::transform(name.begin(), name.end(), name.begin(),
                       [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
        reply.fields[name] = std::string(field.value());
    }
    reply.body = message.body();
    reply.keep_alive = message.keep_alive();
    return reply;
}

std::optional<http_reply> loopback_client::request(std::string_view method, std::string_view target,
                                                   std::string_view body, std::string_view extra_fields)
{
    if (!send(method, target, body, extra_fields)) {
        return std::nullopt;
    }
    return read(method == "HEAD");
}

bool loopback_client::wait_closed()
{
    char scratch[4096];
    for (;;) {
        const auto n = ::recv(state_->socket.native_handle(), scratch, sizeof scratch, 0);
        if (n == 0) {
            return true;
        }
        if (n < 0) {
            return errno == ECONNRESET || errno == EPIPE;
        }
    }
}

std::uint16_t loopback_client::local_port() const { return state_->socket.local_endpoint().port(); }

} // namespace quiz::test
