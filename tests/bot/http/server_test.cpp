// SPDX-License-Identifier: MIT
#include "bot/http/router.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/http/support/running_server.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace http_server_test {

namespace {

using namespace std::chrono_literals;
using quiz::bot::http::request;
using quiz::bot::http::responder;
using quiz::bot::http::response;
using quiz::bot::http::router;
using quiz::bot::http::server_limits;
using quiz::bot::http::verb;
using quiz::test::loopback_client;
using quiz::test::running_server;

router basic_routes()
{
    router r;
    r.add(verb::get, "/hello", [](const request&) { return response::text(200, "hello"); });
    r.add(verb::post, "/echo", [](const request& req) { return response::text(200, req.body); });
    r.add(verb::get, "/guide/{pack}/{section}", [](const request& req) {
        return response::text(200, std::string(req.param("pack")) + '|' + std::string(req.param("section")));
    });
    r.add(verb::get, "/peer", [](const request& req) { return response::text(200, req.remote_address); });
    r.add(verb::get, "/fail", [](const request&) -> response {
        throw std::runtime_error("secret internal detail: table learners is locked");
    });
    return r;
}

/// Both ends of many connections live in this process: above the common soft limit of 1024 descriptors.
void raise_file_limit(rlim_t wanted)
{
    rlimit files{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &files) == 0);
    if (files.rlim_cur < wanted && files.rlim_max > files.rlim_cur) {
        files.rlim_cur = std::min<rlim_t>(wanted, files.rlim_max);
        REQUIRE(::setrlimit(RLIMIT_NOFILE, &files) == 0);
    }
}

/// Answers every request later, from the test thread, through the responders it hands out.
struct deferred {
    std::mutex mutex;
    std::vector<responder> pending;
    std::promise<void> first;
    bool signalled = false;

    void add(responder r)
    {
        const std::lock_guard lock(mutex);
        pending.push_back(std::move(r));
        if (!signalled) {
            signalled = true;
            first.set_value();
        }
    }

    void answer_all(unsigned status)
    {
        const std::lock_guard lock(mutex);
        for (auto& r : pending) {
            r.send(response::text(status, "late answer"));
        }
        pending.clear();
    }
};

} // namespace

TEST_CASE("a route with parameters gets their decoded values, and every answer carries X-Request-Id", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());

    const auto reply = c.request("GET", "/guide/zero-sharded/stage%201");
    REQUIRE(reply);
    CHECK(reply->status == 200);
    CHECK(reply->body == "zero-sharded|stage 1");
    CHECK(reply->field("x-request-id").size() == 16);
    CHECK(reply->field("date").ends_with(" GMT"));
}

TEST_CASE("an unknown path is 404, a known path with another method is 405 with Allow", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());

    const auto missing = c.request("GET", "/nowhere");
    REQUIRE(missing);
    CHECK(missing->status == 404);
    CHECK_FALSE(missing->field("x-request-id").empty());

    const auto wrong = c.request("DELETE", "/hello");
    REQUIRE(wrong);
    CHECK(wrong->status == 405);
    CHECK(wrong->field("allow") == "GET, HEAD");
    CHECK_FALSE(wrong->field("x-request-id").empty());
}

TEST_CASE("HEAD on a GET route sends the length without the body", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());

    const auto head = c.request("HEAD", "/hello");
    REQUIRE(head);
    CHECK(head->status == 200);
    CHECK(head->field("content-length") == "5");
    CHECK(head->body.empty());
    // Had any body byte followed the HEAD answer, this second answer on the same connection would be garbled.
    const auto get = c.request("GET", "/hello");
    REQUIRE(get);
    CHECK(get->body == "hello");
}

