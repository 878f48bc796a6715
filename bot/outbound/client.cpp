// SPDX-License-Identifier: MIT
// g++ 12 at -O2 and above reports "potential null pointer dereference" inside Asio's executor comparisons
// (io_context.hpp, strand.hpp) once they are inlined here; it is a false positive in library code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wnull-dereference"
#endif
#include "bot/outbound/client.hpp"

#include "bot/logging.hpp"
#include "bot/outbound/co_send.hpp"
#include "bot/outbound/rate_limits.hpp"
#include "bot/outbound/retry.hpp"
#include "bot/outbound/url.hpp"
#include "bot/service_metrics.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <spdlog/logger.h>

#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>
#include <vector>

namespace quiz::bot::outbound {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr auto as_result = net::as_tuple(net::use_awaitable);

struct connection {
    std::optional<beast::tcp_stream> plain;
    std::optional<beast::ssl_stream<beast::tcp_stream>> tls;
    beast::flat_buffer buffer;
    clock::time_point idle_since{};

    beast::tcp_stream& lowest() { return tls ? beast::get_lowest_layer(*tls) : *plain; }
};

/// Whether a pooled connection can carry another request: the peer has not closed it and sent nothing unasked.
bool still_open(connection& c)
{
    if (c.buffer.size() != 0 || !c.lowest().socket().is_open()) {
        return false;
    }
    char byte = 0;
    const auto n = ::recv(c.lowest().socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n < 0 && errno == EAGAIN; // EWOULDBLOCK is the same value on Linux
}

/// One origin's share of the client: its concurrency slots and its idle connections.
struct origin_state {
    origin_state(const net::any_io_executor& ex, unsigned max_in_flight) : slots(ex, max_in_flight) {}

    /// A slot is taken by sending into the buffer (waiting when full) and given back by receiving from it.
    net::experimental::concurrent_channel<void(boost::system::error_code)> slots;
    std::mutex mutex;
    std::vector<std::unique_ptr<connection>> idle;
    std::atomic<std::size_t> pending{0};            ///< requests in run() for this origin
    std::atomic<std::int64_t> last_full_log{-3600}; ///< steady clock, seconds
    std::atomic<std::int64_t> last_answer_ms{std::numeric_limits<std::int64_t>::min() / 2}; ///< steady clock
};

/// How many requests `origin` may hold: more while it keeps answering than once it stalls.
std::size_t pending_limit(const origin_state& origin, const client_options& options, clock::time_point now)
{
    const auto now_ms = std::chrono::duration_cast<milliseconds>(now.time_since_epoch()).count();
    const bool answering = now_ms - origin.last_answer_ms.load() < options.stall_after.count();
    return answering ? std::max(options.max_pending_while_answering, options.max_pending_per_host)
                     : options.max_pending_per_host;
}

/// A request's place among its origin's pending ones, given back when it ends.
struct pending_release {
    origin_state& origin;
    explicit pending_release(origin_state& o) : origin(o) {}
    pending_release(const pending_release&) = delete;
    pending_release& operator=(const pending_release&) = delete;
    ~pending_release() { origin.pending.fetch_sub(1); }
};

struct slot_release {
    origin_state& origin;
    explicit slot_release(origin_state& o) : origin(o) {}
    slot_release(const slot_release&) = delete;
    slot_release& operator=(const slot_release&) = delete;
    ~slot_release()
    {
        (void)origin.slots.try_receive([](boost::system::error_code) {});
    }
};

struct attempt_outcome {
    failure error = failure::none;
    std::string message;
    response resp;
    bool keep_alive = false;
    bool nothing_received = false; ///< the peer closed before answering: a pooled connection it had dropped
};

struct connect_outcome {
    failure error = failure::none;
    std::string message;
    std::unique_ptr<connection> conn;
};

bool is_ip_literal(const std::string& host)
{
    boost::system::error_code ec;
    (void)net::ip::make_address(host, ec);
    return !ec;
}

failure classify(const beast::error_code& ec)
{
    if (ec == beast::error::timeout) {
        return failure::timeout;
    }
    if (ec == beast::http::error::body_limit) {
        return failure::too_large;
    }
    if (ec.category() == beast::http::make_error_code(beast::http::error::bad_method).category()) {
        return ec == beast::http::error::end_of_stream || ec == beast::http::error::partial_message ? failure::io
                                                                                                    : failure::protocol;
    }
    return failure::io;
}

std::string_view failure_name(failure f)
{
    switch (f) {
    case failure::none:
        return "none";
    case failure::invalid_url:
        return "invalid_url";
    case failure::resolve:
        return "resolve";
    case failure::connect:
        return "connect";
    case failure::tls:
        return "tls";
    case failure::timeout:
        return "timeout";
    case failure::io:
        return "io";
    case failure::protocol:
        return "protocol";
    case failure::too_large:
        return "too_large";
    case failure::rate_limited:
        return "rate_limited";
    case failure::overloaded:
        return "overloaded";
    }
    return "unknown";
}

net::awaitable<void> sleep_for(milliseconds delay)
{
    net::steady_timer timer(co_await net::this_coro::executor, delay);
    co_await timer.async_wait(as_result);
}

} // namespace

struct client::impl : std::enable_shared_from_this<impl> {
    impl(net::io_context& context, client_options opts, spdlog::logger& l, service_metrics& m)
        : ioc(context), strand(net::make_strand(context)), options(std::move(opts)), log(l), metrics(m),
          tls_context(ssl::context::tls_client), random(std::random_device{}())
    {
        SSL_CTX_set_min_proto_version(tls_context.native_handle(), TLS1_2_VERSION);
        tls_context.set_verify_mode(ssl::verify_peer);
        if (options.use_system_store) {
            tls_context.set_default_verify_paths();
        }
        if (!options.extra_ca_file.empty()) {
            boost::system::error_code ec;
            tls_context.load_verify_file(options.extra_ca_file, ec);
            if (ec) {
                throw std::runtime_error("cannot load CA file " + options.extra_ca_file + ": " + ec.message());
            }
        }
        options.max_attempts = std::max(options.max_attempts, 1U);
        options.max_per_host = std::max(options.max_per_host, 1U);
    }

