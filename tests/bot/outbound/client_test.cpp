// SPDX-License-Identifier: MIT
// g++ 12 at -O2 and above reports "potential null pointer dereference" inside Asio's executor comparisons
// (io_context.hpp, strand.hpp) once they are inlined here; it is a false positive in library code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "bot/logging.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/outbound/co_send.hpp"
#include "bot/service_metrics.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"
#include "tests/bot/http/support/test_pki.hpp"
#include "tests/support/temp_dir.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <catch2/catch.hpp>
#include <spdlog/logger.h>

#include <future>
#include <thread>

namespace outbound_client_test {

namespace {

using namespace std::chrono_literals;
namespace outbound = quiz::bot::outbound;
using quiz::bot::http::verb;
using quiz::test::fake_upstream;
using quiz::test::upstream_reply;
using quiz::test::upstream_request;

/// A client on its own IO thread, trusting only the test CA given.
class client_fixture {
public:
    explicit client_fixture(outbound::client_options options)
        : work_(boost::asio::make_work_guard(ioc_)), sink_(std::make_shared<quiz::test::capture_sink>()),
          log_(quiz::bot::make_logger(quiz::bot::log_format::plain, sink_)), metrics_(registry_)
    {
        log_->set_level(spdlog::level::debug);
        client_.emplace(ioc_, std::move(options), *log_, metrics_);
        thread_ = std::thread([this] { ioc_.run(); });
    }

    ~client_fixture()
    {
        client_.reset();
        work_.reset();
        ioc_.stop();
        thread_.join();
    }

    client_fixture(const client_fixture&) = delete;
    client_fixture& operator=(const client_fixture&) = delete;

    outbound::result call(outbound::request req)
    {
        std::promise<outbound::result> done;
        auto future = done.get_future();
        client_->send(std::move(req), [&done](outbound::result r) { done.set_value(std::move(r)); });
        REQUIRE(future.wait_for(30s) == std::future_status::ready);
        return future.get();
    }