TEST_CASE("a body above the limit is answered 413 and one at the limit is accepted", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.body_limit = 64 * 1024;
    running_server srv(routes, limits);

    loopback_client at_limit(srv.port());
    const auto accepted = at_limit.request("POST", "/echo", std::string(64 * 1024, 'a'));
    REQUIRE(accepted);
    CHECK(accepted->status == 200);
    CHECK(accepted->body.size() == 64 * 1024);

    loopback_client over(srv.port());
    const auto refused = over.request("POST", "/echo", std::string(64 * 1024 + 1, 'a'));
    REQUIRE(refused);
    CHECK(refused->status == 413);
    CHECK_FALSE(refused->field("x-request-id").empty());
    CHECK_FALSE(refused->keep_alive);
    CHECK(over.wait_closed());
}

TEST_CASE("malformed requests are answered 400 with a request id", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    const std::string bad =
        GENERATE(as<std::string>{},
                 "HELLO\r\n\r\n",                                                 // no target, no version
                 "GET /hello HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n",       // bad field
                 "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", // bad length
                 "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                 "GET /hello HTTP/7.0\r\nHost: x\r\n\r\n",                   // bad version
                 "GET http://example.com/hello HTTP/1.1\r\nHost: x\r\n\r\n", // absolute form
                 "GET /guide/a%zz/b HTTP/1.1\r\nHost: x\r\n\r\n");           // bad escape
    CAPTURE(bad);
    loopback_client c(srv.port());
    REQUIRE(c.send_raw(bad));
    const auto reply = c.read();
    REQUIRE(reply);
    CHECK(reply->status == 400);
    CHECK(reply->field("x-request-id").size() == 16);
}

TEST_CASE("framing RFC 9112 refuses is answered 400 and the connection closed, so nothing rides along",
          "[http][framing]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    // Each case is followed by a second request on the same connection: a server that misreads the first one's
    // framing would answer the smuggled second one too.
    const std::string smuggled = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n";
    const std::string bad =
        GENERATE(as<std::string>{},
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",     // §6.3: chunked must be last
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n", // not a known coding
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", // chunked not last
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \r\n\r\n",              // present, no coding
                 "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: , \r\n\r\n",            // an empty list
                 "GET /hello HTTP/1.1\r\n\r\n",                                                // §3.2: no Host
                 "GET /hello HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",                          // two Host fields
                 "GET /hello HTTP/1.1\r\nHost: x\r\nX-Note: a\r\n folded\r\n\r\n",             // §5.2: obs-fold
                 "GET /hello HTTP/1.1\r\nHost: x\r\nX-Note: a\r\n\tfolded\r\n\r\n");
    CAPTURE(bad);
    loopback_client c(srv.port());
    REQUIRE(c.send_raw(bad + smuggled));
    const auto reply = c.read();
    REQUIRE(reply);
    CHECK(reply->status == 400);
    CHECK(c.wait_closed());
}

TEST_CASE("HTTP/1.0 needs no Host, chunked alone is read, another coding before chunked is 501", "[http][framing]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client old(srv.port());
    REQUIRE(old.send_raw("GET /hello HTTP/1.0\r\n\r\n"));
    const auto hello = old.read();
    REQUIRE(hello);
    CHECK(hello->status == 200);

    loopback_client chunked(srv.port());
    REQUIRE(chunked.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                             "5\r\nhello\r\n0\r\n\r\n"));
    const auto echoed = chunked.read();
    REQUIRE(echoed);
    CHECK(echoed->status == 200);
    CHECK(echoed->body == "hello");

    // Two fields make one list, "gzip, chunked": framed by chunked, but gzip is a coding the server does not decode
    // (RFC 9112 §6.1: 501), and the connection closes rather than guess where the next request starts.
    loopback_client coded(srv.port());
    REQUIRE(coded.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n"
                           "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"));
    const auto refused = coded.read();
    REQUIRE(refused);
    CHECK(refused->status == 501);
    CHECK(coded.wait_closed());
}

