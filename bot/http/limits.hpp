// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstddef>

namespace quiz::bot::http {

/// What one client may cost the server. Every timeout closes the connection; none of them is a speed target.
struct server_limits {
    std::size_t body_limit = 64 * 1024;  ///< bytes; a larger body is answered 413
    std::size_t header_limit = 8 * 1024; ///< request line and fields, bytes; larger is answered 431
    /// Longest wait for more bytes of a request that has started (each read), so a stalled client is cut off.
    std::chrono::milliseconds read_timeout{10'000};
    /// Longest wait for the first byte of the next request on a kept-alive connection.
    std::chrono::milliseconds idle_timeout{30'000};
    /// From a request's first byte to its response written: bounds slow trickling and slow handlers alike.
    /// A handler still running at the deadline is answered 503.
    std::chrono::milliseconds request_deadline{30'000};
    /// From a request's first byte to the end of its header, however steadily the bytes trickle in.
    std::chrono::milliseconds header_timeout{10'000};
    /// A body must arrive at this many bytes a second on average once `body_grace` has passed; 0: no minimum.
    std::size_t min_body_rate = 240;
    std::chrono::milliseconds body_grace{5'000};
    std::chrono::milliseconds write_timeout{10'000};
    /// Connections served at once. At the limit a new connection takes the place of the longest-idle one (waiting
    /// for its next request); when none is idle it gets 503 and is closed.
    std::size_t max_connections = 512;
    /// Connections one client address may hold at once; beyond it 503. Behind a reverse proxy every connection
    /// comes from the proxy's address.
    std::size_t max_connections_per_address = 128;
    std::size_t max_requests_per_connection = 1000;
    /// After a stop request, how long in-flight requests may take before their connections are cut.
    std::chrono::milliseconds drain_timeout{10'000};
};

} // namespace quiz::bot::http
