// SPDX-License-Identifier: MIT
#include "bot/http/beast_conversion.hpp"
#include "bot/http/request_framing.hpp"
#include "bot/http/request_id.hpp"
#include "bot/http/server_impl.hpp"
#include "bot/logging.hpp"
#include "bot/service_metrics.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

#include <spdlog/logger.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace quiz::bot::http {

namespace {

namespace beast = boost::beast;
using clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

/// The meeting point of a handler's answer (from any thread) and the connection coroutine waiting for it.
/// `executor` and `timer` live in the coroutine frame; they are cleared under the lock when the frame ends, so a
/// late answer from another thread never touches a destroyed object.
struct answer_slot : std::enable_shared_from_this<answer_slot> {
    std::mutex mutex;
    std::optional<responder::builder> answer;
    net::any_io_executor* executor = nullptr;
    net::steady_timer* timer = nullptr;

    void deliver(responder::builder b)
    {
        const std::lock_guard lock(mutex);
        if (executor == nullptr || answer) {
            return;
        }
        answer = std::move(b);
        net::post(*executor, [self = shared_from_this()] {
            const std::lock_guard inner(self->mutex);
            if (self->timer != nullptr) {
                self->timer->cancel();
            }
        });
    }

    std::optional<responder::builder> take()
    {
        const std::lock_guard lock(mutex);
        return std::exchange(answer, std::nullopt);
    }
};

struct slot_guard {
    std::shared_ptr<answer_slot> slot;
    explicit slot_guard(std::shared_ptr<answer_slot> s) : slot(std::move(s)) {}
    slot_guard(const slot_guard&) = delete;
    slot_guard& operator=(const slot_guard&) = delete;
    ~slot_guard()
    {
        const std::lock_guard lock(slot->mutex);
        slot->executor = nullptr;
        slot->timer = nullptr;
    }
};

/// Calls the handler and waits, without blocking the thread, for its answer or the deadline (503).
net::awaitable<response> invoke(const async_handler& h, request req, clock::time_point deadline, spdlog::logger& log,
                                bool& timed_out)
{
    auto executor = co_await net::this_coro::executor;
    net::steady_timer timer(executor);
    auto slot = std::make_shared<answer_slot>();
    slot->executor = &executor;
    slot->timer = &timer;
    const slot_guard guard{slot};

    const std::string id = req.request_id;
    try {
        h(std::move(req), responder([slot](responder::builder b) { slot->deliver(std::move(b)); }));
    } catch (const std::exception& e) {
        log.error("handler failed request_id={} error={}", id, log_quote(e.what()));
        co_return error_response(500, "internal error", id);
    } catch (...) {
        log.error("handler failed request_id={} error=\"unknown exception\"", id);
        co_return error_response(500, "internal error", id);
    }
    const auto build = [&log, &id](const responder::builder& answer) {
        try {
            return answer();
        } catch (const std::exception& e) {
            log.error("building the response failed request_id={} error={}", id, log_quote(e.what()));
        } catch (...) {
            log.error("building the response failed request_id={} error=\"unknown exception\"", id);
        }
        return error_response(500, "internal error", id);
    };
    timer.expires_at(deadline);
    for (;;) {
        if (auto answer = slot->take()) {
            co_return build(*answer);
        }
        const auto [ec] = co_await timer.async_wait(as_result);
        if (!ec) {
            if (auto answer = slot->take()) {
                co_return build(*answer);
            }
            timed_out = true;
            log.error("handler timed out request_id={}", id);
            co_return error_response(503, "timed out", id);
        }
    }
}

bool expects_continue(const beast::http::request<beast::http::string_body>& message)
{
    const auto expect = message[beast::http::field::expect];
    return message.version() >= 11 && iequals(std::string_view(expect.data(), expect.size()), "100-continue");
}

/// Status for a request that could not be read, or 0 when the connection should just close (the client went away
/// or stalled: nobody is waiting for an answer).
unsigned status_for_read_error(const beast::error_code& ec)
{
    namespace he = beast::http;
    if (ec == he::error::body_limit) {
        return 413;
    }
    if (ec == he::error::header_limit) {
        return 431;
    }
    if (ec.category() == he::make_error_code(he::error::bad_method).category() && ec != he::error::end_of_stream &&
        ec != he::error::partial_message && ec != he::error::need_more) {
        return 400;
    }
    return 0;
}

/// Half-closes, then reads (and drops) what the client is still sending for a moment, so that it reads our answer
/// instead of a connection reset.
net::awaitable<void> close_connection(beast::tcp_stream& stream, bool drain_input)
{
    boost::system::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    if (drain_input) {
        std::array<char, 16 * 1024> scratch{};
        std::size_t total = 0;
        stream.expires_after(1s);
        while (total < 4 * 1024 * 1024) {
            const auto [ec, n] = co_await stream.async_read_some(net::buffer(scratch), as_result);
            if (ec) {
                break;
            }
            total += n;
        }
    }
    stream.socket().close(ignored);
}

struct connection_guard {
    server::impl& s;
    std::shared_ptr<connection_control> control;
    std::uint64_t id;