TEST_CASE("the header limit is exact: a header of the limit is read, one byte more is 431", "[http][framing]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.header_limit = 1024;
    running_server srv(routes, limits);
    // The header is the request line, the fields and the blank line that ends them.
    const std::string start = "GET /hello HTTP/1.1\r\nHost: x\r\nX-Padding: ";
    const auto header_of = [&](std::size_t bytes) {
        return start + std::string(bytes - start.size() - 4, 'p') + "\r\n\r\n";
    };
    REQUIRE(header_of(1024).size() == 1024);

    loopback_client at_limit(srv.port());
    REQUIRE(at_limit.send_raw(header_of(1024)));
    const auto read = at_limit.read();
    REQUIRE(read);
    CHECK(read->status == 200);

    loopback_client above(srv.port());
    REQUIRE(above.send_raw(header_of(1025)));
    const auto refused = above.read();
    REQUIRE(refused);
    CHECK(refused->status == 431);
}

TEST_CASE("Expect: 100-continue gets 100 Continue when the body fits, 413 at once when it does not", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);

    loopback_client fits(srv.port());
    REQUIRE(fits.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"));
    const auto go_on = fits.read();
    REQUIRE(go_on);
    CHECK(go_on->status == 100);
    REQUIRE(fits.send_raw("hello"));
    const auto echoed = fits.read();
    REQUIRE(echoed);
    CHECK(echoed->status == 200);
    CHECK(echoed->body == "hello");

    loopback_client too_big(srv.port());
    REQUIRE(
        too_big.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 100000\r\n\r\n"));
    const auto refused = too_big.read();
    REQUIRE(refused);
    CHECK(refused->status == 413);
}

TEST_CASE("request headers above the limit are answered 431", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.header_limit = 1024;
    running_server srv(routes, limits);
    loopback_client c(srv.port());
    const auto reply = c.request("GET", "/hello", {}, "X-Padding: " + std::string(2000, 'p') + "\r\n");
    REQUIRE(reply);
    CHECK(reply->status == 431);
}

TEST_CASE("a handler's exception is answered 500 with the request id and without the exception's text", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());

    const auto reply = c.request("GET", "/fail");
    REQUIRE(reply);
    CHECK(reply->status == 500);
    const auto id = reply->field("x-request-id");
    REQUIRE_FALSE(id.empty());
    CHECK(reply->body.find(id) != std::string::npos);
    CHECK(reply->body.find("secret internal detail") == std::string::npos);
    CHECK(reply->body.find("learners") == std::string::npos);
    // The log has what the client must not see, under the same id.
    CHECK(srv.logs().contains("handler failed request_id=" + id));
    CHECK(srv.logs().contains("secret internal detail"));
    // And the connection is still usable.
    const auto next = c.request("GET", "/hello");
    REQUIRE(next);
    CHECK(next->status == 200);
}

TEST_CASE("an asynchronous handler answers later from another thread", "[http]")
{
    router routes;
    std::vector<std::thread> workers;
    std::mutex workers_mutex;
    routes.add_async(verb::get, "/later", [&](request req, responder reply) {
        const std::lock_guard lock(workers_mutex);
        workers.emplace_back([req = std::move(req), reply = std::move(reply)] {
            std::this_thread::sleep_for(50ms);
            reply.send(response::text(202, "done " + req.request_id));
        });
    });
    {
        running_server srv(routes);
        loopback_client c(srv.port());
        const auto reply = c.request("GET", "/later");
        REQUIRE(reply);
        CHECK(reply->status == 202);
        CHECK(reply->body == "done " + reply->field("x-request-id"));
    }
    for (auto& t : workers) {
        t.join();
    }
}

TEST_CASE("an answer sent to be built is built on the connection's thread, a builder that throws gives a 500", "[http]")
{
    router routes;
    std::vector<std::thread> workers;
    std::mutex workers_mutex;
    routes.add_async(verb::get, "/built/{how}", [&](request req, responder reply) {
        const bool throws = req.param("how") == "throws";
        const std::lock_guard lock(workers_mutex);
        workers.emplace_back([throws, reply = std::move(reply)] {
            const auto sender = std::this_thread::get_id();
            reply.send_built([throws, sender]() -> response {
                if (throws) {
                    throw std::runtime_error("rendering failed");
                }
                return response::text(200, std::this_thread::get_id() == sender ? "sender's thread" : "another thread");
            });
        });
    });
    {
        running_server srv(routes);
        loopback_client c(srv.port());
        const auto built = c.request("GET", "/built/fine");
        REQUIRE(built);
        CHECK(built->status == 200);
        CHECK(built->body == "another thread");
        const auto failed = c.request("GET", "/built/throws");
        REQUIRE(failed);
        CHECK(failed->status == 500);
        CHECK(failed->body.find("rendering failed") == std::string::npos);
    }
    for (auto& t : workers) {
        t.join();
    }
}