    static net::awaitable<result> run(std::shared_ptr<impl> self, request req);

    std::shared_ptr<origin_state> origin_for(const std::string& origin)
    {
        const std::lock_guard lock(mutex);
        auto& state = origins[origin];
        if (!state) {
            state = std::make_shared<origin_state>(strand, options.max_per_host);
        }
        return state;
    }

    double jitter()
    {
        const std::lock_guard lock(mutex);
        return std::uniform_real_distribution<double>(0.0, 1.0)(random);
    }

    std::unique_ptr<connection> checkout(origin_state& origin)
    {
        const std::lock_guard lock(origin.mutex);
        while (!origin.idle.empty()) {
            auto c = std::move(origin.idle.back());
            origin.idle.pop_back();
            if (clock::now() - c->idle_since < options.idle_timeout && still_open(*c)) {
                return c;
            }
        }
        return nullptr;
    }

    void checkin(origin_state& origin, std::unique_ptr<connection> c)
    {
        const std::lock_guard lock(origin.mutex);
        if (origin.idle.size() < options.max_idle_per_host) {
            c->idle_since = clock::now();
            origin.idle.push_back(std::move(c));
        }
    }

    net::awaitable<connect_outcome> connect(const url& target);
    net::awaitable<attempt_outcome> exchange(const url& target, const request& req, origin_state& origin);
    /// exchange() once one of the origin's concurrency slots is free.
    net::awaitable<attempt_outcome> exchange_in_turn(const url& target, const request& req, origin_state& origin);
    template <class Stream>
    net::awaitable<attempt_outcome> write_and_read(Stream& stream, connection& conn,
                                                   beast::http::request<beast::http::string_body>& message, bool head);

    net::io_context& ioc;
    /// Every exchange, and every stream's timeout handler, runs here: with several IO threads, Beast's streams
    /// need their operations and timers on one strand (a timeout would otherwise close a socket that another
    /// thread is destroying).
    net::strand<net::io_context::executor_type> strand;
    client_options options;
    spdlog::logger& log;
    service_metrics& metrics;
    ssl::context tls_context;
    rate_limits limits;