    outbound::client& client() { return *client_; }
    boost::asio::io_context& context() { return ioc_; }
    quiz::bot::metrics::registry& registry() { return registry_; }
    quiz::test::capture_sink& logs() { return *sink_; }

private:
    boost::asio::io_context ioc_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    std::shared_ptr<quiz::test::capture_sink> sink_;
    std::shared_ptr<spdlog::logger> log_;
    quiz::bot::metrics::registry registry_;
    quiz::bot::service_metrics metrics_;
    std::optional<outbound::client> client_;
    std::thread thread_;
};

outbound::client_options test_options(const std::string& ca_file = {})
{
    outbound::client_options o;
    o.extra_ca_file = ca_file;
    o.use_system_store = false;
    o.backoff_initial = 100ms;
    o.backoff_max = 400ms;
    o.max_attempts = 3;
    o.connect_timeout = 5s;
    o.read_timeout = 5s;
    return o;
}

outbound::request get(const std::string& url)
{
    outbound::request r;
    r.method = verb::get;
    r.url = url;
    r.label = "test.get";
    return r;
}

upstream_reply ok_reply(const upstream_request&, int)
{
    return {200, {{"Content-Type", "text/plain"}}, "pong", 0ms, false};
}

struct pki {
    quiz::test::temp_dir dir;
    quiz::test::test_ca trusted{dir.path(), "trusted"};
    quiz::test::test_ca stranger{dir.path(), "stranger"};
};

boost::asio::awaitable<outbound::result> fetch(outbound::client* c, std::string url)
{
    co_return co_await outbound::co_send(*c, get(url));
}

std::string localhost(std::uint16_t port, bool tls = true)
{
    return std::string(tls ? "https" : "http") + "://localhost:" + std::to_string(port);
}

} // namespace

TEST_CASE("https: a certificate from a trusted CA for the right name works, and the connection is reused",
          "[outbound][tls]")
{
    pki keys;
    fake_upstream upstream(ok_reply, keys.trusted.issue("good", {"localhost"}));
    client_fixture f(test_options(keys.trusted.certificate_file()));

    auto req = get(localhost(upstream.port()) + "/ping?x=1");
    req.fields.set("Authorization", "Bot secret-token");
    const auto first = f.call(req);
    REQUIRE(first.ok());
    CHECK(first.resp.status == 200);
    CHECK(first.resp.body == "pong");
    CHECK(first.attempts == 1);
    const auto second = f.call(req);
    REQUIRE(second.ok());

    CHECK(upstream.requests() == 2);
    CHECK(upstream.connections() == 1);
    const auto seen = upstream.seen();
    CHECK(seen[0].target == "/ping?x=1");
    CHECK(seen[0].fields.at("host") == "localhost:" + std::to_string(upstream.port()));
    CHECK(seen[0].fields.at("user-agent") == "quizbot/0.1");
    CHECK(seen[0].fields.at("authorization") == "Bot secret-token");
    CHECK_FALSE(f.logs().contains("secret-token"));
    CHECK_FALSE(f.logs().contains("/ping"));
}

TEST_CASE("https: an IP address is checked against the certificate's IP names", "[outbound][tls]")
{
    pki keys;
    fake_upstream upstream(ok_reply, keys.trusted.issue("ip", {}, {"127.0.0.1"}));
    client_fixture f(test_options(keys.trusted.certificate_file()));
    const auto r = f.call(get("https://127.0.0.1:" + std::to_string(upstream.port()) + "/"));
    REQUIRE(r.ok());
    CHECK(r.resp.status == 200);
}

TEST_CASE("https: a certificate from an unknown CA is refused", "[outbound][tls]")
{
    pki keys;
    fake_upstream upstream(ok_reply, keys.stranger.issue("untrusted", {"localhost"}));

    SECTION("with only the test CA trusted")
    {
        client_fixture f(test_options(keys.trusted.certificate_file()));
        const auto r = f.call(get(localhost(upstream.port()) + "/"));
        CHECK(r.error == outbound::failure::tls);
        CHECK(r.message.find("certificate rejected") != std::string::npos);
        CHECK(r.attempts == 1); // a refused certificate is not retried
    }
    SECTION("with the system store")
    {
        auto options = test_options();
        options.use_system_store = true;
        client_fixture f(options);
        const auto r = f.call(get(localhost(upstream.port()) + "/"));
        CHECK(r.error == outbound::failure::tls);
    }
    CHECK(upstream.requests() == 0);
}

TEST_CASE("https: a trusted certificate for another host name is refused", "[outbound][tls]")
{
    pki keys;
    fake_upstream upstream(ok_reply, keys.trusted.issue("other-name", {"wrong.example"}));
    client_fixture f(test_options(keys.trusted.certificate_file()));
    const auto r = f.call(get(localhost(upstream.port()) + "/"));
    CHECK(r.error == outbound::failure::tls);
    CHECK(r.message.find("certificate rejected") != std::string::npos);
    CHECK(upstream.requests() == 0);
}

TEST_CASE("https: 429 with Retry-After is retried after the delay, even for a POST", "[outbound]")
{
    pki keys;
    fake_upstream upstream(
        [](const upstream_request&, int index) {
            if (index == 0) {
                return upstream_reply{429, {{"Retry-After", "1"}}, R"({"retry_after":1})", 0ms, false};
            }
            return upstream_reply{200, {}, "created", 0ms, false};
        },
        keys.trusted.issue("good", {"localhost"}));
    client_fixture f(test_options(keys.trusted.certificate_file()));

    auto req = get(localhost(upstream.port()) + "/channels/1/messages");
    req.method = verb::post;
    req.body = R"({"content":"hi"})";
    const auto r = f.call(req);
    REQUIRE(r.ok());
    CHECK(r.resp.status == 200);
    CHECK(r.attempts == 2);
    const auto arrivals = upstream.arrivals();
    REQUIRE(arrivals.size() == 2);
    CHECK(arrivals[1] - arrivals[0] >= 1000ms);
    CHECK(upstream.seen()[1].body == R"({"content":"hi"})");

    const auto text = f.registry().render();
    CHECK(text.find(R"(quizbot_outbound_requests_total{host="localhost",status="429"} 1)") != std::string::npos);
    CHECK(text.find(R"(quizbot_outbound_requests_total{host="localhost",status="200"} 1)") != std::string::npos);
}

TEST_CASE("http: a Retry-After beyond the allowed wait returns the 429 at once", "[outbound]")
{
    fake_upstream upstream([](const upstream_request&, int) {
        return upstream_reply{429, {{"Retry-After", "3600"}}, {}, 0ms, false};
    });
    auto options = test_options();
    options.max_retry_after = 2s;
    client_fixture f(options);
    const auto r = f.call(get(localhost(upstream.port(), false) + "/"));
    REQUIRE(r.ok());
    CHECK(r.resp.status == 429);
    CHECK(r.attempts == 1);
    // The block is remembered: the next call on that route does not even reach the server.
    const auto again = f.call(get(localhost(upstream.port(), false) + "/"));
    CHECK(again.error == outbound::failure::rate_limited);
    CHECK(upstream.requests() == 1);
}

TEST_CASE("http: Discord bucket headers make the next call on the route wait for the reset", "[outbound]")
{
    fake_upstream upstream([](const upstream_request&, int) {
        return upstream_reply{
            200,
            {{"X-RateLimit-Bucket", "b1"}, {"X-RateLimit-Remaining", "0"}, {"X-RateLimit-Reset-After", "0.6"}},
            "ok",
            0ms,
            false};
    });
    client_fixture f(test_options());
    auto req = get(localhost(upstream.port(), false) + "/channels/7/messages");
    req.rate_limit_key = "GET /channels/{id}/messages";
    REQUIRE(f.call(req).ok());
    REQUIRE(f.call(req).ok());
    const auto arrivals = upstream.arrivals();
    REQUIRE(arrivals.size() == 2);
    CHECK(arrivals[1] - arrivals[0] >= 600ms);
}

TEST_CASE("http: 503 on an idempotent call is retried with growing waits, a POST is not", "[outbound]")
{
    fake_upstream upstream([](const upstream_request& req, int index) {
        if (req.method == "GET" && index < 2) {
            return upstream_reply{503, {}, "busy", 0ms, false};
        }
        return upstream_reply{req.method == "GET" ? 200U : 503U, {}, "", 0ms, false};
    });
    client_fixture f(test_options());

    const auto r = f.call(get(localhost(upstream.port(), false) + "/items/1"));
    REQUIRE(r.ok());
    CHECK(r.resp.status == 200);
    CHECK(r.attempts == 3);
    const auto arrivals = upstream.arrivals();
    REQUIRE(arrivals.size() == 3);
    CHECK(arrivals[1] - arrivals[0] >= 50ms);  // first wait: 100 ms, at least half of it with jitter
    CHECK(arrivals[2] - arrivals[1] >= 100ms); // second wait: 200 ms, at least half

    auto post = get(localhost(upstream.port(), false) + "/items");
    post.method = verb::post;
    const auto once = f.call(post);
    REQUIRE(once.ok());
    CHECK(once.resp.status == 503);
    CHECK(once.attempts == 1);

    post.idempotent = true; // e.g. a call carrying an idempotency key
    const auto repeated = f.call(post);
    CHECK(repeated.attempts == 3);
    CHECK(upstream.requests() == 3 + 1 + 3);
}

TEST_CASE("http: the per-host concurrency limit is honoured", "[outbound]")
{
    fake_upstream upstream([](const upstream_request&, int) { return upstream_reply{200, {}, "ok", 150ms, false}; });
    auto options = test_options();
    options.max_per_host = 2;
    client_fixture f(options);

    std::vector<std::promise<outbound::result>> done(6);
    for (auto& d : done) {
        f.client().send(get(localhost(upstream.port(), false) + "/slow"),
                        [&d](outbound::result r) { d.set_value(std::move(r)); });
    }
    int ok = 0;
    for (auto& d : done) {
        auto future = d.get_future();
        REQUIRE(future.wait_for(30s) == std::future_status::ready);
        ok += future.get().ok() ? 1 : 0;
    }
    CHECK(ok == 6);
    CHECK(upstream.requests() == 6);
    CHECK(upstream.max_in_flight() <= 2);
    CHECK(upstream.connections() <= 2);
}

TEST_CASE("http: a stalled host holds a bounded number of requests, the rest fail at once with a log line",
          "[outbound][faults]")
{
    // The platform's API answers after 30 s: far longer than the read timeout.
    fake_upstream upstream([](const upstream_request&, int) { return upstream_reply{200, {}, "late", 30s, false}; });
    auto options = test_options();
    options.max_per_host = 2;
    options.max_pending_per_host = 6;
    options.read_timeout = 400ms;
    options.max_attempts = 2;
    client_fixture f(options);

    const auto began = std::chrono::steady_clock::now();
    std::vector<std::promise<outbound::result>> done(40);
    for (auto& d : done) {
        f.client().send(get(localhost(upstream.port(), false) + "/stalled"),
                        [&d](outbound::result r) { d.set_value(std::move(r)); });
    }
    int timed_out = 0;
    int refused = 0;
    for (auto& d : done) {
        auto future = d.get_future();
        REQUIRE(future.wait_for(30s) == std::future_status::ready);
        const auto r = future.get();
        timed_out += r.error == outbound::failure::timeout ? 1 : 0;
        refused += r.error == outbound::failure::overloaded ? 1 : 0;
    }
    CHECK(timed_out == 6);            // the ones it held: tried, retried, given up
    CHECK(refused == 34);             // the others, at once, instead of piling up behind the stall
    CHECK(upstream.requests() <= 12); // 6 requests, 2 attempts each
    CHECK(std::chrono::steady_clock::now() - began < 20s);
    CHECK(f.logs().contains("outbound queue full label=test.get host=localhost max_pending=6"));
}

TEST_CASE("http: a host that keeps answering takes a burst beyond the stalled bound up to its own bound",
          "[outbound][faults]")
{
    // Every Slack response_url is on one host: a burst of clicks must not lose its updates while that host answers.
    fake_upstream upstream([](const upstream_request&, int) { return upstream_reply{200, {}, "ok", 100ms, false}; });
    auto options = test_options();
    options.max_per_host = 2;
    options.max_pending_per_host = 6;
    options.max_pending_while_answering = 30;
    client_fixture f(options);
    const auto url = localhost(upstream.port(), false) + "/busy";

    std::promise<outbound::result> first;
    f.client().send(get(url), [&first](outbound::result r) { first.set_value(std::move(r)); });
    auto answered = first.get_future();
    REQUIRE(answered.wait_for(30s) == std::future_status::ready);
    REQUIRE(answered.get().ok());

    std::vector<std::promise<outbound::result>> done(40);
    for (auto& d : done) {
        f.client().send(get(url), [&d](outbound::result r) { d.set_value(std::move(r)); });
    }
    int ok = 0;
    int refused = 0;
    for (auto& d : done) {
        auto future = d.get_future();
        REQUIRE(future.wait_for(30s) == std::future_status::ready);
        const auto r = future.get();
        ok += r.ok() ? 1 : 0;
        refused += r.error == outbound::failure::overloaded ? 1 : 0;
    }
    CHECK(ok == 30);      // 6 would have been held had the host not answered a moment before
    CHECK(refused == 10); // beyond the bound for a host that answers
    CHECK(upstream.requests() == 31);
    CHECK(f.logs().contains("outbound queue full label=test.get host=localhost max_pending=30"));
}

TEST_CASE("http: failures without an answer are reported", "[outbound]")
{
    client_fixture f(test_options());

    SECTION("nothing listening: retried, then a connect failure")
    {
        std::uint16_t closed_port = 0;
        {
            fake_upstream gone(ok_reply);
            closed_port = gone.port();
        }
        const auto r = f.call(get(localhost(closed_port, false) + "/"));
        CHECK(r.error == outbound::failure::connect);
        CHECK(r.attempts == 3);
    }
    SECTION("a body above the limit")
    {
        fake_upstream big([](const upstream_request&, int) {
            return upstream_reply{200, {}, std::string(9 * 1024 * 1024, 'x'), 0ms, false};
        });
        const auto r = f.call(get(localhost(big.port(), false) + "/"));
        CHECK(r.error == outbound::failure::too_large);
    }
    SECTION("not a URL")
    {
        const auto r = f.call(get("discord.com/api"));
        CHECK(r.error == outbound::failure::invalid_url);
    }
}

TEST_CASE("http: a connection the server closed is not reused", "[outbound]")
{
    fake_upstream upstream([](const upstream_request&, int) { return upstream_reply{200, {}, "ok", 0ms, true}; });
    client_fixture f(test_options());
    REQUIRE(f.call(get(localhost(upstream.port(), false) + "/")).ok());
    REQUIRE(f.call(get(localhost(upstream.port(), false) + "/")).ok());
    CHECK(upstream.connections() == 2);
}

TEST_CASE("co_send: the coroutine form from code running on Asio", "[outbound]")
{
    fake_upstream upstream(ok_reply);
    client_fixture f(test_options());
    std::promise<outbound::result> done;
    boost::asio::co_spawn(f.context(), fetch(&f.client(), localhost(upstream.port(), false) + "/co"),
                          [&done](const std::exception_ptr&, outbound::result r) { done.set_value(std::move(r)); });
    auto future = done.get_future();
    REQUIRE(future.wait_for(30s) == std::future_status::ready);
    const auto r = future.get();
    REQUIRE(r.ok());
    CHECK(r.resp.body == "pong");
}

} // namespace outbound_client_test