TEST_CASE("a handler that drops its responder without answering gets a 500", "[http]")
{
    router routes;
    routes.add_async(verb::get, "/forgets", [](request, responder) {});
    running_server srv(routes);
    loopback_client c(srv.port());
    const auto reply = c.request("GET", "/forgets");
    REQUIRE(reply);
    CHECK(reply->status == 500);
}

TEST_CASE("a handler still busy at the request deadline is answered 503", "[http]")
{
    router routes;
    deferred later;
    routes.add_async(verb::get, "/slow", [&later](request, responder reply) { later.add(std::move(reply)); });
    server_limits limits;
    limits.request_deadline = 300ms;
    {
        running_server srv(routes, limits);
        loopback_client c(srv.port());
        const auto reply = c.request("GET", "/slow");
        REQUIRE(reply);
        CHECK(reply->status == 503);
        CHECK(srv.logs().contains("handler timed out request_id=" + reply->field("x-request-id")));
    }
    later.answer_all(200); // after the server is gone: must be ignored, not crash
}

TEST_CASE("a stalled client is cut off after the read timeout while others are served", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.read_timeout = 300ms;
    running_server srv(routes, limits);

    loopback_client stalled(srv.port());
    REQUIRE(stalled.send_raw("GET /hello HTTP/1.1\r\nHost: x\r\n")); // the blank line never comes
    loopback_client other(srv.port());
    const auto reply = other.request("GET", "/hello");
    REQUIRE(reply);
    CHECK(reply->status == 200);

    CHECK(stalled.wait_closed());
    // A request that trickles in byte by byte is bounded by the whole-request deadline as well.
}

TEST_CASE("a request trickling in is cut off at the request deadline", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.read_timeout = 1s;
    limits.request_deadline = 400ms;
    running_server srv(routes, limits);

    loopback_client slow(srv.port());
    const std::string text = "GET /hello HTTP/1.1\r\nHost: x\r\nX-Long: " + std::string(200, 'x') + "\r\n\r\n";
    bool cut = false;
    for (const char ch : text) {
        if (!slow.send_raw(std::string_view(&ch, 1))) {
            cut = true;
            break;
        }
        std::this_thread::sleep_for(20ms); // 200+ bytes at 20 ms each outlast the deadline, no single read does
    }
    CHECK((cut || slow.wait_closed()));
}

TEST_CASE("500 concurrent connections are all answered", "[http]")
{
    raise_file_limit(4096);
    const auto routes = basic_routes();
    server_limits limits;
    limits.max_connections_per_address = limits.max_connections; // one client address here
    running_server srv(routes, limits);
    std::vector<std::unique_ptr<loopback_client>> clients;
    for (int i = 0; i < 500; ++i) {
        clients.push_back(std::make_unique<loopback_client>(srv.port()));
    }
    for (auto& c : clients) {
        REQUIRE(c->send("GET", "/hello"));
    }
    int answered = 0;
    for (auto& c : clients) {
        const auto reply = c->read();
        answered += reply && reply->status == 200 && reply->body == "hello" ? 1 : 0;
    }
    CHECK(answered == 500);
}

namespace {

/// Connections from 127.0.0.2 that send a request header a byte a second and never finish it, reopened as soon as
/// the server closes them, until `stop` is set. It runs on its own thread and asserts nothing.
class slow_header_sender {
public:
    slow_header_sender(std::uint16_t port, std::size_t connections) : port_(port), sockets_(connections, -1)
    {
        thread_ = std::thread([this] { run(); });
    }
    ~slow_header_sender()
    {
        stop_ = true;
        thread_.join();
        for (const int fd : sockets_) {
            if (fd >= 0) {
                ::close(fd);
            }
        }
    }
    slow_header_sender(const slow_header_sender&) = delete;
    slow_header_sender& operator=(const slow_header_sender&) = delete;