    std::mutex mutex; ///< guards the members below
    std::mt19937_64 random;
    std::map<std::string, std::shared_ptr<origin_state>> origins;
};

net::awaitable<connect_outcome> client::impl::connect(const url& target)
{
    connect_outcome out;
    tcp::resolver resolver(strand);
    const auto [rec, endpoints] = co_await resolver.async_resolve(target.host, std::to_string(target.port), as_result);
    if (rec) {
        out.error = failure::resolve;
        out.message = "cannot resolve " + target.host + ": " + rec.message();
        co_return out;
    }
    beast::tcp_stream stream(strand);
    stream.expires_after(options.connect_timeout);
    const auto [cec, endpoint] = co_await stream.async_connect(endpoints, as_result);
    if (cec) {
        out.error = failure::connect;
        out.message = "cannot connect to " + target.host_header() + ": " + cec.message();
        co_return out;
    }
    boost::system::error_code ignored;
    stream.socket().set_option(tcp::no_delay(true), ignored);
    out.conn = std::make_unique<connection>();
    if (!target.tls) {
        out.conn->plain.emplace(std::move(stream));
        co_return out;
    }
    auto& tls = out.conn->tls.emplace(std::move(stream), tls_context);
    SSL* handle = tls.native_handle();
    if (is_ip_literal(target.host)) {
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(handle), target.host.c_str());
    } else {
        // SNI picks the certificate; set1_host makes OpenSSL check the name during verification.
        // (SSL_set_tlsext_host_name is this SSL_ctrl call behind a macro with a C cast.)
        std::string name = target.host;
        SSL_ctrl(handle, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, name.data());
        SSL_set1_host(handle, target.host.c_str());
    }
    beast::get_lowest_layer(tls).expires_after(options.connect_timeout);
    const auto [hec] = co_await tls.async_handshake(ssl::stream_base::client, as_result);
    if (hec) {
        const long verdict = SSL_get_verify_result(handle);
        out.error = hec == beast::error::timeout ? failure::timeout : failure::tls;
        out.message = "TLS with " + target.host_header() + " failed: " +
                      (verdict != X509_V_OK
                           ? std::string("certificate rejected (") + X509_verify_cert_error_string(verdict) + ")"
                           : hec.message());
        out.conn.reset();
        co_return out;
    }
    beast::get_lowest_layer(tls).expires_never();
    co_return out;
}

template <class Stream>
net::awaitable<attempt_outcome> client::impl::write_and_read(Stream& stream, connection& conn,
                                                             beast::http::request<beast::http::string_body>& message,
                                                             bool head)
{
    attempt_outcome out;
    conn.lowest().expires_after(options.read_timeout);
    const auto [wec, written] = co_await beast::http::async_write(stream, message, as_result);
    if (wec) {
        out.error = classify(wec);
        out.message = "sending failed: " + wec.message();
        out.nothing_received = true;
        co_return out;
    }
    beast::http::response_parser<beast::http::string_body> parser;
    parser.body_limit(options.body_limit);
    parser.header_limit(64 * 1024);
    parser.skip(head);
    const auto [rec, read] = co_await beast::http::async_read(stream, conn.buffer, parser, as_result);
    if (rec) {
        out.error = classify(rec);
        out.message = "receiving failed: " + rec.message();
        out.nothing_received = rec == beast::http::error::end_of_stream ||
                               (read == 0 && (rec == net::error::connection_reset || rec == net::error::eof));
        co_return out;
    }
    conn.lowest().expires_never();
    auto& answer = parser.get();
    out.resp.status = answer.result_int();
    for (const auto& field : answer) {
        out.resp.fields.add(std::string(field.name_string()), std::string(field.value()));
    }
    out.keep_alive = answer.keep_alive();
    out.resp.body = std::move(answer.body());
    co_return out;
}