    connection_guard(server::impl& srv, std::shared_ptr<connection_control> c)
        : s(srv), control(std::move(c)), id(s.add_connection(control))
    {
    }
    connection_guard(const connection_guard&) = delete;
    connection_guard& operator=(const connection_guard&) = delete;
    ~connection_guard()
    {
        control->socket = nullptr;
        s.remove_connection(id);
    }
};

void add_standard_fields(response& r, const std::string& request_id)
{
    r.fields.set("X-Request-Id", request_id);
    r.fields.set("Date", http_date(std::chrono::system_clock::now()));
    if (!r.fields.contains("X-Content-Type-Options")) {
        r.fields.set("X-Content-Type-Options", "nosniff");
    }
    if (!r.body.empty() && !r.fields.contains("Content-Type")) {
        r.fields.set("Content-Type", "application/octet-stream");
    }
}

std::string remote_of(const tcp::socket& socket)
{
    boost::system::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    if (ec) {
        return {};
    }
    const auto address = endpoint.address().to_string();
    return (endpoint.address().is_v6() ? "[" + address + "]" : address) + ':' + std::to_string(endpoint.port());
}

using request_parser = beast::http::request_parser<beast::http::string_body>;

/// How reading a request ended: read whole, refused on its bytes (its status), or failed (the read's error).
struct read_outcome {
    beast::error_code error;
    std::optional<refusal> refused;
    bool lost = false; ///< the connection failed while answering 100-continue: nothing more to do
};

/// The header, when the buffer holds all of it, checked on its bytes; nullopt while more of it is still to come.
std::optional<read_outcome> check_header(const beast::flat_buffer& buffer, const server_limits& limits)
{
    const std::string_view data(static_cast<const char*>(buffer.data().data()), buffer.size());
    const auto span = find_header(data);
    if (span.end != std::string_view::npos) {
        return read_outcome{{}, refuse_header(data.substr(span.start, span.end - span.start), limits.header_limit)};
    }
    if (data.size() - span.start > limits.header_limit) {
        return read_outcome{{}, refusal{431, "request header fields too large"}};
    }
    return std::nullopt;
}

/// What goes back for one request, with what the log line and the metrics say of it.
struct answered {
    response answer;
    std::string request_id;
    std::string method_label = "-";
    std::string route = "unmatched";
    bool keep_alive = false;
    bool head = false;
    bool unread_input = false; ///< part of the request is still unread: close after answering
    unsigned version = 11;
};

/// The whole header, read here rather than by the parser, so that its bytes can be checked as sent. Called only
/// when the first read did not bring all of it.
net::awaitable<read_outcome> read_header(beast::tcp_stream& stream, beast::flat_buffer& buffer,
                                         const server_limits& limits, clock::time_point header_deadline)
{
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(header_deadline - clock::now());
        if (left <= 0ms) {
            co_return read_outcome{beast::error::timeout, std::nullopt};
        }
        stream.expires_after(std::min(limits.read_timeout, left));
        const auto [ec, n] = co_await stream.async_read_some(buffer.prepare(4096), as_result);
        if (ec) {
            co_return read_outcome{ec, std::nullopt};
        }
        buffer.commit(n);
        if (auto checked = check_header(buffer, limits)) {
            co_return *checked;
        }
    }
}

/// Feeds the parser what is already buffered, without waiting: for most requests the header and the whole body came
/// with the first read, and nothing more is needed. Checks the framing once the header is parsed.
void parse_buffered(beast::flat_buffer& buffer, request_parser& parser, read_outcome& outcome)
{
    while (!outcome.refused && !parser.is_done() && buffer.size() > 0) {
        const bool header_was_done = parser.is_header_done();
        beast::error_code ec;
        const auto used = parser.put(buffer.data(), ec);
        buffer.consume(used);
        if (ec == beast::http::error::need_more) {
            return;
        }
        if (ec) {
            outcome.error = ec;
            return;
        }
        if (!header_was_done && parser.is_header_done()) {
            outcome.refused = refuse_framing(parser.get().base());
        }
        if (used == 0) {
            return;
        }
    }
}