    /// Connections opened so far, reopenings included.
    [[nodiscard]] std::size_t opened() const { return opened_.load(); }

private:
    int open_one()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in from{};
        from.sin_family = AF_INET;
        from.sin_addr.s_addr = htonl(0x7f000002); // 127.0.0.2: another client address than the probes'
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(port_);
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0 ||
            ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
            if (fd >= 0) {
                ::close(fd);
            }
            return -1;
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        opened_.fetch_add(1);
        return fd;
    }

    void run()
    {
        static constexpr std::string_view start = "GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: ";
        while (!stop_) {
            for (auto& fd : sockets_) {
                if (stop_) {
                    return;
                }
                std::array<char, 512> sink{};
                const bool closed = fd >= 0 && ::recv(fd, sink.data(), sink.size(), 0) == 0;
                const bool sent =
                    fd >= 0 && !closed &&
                    ::send(fd, sent_once(fd) ? "a" : start.data(), sent_once(fd) ? 1 : start.size(), MSG_NOSIGNAL) > 0;
                if (!sent) {
                    if (fd >= 0) {
                        ::close(fd);
                        started_.erase(fd);
                    }
                    fd = open_one();
                    if (fd >= 0 && ::send(fd, start.data(), start.size(), MSG_NOSIGNAL) > 0) {
                        started_.insert(fd);
                    }
                } else {
                    started_.insert(fd);
                }
            }
            std::this_thread::sleep_for(1s);
        }
    }

    bool sent_once(int fd) const { return started_.count(fd) > 0; }

    std::uint16_t port_;
    std::vector<int> sockets_;
    std::set<int> started_;
    std::atomic<std::size_t> opened_{0};
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

} // namespace

TEST_CASE("700 connections trickling their headers do not lock out a legitimate client", "[http][slow]")
{
    raise_file_limit(4096);
    const auto routes = basic_routes();
    running_server srv(routes); // the default limits, as quizbot serve has them
    slow_header_sender slow(srv.port(), 700);
    while (slow.opened() < 700) {
        std::this_thread::sleep_for(50ms);
    }
    std::this_thread::sleep_for(2s); // every sender has trickled a byte or more

    int probes = 0;
    int answered = 0;
    for (; probes < 40; ++probes) {
        loopback_client probe(srv.port(), 3s);
        const auto reply = probe.request("GET", "/hello");
        answered += reply && reply->status == 200 ? 1 : 0;
        std::this_thread::sleep_for(150ms);
    }
    INFO("probes answered 200: " << answered << " of " << probes);
    CHECK(answered * 100 >= probes * 95);
}

TEST_CASE("keep-alive carries several requests on one connection, Connection: close ends it", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());
    const std::string me = "127.0.0.1:" + std::to_string(c.local_port());

    const auto first = c.request("GET", "/peer");
    const auto second = c.request("GET", "/peer");
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->body == me);
    CHECK(second->body == me);
    CHECK(first->keep_alive);

    const auto last = c.request("GET", "/peer", {}, "Connection: close\r\n");
    REQUIRE(last);
    CHECK_FALSE(last->keep_alive);
    CHECK(c.wait_closed());
}

TEST_CASE("pipelined requests are answered in order", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());
    REQUIRE(c.send_raw("GET /guide/a/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /guide/b/2 HTTP/1.1\r\nHost: x\r\n\r\n"));
    const auto one = c.read();
    const auto two = c.read();
    REQUIRE(one);
    REQUIRE(two);
    CHECK(one->body == "a|1");
    CHECK(two->body == "b|2");
}