net::awaitable<attempt_outcome> client::impl::exchange(const url& target, const request& req, origin_state& origin)
{
    beast::http::request<beast::http::string_body> message;
    message.version(11);
    message.method_string(std::string(http::to_string(req.method)));
    message.target(target.target);
    message.set(beast::http::field::host, target.host_header());
    message.set(beast::http::field::user_agent, options.user_agent);
    for (const auto& [name, value] : req.fields) {
        message.set(name, value);
    }
    message.body() = req.body;
    message.prepare_payload();
    message.keep_alive(true);
    const bool head = req.method == http::verb::head;

    auto conn = checkout(origin);
    for (int tries = 0;; ++tries) {
        const bool reused = conn != nullptr;
        if (!conn) {
            auto connected = co_await connect(target);
            if (!connected.conn) {
                attempt_outcome failed;
                failed.error = connected.error;
                failed.message = std::move(connected.message);
                co_return failed;
            }
            conn = std::move(connected.conn);
        }
        // Two statements, not `?:`: g++ 12 destroys the result of a co_await inside a conditional expression twice.
        attempt_outcome out;
        if (conn->tls) {
            auto result = co_await write_and_read(*conn->tls, *conn, message, head);
            out = std::move(result);
        } else {
            auto result = co_await write_and_read(*conn->plain, *conn, message, head);
            out = std::move(result);
        }
        if (out.error == failure::none) {
            if (out.keep_alive) {
                checkin(origin, std::move(conn));
            }
            co_return out;
        }
        conn.reset();
        // A kept-alive connection the server had just closed: the request never reached it, so one more try on
        // a fresh connection is safe whatever the method.
        if (!(reused && out.nothing_received && tries == 0)) {
            co_return out;
        }
    }
}

net::awaitable<attempt_outcome> client::impl::exchange_in_turn(const url& target, const request& req,
                                                               origin_state& origin)
{
    (void)co_await origin.slots.async_send(boost::system::error_code{}, as_result);
    const slot_release release(origin);
    auto outcome = co_await exchange(target, req, origin);
    co_return outcome;
}

