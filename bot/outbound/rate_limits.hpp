// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace quiz::bot::outbound {

/// What servers said about rate limits, so that requests wait instead of collecting 429s. Reads Discord's
/// `X-RateLimit-Bucket`, `-Remaining`, `-Reset-After`, and on 429 `X-RateLimit-Global`/`-Scope`; any host's 429
/// blocks its key (or the whole host when global) for the given delay. Time is a parameter; safe from any thread.
class rate_limits {
public:
    using clock = std::chrono::steady_clock;

    /// When a request on `key` (a route such as "POST /channels/{id}/messages") to `origin` may be sent; `now`
    /// when nothing holds it back.
    [[nodiscard]] clock::time_point ready_at(const std::string& origin, const std::string& key, clock::time_point now);

    /// Learns from a response. `delay_if_429` is how long a 429 blocks (from Retry-After or a backoff).
    void update(const std::string& origin, const std::string& key, unsigned status, const http::headers& fields,
                clock::time_point now, std::chrono::milliseconds delay_if_429);

private:
    struct bucket {
        std::optional<long> remaining;
        clock::time_point reset_at{};
    };

    void prune(clock::time_point now);

    std::mutex mutex_;
    std::map<std::string, std::string> bucket_of_;     ///< origin|key -> origin|bucket id
    std::map<std::string, bucket> buckets_;            ///< origin|bucket id -> state
    std::map<std::string, clock::time_point> blocked_; ///< origin|bucket or key, or origin|* -> until
};

} // namespace quiz::bot::outbound