TEST_CASE("a well-formed incoming X-Request-Id is kept, anything else replaced", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());
    const auto kept = c.request("GET", "/hello", {}, "X-Request-Id: proxy-42.abc_DEF\r\n");
    REQUIRE(kept);
    CHECK(kept->field("x-request-id") == "proxy-42.abc_DEF");
    const auto replaced = c.request("GET", "/hello", {}, "X-Request-Id: has spaces and \"quotes\"\r\n");
    REQUIRE(replaced);
    CHECK(replaced->field("x-request-id").size() == 16);
    CHECK(replaced->field("x-request-id").find(' ') == std::string::npos);
}

TEST_CASE("requests are counted by route, method and status", "[http]")
{
    const auto routes = basic_routes();
    running_server srv(routes);
    loopback_client c(srv.port());
    REQUIRE(c.request("GET", "/guide/x/y"));
    REQUIRE(c.request("GET", "/guide/z/w"));
    REQUIRE(c.request("GET", "/missing"));
    // A request is counted once its answer is written, just after the client may have read it; the connection
    // handles requests in order, so the answer to one more request proves the ones above are counted.
    REQUIRE(c.request("GET", "/hello"));
    const auto text = srv.registry().render();
    CHECK(text.find(R"(quizbot_http_requests_total{route="/guide/{pack}/{section}",method="GET",status="200"} 2)") !=
          std::string::npos);
    CHECK(text.find(R"(quizbot_http_requests_total{route="unmatched",method="GET",status="404"} 1)") !=
          std::string::npos);
    CHECK(text.find(R"(quizbot_http_request_duration_seconds_count{route="/guide/{pack}/{section}"} 2)") !=
          std::string::npos);
}

TEST_CASE("beyond the connection limit a new connection gets 503 when no connection is idle", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.max_connections = 2;
    running_server srv(routes, limits);

    // Both in the middle of a request: neither can give its place up.
    auto first = std::make_unique<loopback_client>(srv.port());
    loopback_client second(srv.port());
    REQUIRE(first->request("GET", "/hello"));
    REQUIRE(second.request("GET", "/hello"));
    REQUIRE(first->send_raw("GET /hello HTTP/1.1\r\n"));
    REQUIRE(second.send_raw("GET /hello HTTP/1.1\r\n"));
    std::this_thread::sleep_for(100ms); // the server has read them

    loopback_client third(srv.port());
    const auto refused = third.read();
    REQUIRE(refused);
    CHECK(refused->status == 503);
    CHECK(refused->field("retry-after") == "1");
    CHECK_FALSE(refused->field("x-request-id").empty());

    first.reset(); // frees a place once the server notices the close
    bool served = false;
    for (int i = 0; i < 100 && !served; ++i) {
        loopback_client again(srv.port());
        const auto reply = again.request("GET", "/hello");
        served = reply && reply->status == 200;
        if (!served) {
            std::this_thread::sleep_for(20ms);
        }
    }
    CHECK(served);
    CHECK(srv.metrics().http_connections_refused.value() >= 1);
}

TEST_CASE("a storm of 300 connections at a limit of 50: every one gets a status line, 200 or 503 with Retry-After",
          "[http]")
{
    raise_file_limit(4096);
    // The first 50 are busy until the storm has passed: none of them can give its place up.
    deferred busy;
    router routes;
    routes.add_async(verb::get, "/busy", [&](const request&, responder reply) { busy.add(std::move(reply)); });
    server_limits limits;
    limits.max_connections = 50;
    limits.max_connections_per_address = 300; // one client address here: the server's limit is the one reached
    running_server srv(routes, limits);
    // The storm connects first, a connection a millisecond, and only then sends its requests: a connection that has
    // not sent its request yet is a client waiting, never one to close to make room.
    std::vector<std::unique_ptr<loopback_client>> clients;
    for (int i = 0; i < 300; ++i) {
        clients.push_back(std::make_unique<loopback_client>(srv.port()));
        std::this_thread::sleep_for(1ms);
    }
    for (auto& c : clients) {
        c->send("GET", "/busy"); // a refused connection may be closed already: its answer is read below
    }
    // The storm has passed once every connection is busy or refused: answered earlier, the busy ones would free
    // places for connections a slow server has not accepted yet (a sanitized build on a loaded machine), which would
    // then be served rather than refused, and wait for answers already given.
    std::size_t waiting = 0;
    for (int i = 0; i < 1000 && (waiting < 50 || srv.metrics().http_connections_refused.value() < 250); ++i) {
        std::this_thread::sleep_for(10ms);
        const std::lock_guard lock(busy.mutex);
        waiting = busy.pending.size();
    }
    CHECK(waiting == 50);
    busy.answer_all(200);
    int served = 0;
    int refused = 0;
    int unanswered = 0;
    for (auto& c : clients) {
        const auto reply = c->read();
        if (reply && reply->status == 200 && reply->body == "late answer") {
            ++served;
        } else if (reply && reply->status == 503 && reply->field("retry-after") == "1") {
            ++refused;
        } else {
            ++unanswered;
        }
    }
    CHECK(unanswered == 0);
    CHECK(served == 50);
    CHECK(refused == 250);
    CHECK(srv.metrics().http_connections_refused.value() == 250);
}

