// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
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

namespace quiz::bot::outbound {

struct request {
    http::verb method = http::verb::get;
    std::string url;      ///< absolute http:// or https:// URL; never logged (webhook URLs hold tokens)
    http::headers fields; ///< replace the defaults (Host, User-Agent) of the same name; never logged
    std::string body;
    /// For logs and metrics, e.g. "discord.create_message".
    std::string label;
    /// Whether the call may be repeated after an error or a 502/503/504; by default from the method.
    std::optional<bool> idempotent;
    /// The rate-limit route, e.g. "POST /channels/{channel}/messages"; default: method and path.
    std::string rate_limit_key;
};

struct response {
    unsigned status = 0;
    http::headers fields;
    std::string body;
};

/// Why no response came back.
enum class failure {
    none,
    invalid_url,  ///< not an absolute http(s) URL
    resolve,      ///< the host name did not resolve
    connect,      ///< refused, unreachable, or the connect timeout passed
    tls,          ///< handshake failed: untrusted certificate, wrong host name, protocol mismatch
    timeout,      ///< the read timeout passed while sending or receiving
    io,           ///< the connection broke mid-exchange
    protocol,     ///< the answer was not valid HTTP
    too_large,    ///< the body exceeded client_options::body_limit
    rate_limited, ///< a rate limit would hold the request longer than client_options::max_retry_after
    overloaded,   ///< client_options::max_pending_per_host requests already wait for or hold this host: not sent
};

struct result {
    failure error = failure::none;
    std::string message; ///< what went wrong, for logs; holds no URL, header or body
    response resp;       ///< when ok(): the final answer, whatever its status (after retries)
    unsigned attempts = 0;

    [[nodiscard]] bool ok() const noexcept { return error == failure::none; }
};

struct client_options {
    std::chrono::milliseconds connect_timeout{5'000}; ///< DNS excluded, TLS handshake included
    std::chrono::milliseconds read_timeout{15'000};   ///< writing the request and reading the whole answer
    unsigned max_attempts = 4;                        ///< first try included
    std::chrono::milliseconds backoff_initial{250};
    std::chrono::milliseconds backoff_max{8'000};
    /// A 429 or rate-limit wait longer than this is not waited for: the 429 (or failure::rate_limited) is returned.
    std::chrono::milliseconds max_retry_after{60'000};
    unsigned max_per_host = 8; ///< exchanges in flight per origin; others wait their turn
    /// Requests in flight or waiting per origin while it answers nothing (none in `stall_after`): a stalled API would
    /// otherwise gather every request made meanwhile; beyond this one fails at once (failure::overloaded), logged.
    std::size_t max_pending_per_host = 1000;
    /// The same bound while the origin keeps answering: a burst of updates to a healthy API (every Slack
    /// response_url is on one host) waits its turn rather than being dropped, up to this many (a few KB each).
    std::size_t max_pending_while_answering = 20'000;
    std::chrono::milliseconds stall_after{2'000}; ///< an origin that answered nothing for this long counts as stalled
    std::size_t max_idle_per_host = 8;
    std::chrono::milliseconds idle_timeout{30'000}; ///< pooled connections older than this are not reused
    std::size_t body_limit = 8 * 1024 * 1024;
    std::string user_agent = "quizbot/0.1";
    std::string extra_ca_file; ///< PEM certificates trusted besides the system store ("" for none)
    bool use_system_store = true;
};

/// HTTPS (and plain HTTP, for local fakes) client: verifies certificates and host names, keeps connections alive
/// per origin, retries idempotent calls with exponential backoff, honours 429/Retry-After and Discord's rate-limit
/// buckets, caps concurrent exchanges per origin. Never blocks a thread: all waiting happens on the io_context.
/// Thread-safe. Must be destroyed before its io_context.
class client {
public:
    /// Throws std::runtime_error when extra_ca_file cannot be loaded.
    client(boost::asio::io_context& context, client_options options, spdlog::logger& log, service_metrics& metrics);
    ~client();
    client(const client&) = delete;
    client& operator=(const client&) = delete;

    /// Sends in the background; `done` runs on an IO thread once, with the final result.
    void send(request req, std::function<void(result)> done);

    /// Requests sent and not ended yet, every origin together: what a new one queues behind.
    [[nodiscard]] std::size_t pending() const;

    struct impl;

private:
    std::shared_ptr<impl> impl_;

    friend std::shared_ptr<impl> access(client& c) noexcept { return c.impl_; }
};

} // namespace quiz::bot::outbound