/// The rest of a body that did not come with the header: 100-continue answered when asked for, the body held to the
/// deadline and, after a grace period, to a minimum rate.
net::awaitable<void> read_body(beast::tcp_stream& stream, beast::flat_buffer& buffer, request_parser& parser,
                               const server_limits& limits, clock::time_point deadline, read_outcome& outcome)
{
    bool continue_sent = false;
    const clock::time_point body_started = clock::now();
    while (!outcome.error && !outcome.refused && !parser.is_done()) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
        if (limits.min_body_rate > 0) {
            // Kestrel's rule: after a grace period, the body so far must have come at the minimum rate.
            const auto earned = std::chrono::milliseconds(parser.get().body().size() * 1000 / limits.min_body_rate);
            left = std::min(left, std::chrono::duration_cast<std::chrono::milliseconds>(
                                      body_started + limits.body_grace + earned - clock::now()));
        }
        if (left <= 0ms) {
            outcome.error = beast::error::timeout;
            co_return;
        }
        if (!continue_sent && expects_continue(parser.get())) {
            continue_sent = true;
            beast::http::response<beast::http::empty_body> go_on{beast::http::status::continue_, 11};
            stream.expires_after(limits.write_timeout);
            const auto [wec, wn] = co_await beast::http::async_write(stream, go_on, as_result);
            if (wec) {
                outcome.lost = true;
                co_return;
            }
            continue;
        }
        stream.expires_after(std::min(limits.read_timeout, left));
        const auto [ec, n] = co_await stream.async_read_some(buffer.prepare(16 * 1024), as_result);
        if (ec) {
            outcome.error = ec;
            co_return;
        }
        buffer.commit(n);
        parse_buffered(buffer, parser, outcome);
    }
}

/// The answer to a request that could not be read or was refused on its bytes. nullopt when nobody waits for an
/// answer (the client went away or stalled).
std::optional<answered> answer_unreadable(server::impl& s, const read_outcome& read, const std::string& remote)
{
    answered out;
    out.request_id = new_request_id();
    out.unread_input = true; // what follows cannot be told apart from this request's body: close
    if (read.refused) {
        out.answer = error_response(*read.refused, out.request_id);
        return out;
    }
    const unsigned status = status_for_read_error(read.error);
    if (status == 0) {
        s.log.info("request abandoned reason={} remote={}", log_quote(read.error.message()), remote);
        return std::nullopt;
    }
    out.answer = error_response(status, reason_phrase(status), out.request_id);
    return out;
}

/// The request read whole, as handlers see it, with what the answer and its log line need of it.
request take_request(request_parser& parser, const std::string& remote, answered& out)
{
    auto& message = parser.get();
    out.version = message.version();
    const auto incoming_id = message["X-Request-Id"];
    out.request_id = acceptable_request_id(std::string_view(incoming_id.data(), incoming_id.size()))
                         ? std::string(incoming_id)
                         : new_request_id();
    request req = from_beast(parser.release());
    req.request_id = out.request_id;
    req.remote_address = remote;
    out.method_label = to_string(req.method);
    out.head = req.method == verb::head;
    out.keep_alive = req.keep_alive;
    return req;
}

/// The handler the request goes to, its route and parameters set on it; nullptr when the router answers it itself
/// (out.answer then holds the 400, 404 or 405).
const async_handler* route_request(server::impl& s, request& req, answered& out)
{
    auto match = s.routes.find(req.method, req.path);
    if (req.path.empty() || req.path.front() != '/') {
        out.answer = error_response(400, "bad request target", out.request_id); // absolute-form, '*'
        return nullptr;
    }
    if (match.result == router::outcome::not_found) {
        out.answer = error_response(404, "not found", out.request_id);
        return nullptr;
    }
    out.route = match.pattern;
    if (match.result == router::outcome::method_not_allowed) {
        out.answer = error_response(405, "method not allowed", out.request_id);
        out.answer.fields.set("Allow", match.allow);
        return nullptr;
    }
    if (match.result == router::outcome::bad_path) {
        out.answer = error_response(400, "malformed path", out.request_id);
        return nullptr;
    }
    req.route = match.pattern;
    req.params = std::move(match.params);
    return match.target;
}