TEST_CASE("a connection that has not sent its request yet never gives its place up to a new one", "[http]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.max_connections = 2;
    running_server srv(routes, limits);

    loopback_client first(srv.port()); // connected, its request not sent yet
    loopback_client second(srv.port());
    std::this_thread::sleep_for(100ms); // both accepted
    loopback_client third(srv.port());
    const auto refused = third.request("GET", "/hello");
    REQUIRE(refused);
    CHECK(refused->status == 503);

    // The two that were there first are still there, and served.
    const auto one = first.request("GET", "/hello");
    const auto two = second.request("GET", "/hello");
    REQUIRE(one);
    REQUIRE(two);
    CHECK(one->status == 200);
    CHECK(two->status == 200);
    CHECK(srv.metrics().http_connections_evicted.value() == 0);
}

TEST_CASE("at the connection limit the longest-idle keep-alive connection makes room for a new client", "[http][slow]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.max_connections = 3;
    running_server srv(routes, limits);

    loopback_client oldest(srv.port());
    loopback_client busy(srv.port());
    loopback_client newer(srv.port());
    REQUIRE(oldest.request("GET", "/hello"));
    REQUIRE(newer.request("GET", "/hello"));
    REQUIRE(busy.send_raw("GET /hello HTTP/1.1\r\n")); // mid-request: never evicted
    std::this_thread::sleep_for(100ms);

    loopback_client arriving(srv.port());
    const auto reply = arriving.request("GET", "/hello");
    REQUIRE(reply);
    CHECK(reply->status == 200);
    CHECK(oldest.wait_closed());
    const auto still = newer.request("GET", "/hello");
    REQUIRE(still);
    CHECK(still->status == 200);
    REQUIRE(busy.send_raw("Host: x\r\n\r\n"));
    const auto finished = busy.read();
    REQUIRE(finished);
    CHECK(finished->status == 200);
    CHECK(srv.metrics().http_connections_evicted.value() == 1);
    CHECK(srv.metrics().http_connections_refused.value() == 0);
}

TEST_CASE("one client address holds at most its share of the connections, another address is served", "[http][slow]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.max_connections_per_address = 2;
    running_server srv(routes, limits);

    loopback_client first(srv.port());
    loopback_client second(srv.port());
    REQUIRE(first.send_raw("GET /hello HTTP/1.1\r\n"));
    REQUIRE(second.send_raw("GET /hello HTTP/1.1\r\n"));
    std::this_thread::sleep_for(100ms);

    loopback_client third(srv.port());
    const auto refused = third.read();
    REQUIRE(refused);
    CHECK(refused->status == 503);
    loopback_client elsewhere(srv.port(), "127.0.0.2");
    const auto served = elsewhere.request("GET", "/hello");
    REQUIRE(served);
    CHECK(served->status == 200);
    CHECK(srv.logs().contains("connection limit reached limit=address"));
}