net::awaitable<result> client::impl::run(std::shared_ptr<impl> self, request req)
{
    result out;
    const auto target = parse_url(req.url);
    if (!target) {
        out.error = failure::invalid_url;
        out.message = "not an absolute http(s) URL";
        co_return out;
    }
    const std::string origin = target->origin();
    const std::string key = req.rate_limit_key.empty()
                                ? std::string(http::to_string(req.method)) + ' ' + std::string(target->path())
                                : req.rate_limit_key;
    const bool repeatable = req.idempotent.value_or(idempotent(req.method));
    const auto state = self->origin_for(origin);
    const auto& options = self->options;
    const std::string label = req.label.empty() ? "-" : req.label;
    if (const auto limit = pending_limit(*state, options, clock::now()); state->pending.fetch_add(1) >= limit) {
        state->pending.fetch_sub(1);
        const auto now_s = std::chrono::duration_cast<std::chrono::seconds>(clock::now().time_since_epoch()).count();
        if (now_s - state->last_full_log.exchange(now_s) >= 10) {
            self->log.warn("outbound queue full label={} host={} max_pending={}: requests fail until it drains", label,
                           target->host, limit);
        }
        self->metrics.outbound_requests.with({target->host, "overloaded"}).inc();
        out.error = failure::overloaded;
        out.message = "too many requests waiting for this host";
        co_return out;
    }
    const pending_release in_line(*state);

    for (unsigned attempt = 1;; ++attempt) {
        out.attempts = attempt;
        const auto now = clock::now();
        const auto ready = self->limits.ready_at(origin, key, now);
        if (ready > now) {
            const auto wait = std::chrono::ceil<milliseconds>(ready - now);
            if (wait > options.max_retry_after) {
                out.error = failure::rate_limited;
                out.message = "rate limited for " + std::to_string(wait.count()) + " ms";
                self->log.warn("outbound rate_limited label={} host={} wait_ms={}", label, target->host, wait.count());
                co_return out;
            }
            co_await sleep_for(wait);
        }

        const auto started = clock::now();
        auto outcome = co_await self->exchange_in_turn(*target, req, *state);
        const double seconds = std::chrono::duration<double>(clock::now() - started).count();
        const std::string status = outcome.error == failure::none ? std::to_string(outcome.resp.status) : "error";
        self->metrics.outbound_requests.with({target->host, status}).inc();
        self->metrics.outbound_request_duration.with({target->host}).observe(seconds);
        self->log.debug("outbound label={} host={} status={} attempt={} duration_ms={:.1f}", label, target->host,
                        status, attempt, seconds * 1000.0);

        if (outcome.error != failure::none) {
            // Nothing reached the server when resolving or connecting failed; otherwise only idempotent calls repeat.
            const bool unsent = outcome.error == failure::resolve || outcome.error == failure::connect;
            const bool retry = attempt < options.max_attempts && outcome.error != failure::tls &&
                               outcome.error != failure::too_large && (unsent || repeatable);
            if (!retry) {
                out.error = outcome.error;
                out.message = std::move(outcome.message);
                self->log.warn("outbound failed label={} host={} error={} attempts={} reason={}", label, target->host,
                               failure_name(out.error), attempt, log_quote(out.message));
                co_return out;
            }
            const auto delay = backoff_delay(attempt, options.backoff_initial, options.backoff_max, self->jitter());
            self->log.warn("outbound retry label={} host={} error={} attempt={} delay_ms={}", label, target->host,
                           failure_name(outcome.error), attempt, delay.count());
            co_await sleep_for(delay);
            continue;
        }

        state->last_answer_ms.store(std::chrono::duration_cast<milliseconds>(clock::now().time_since_epoch()).count());
        response& answer = outcome.resp;
        const auto backoff = backoff_delay(attempt, options.backoff_initial, options.backoff_max, self->jitter());
        std::optional<milliseconds> told;
        if (const auto value = answer.fields.find("Retry-After")) {
            told = parse_retry_after(*value, std::chrono::system_clock::now());
        }
        if (!told && answer.status == 429) {
            if (const auto value = answer.fields.find("X-RateLimit-Reset-After")) {
                told = parse_seconds(*value);
            }
        }
        self->limits.update(origin, key, answer.status, answer.fields, clock::now(), told.value_or(backoff));

        const bool more = attempt < options.max_attempts;
        if (answer.status == 429 && more && told.value_or(backoff) <= options.max_retry_after) {
            // The wait itself happens at the top of the loop, through the rate limits just updated.
            self->log.warn("outbound rate limited label={} host={} attempt={} retry_after_ms={}", label, target->host,
                           attempt, told.value_or(backoff).count());
            continue;
        }
        if (retryable_status(answer.status) && repeatable && more) {
            const auto delay = std::min(told.value_or(backoff), options.max_retry_after);
            self->log.warn("outbound retry label={} host={} status={} attempt={} delay_ms={}", label, target->host,
                           answer.status, attempt, delay.count());
            co_await sleep_for(delay);
            continue;
        }
        out.resp = std::move(answer);
        co_return out;
    }
}

client::client(boost::asio::io_context& context, client_options options, spdlog::logger& log, service_metrics& metrics)
    : impl_(std::make_shared<impl>(context, std::move(options), log, metrics))
{
}

client::~client()
{
    // Idle connections close now; calls still in flight keep what they use alive until they end.
    const std::lock_guard lock(impl_->mutex);
    for (auto& [name, origin] : impl_->origins) {
        const std::lock_guard inner(origin->mutex);
        origin->idle.clear();
    }
}

std::size_t client::pending() const
{
    std::size_t total = 0;
    const std::lock_guard lock(impl_->mutex);
    for (const auto& [name, origin] : impl_->origins) {
        total += origin->pending.load();
    }
    return total;
}

void client::send(request req, std::function<void(result)> done)
{
    net::co_spawn(impl_->strand, impl::run(impl_, std::move(req)),
                  [done = std::move(done)](const std::exception_ptr& e, result r) {
                      if (e) {
                          r = result{};
                          r.error = failure::io;
                          r.message = "unexpected exception in the HTTP client";
                      }
                      done(std::move(r));
                  });
}

net::awaitable<result> co_send(client& c, request req)
{
    auto self = access(c);
    co_return co_await net::co_spawn(self->strand, client::impl::run(self, std::move(req)), net::use_awaitable);
}

} // namespace quiz::bot::outbound