void check_status(server::impl& s, answered& out)
{
    if (out.answer.status < 100 || out.answer.status > 599) {
        s.log.error("handler returned an invalid status request_id={} status={}", out.request_id, out.answer.status);
        out.answer = error_response(500, "internal error", out.request_id);
    }
}

/// The answer as Beast writes it, with the fields every answer carries.
beast::http::response<beast::http::string_body> wire_answer(server::impl& s, answered& out)
{
    add_standard_fields(out.answer, out.request_id);
    int dropped = 0;
    auto wire = to_beast(std::move(out.answer), out.version, out.keep_alive, out.head, dropped);
    if (dropped > 0) {
        s.log.warn("response fields dropped request_id={} count={}", out.request_id, dropped);
    }
    return wire;
}

/// Counts and logs a request once its answer is written (or failed to be).
void record_answer(server::impl& s, const answered& out, unsigned status, clock::time_point started, bool failed)
{
    const double seconds = std::chrono::duration<double>(clock::now() - started).count();
    s.metrics.http_requests.with({out.route, out.method_label, std::to_string(status)}).inc();
    s.metrics.http_request_duration.with({out.route}).observe(seconds);
    s.log.info("request method={} route={} status={} duration_ms={:.1f} request_id={}{}", out.method_label, out.route,
               status, seconds * 1000.0, out.request_id, failed ? " write=failed" : "");
}

} // namespace

net::awaitable<void> serve_connection(server::impl* s, tcp::socket socket, std::string address)
{
    const server_limits& limits = s->options.limits;
    const std::string remote = remote_of(socket);
    auto control = std::make_shared<connection_control>(socket.get_executor());
    control->address = std::move(address);
    beast::tcp_stream stream(std::move(socket));
    control->socket = &stream.socket();
    const connection_guard guard(*s, control);
    beast::flat_buffer buffer;

    // One coroutine for the common path, the steps plain functions: a coroutine per step costs a frame per request.
    for (std::size_t served = 0; served < limits.max_requests_per_connection; ++served) {
        if (buffer.size() == 0) {
            // Between requests: nothing has started, so shutdown and the idle timeout may close silently.
            if (s->stopping) {
                co_return;
            }
            control->idle = true;
            // Only a connection that has had a complete answer may give its place up to a new one: one that has not
            // sent its request yet is a client waiting to be served.
            control->evictable = served > 0;
            stream.expires_after(served == 0 ? limits.read_timeout : limits.idle_timeout);
            const auto [ec, n] = co_await stream.async_read_some(buffer.prepare(4096), as_result);
            control->idle = false;
            control->evictable = false;
            if (ec) {
                co_return;
            }
            buffer.commit(n);
        }
        const auto started = clock::now();
        const auto deadline = started + limits.request_deadline;
        auto header = check_header(buffer, limits);
        if (!header) {
            header = co_await read_header(stream, buffer, limits, std::min(deadline, started + limits.header_timeout));
        }
        read_outcome& read = *header;
        request_parser parser;
        // The header's size is checked exactly above; the parser's own count differs by a few bytes, so it only backs
        // that check up.
        parser.header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(limits.header_limit + 1024, UINT32_MAX)));
        parser.body_limit(limits.body_limit);
        if (!read.error && !read.refused) {
            parse_buffered(buffer, parser, read);
            if (!read.error && !read.refused && !parser.is_done()) {
                co_await read_body(stream, buffer, parser, limits, deadline, read);
            }
        }
        if (read.lost) {
            co_return;
        }
        answered out;
        if (read.error || read.refused) {
            auto refused = answer_unreadable(*s, read, remote);
            if (!refused) {
                co_return;
            }
            out = std::move(*refused);
        } else {
            request req = take_request(parser, remote, out);
            if (const auto* target = route_request(*s, req, out)) {
                bool timed_out = false;
                out.answer = co_await invoke(*target, std::move(req), deadline, s->log, timed_out);
                check_status(*s, out);
            }
        }
        out.keep_alive = out.keep_alive && !out.unread_input && !s->stopping &&
                         served + 1 < limits.max_requests_per_connection;
        const unsigned status = out.answer.status;
        auto wire = wire_answer(*s, out);
        stream.expires_after(limits.write_timeout);
        const auto [write_error, written] = co_await beast::http::async_write(stream, wire, as_result);
        record_answer(*s, out, status, started, static_cast<bool>(write_error));
        if (write_error) {
            co_return;
        }
        if (!out.keep_alive) {
            co_await close_connection(stream, out.unread_input);
            co_return;
        }
    }
    co_await close_connection(stream, false);
}

} // namespace quiz::bot::http