TEST_CASE("a header trickling in steadily is cut off at the header deadline", "[http][slow]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.header_timeout = 300ms;
    limits.read_timeout = 5s;
    limits.request_deadline = 20s;
    running_server srv(routes, limits);

    loopback_client slow(srv.port());
    const auto began = std::chrono::steady_clock::now();
    bool cut = false;
    for (int i = 0; i < 200 && !cut; ++i) { // a byte every 20 ms: each read is quick, the header never ends
        cut = !slow.send_raw(i == 0 ? "GET /hello HTTP/1.1\r\nX-Slow: " : "a");
        std::this_thread::sleep_for(20ms);
    }
    CHECK((cut || slow.wait_closed()));
    CHECK(std::chrono::steady_clock::now() - began < 4s + 1s); // 200 bytes would take 4 s; the deadline is 0.3 s
}

TEST_CASE("a body below the minimum rate is cut off after the grace period, one at the rate is read", "[http][slow]")
{
    const auto routes = basic_routes();
    server_limits limits;
    limits.min_body_rate = 100; // bytes a second
    limits.body_grace = 300ms;
    limits.read_timeout = 5s;
    limits.request_deadline = 20s;
    running_server srv(routes, limits);

    loopback_client slow(srv.port());
    REQUIRE(slow.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n"));
    const auto began = std::chrono::steady_clock::now();
    bool cut = false;
    for (int i = 0; i < 200 && !cut; ++i) { // 20 bytes a second: below the minimum
        cut = !slow.send_raw("b");
        std::this_thread::sleep_for(50ms);
    }
    CHECK((cut || slow.wait_closed()));
    CHECK(std::chrono::steady_clock::now() - began < 5s); // 200 bytes would take 10 s

    loopback_client steady(srv.port());
    REQUIRE(steady.send_raw("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 60\r\n\r\n"));
    for (int i = 0; i < 6; ++i) { // 10 bytes every 50 ms: 200 bytes a second, above the minimum
        REQUIRE(steady.send_raw("0123456789"));
        std::this_thread::sleep_for(50ms);
    }
    const auto reply = steady.read();
    REQUIRE(reply);
    CHECK(reply->status == 200);
    CHECK(reply->body.size() == 60);
}

TEST_CASE("shutdown lets in-flight requests finish, closes idle connections, then run() returns", "[http]")
{
    router routes;
    deferred later;
    routes.add_async(verb::get, "/slow", [&later](request, responder reply) { later.add(std::move(reply)); });
    routes.add(verb::get, "/hello", [](const request&) { return response::text(200, "hello"); });
    running_server srv(routes);

    loopback_client idle(srv.port());
    REQUIRE(idle.request("GET", "/hello"));
    loopback_client busy(srv.port());
    REQUIRE(busy.send("GET", "/slow"));
    REQUIRE(later.first.get_future().wait_for(10s) == std::future_status::ready);

    srv.server().stop();
    CHECK(idle.wait_closed());
    std::thread answer([&later] {
        std::this_thread::sleep_for(100ms);
        later.answer_all(200);
    });
    const auto reply = busy.read();
    answer.join();
    REQUIRE(reply);
    CHECK(reply->status == 200);
    CHECK(reply->body == "late answer");
    CHECK_FALSE(reply->keep_alive);

    srv.stop_and_join(); // returns once the drain is over
    CHECK_THROWS(loopback_client(srv.port()));
}

TEST_CASE("the drain timeout bounds a shutdown whose requests do not finish", "[http]")
{
    router routes;
    deferred later;
    routes.add_async(verb::get, "/never", [&later](request, responder reply) { later.add(std::move(reply)); });
    server_limits limits;
    limits.drain_timeout = 200ms;
    auto srv = std::make_unique<running_server>(routes, limits);
    loopback_client stuck(srv->port());
    REQUIRE(stuck.send("GET", "/never"));
    REQUIRE(later.first.get_future().wait_for(10s) == std::future_status::ready);

    srv->stop_and_join();
    CHECK(srv->logs().contains("shutdown drain timeout cut_connections=1"));
    srv.reset();
    CHECK(stuck.wait_closed());
    later.answer_all(200); // the connection is gone: ignored
}

} // namespace http_server_test
