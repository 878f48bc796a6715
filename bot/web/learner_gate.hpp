// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"
#include "bot/http/parsed.hpp"
#include "bot/web/learner_token.hpp"
#include "bot/web/request_fields.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace quiz::bot::web {

/// How many new playground learners one client address may create: a bucket of `per_hour` that refills at that
/// rate, so a class behind one address can all start at once and a script cannot fill the database. 0: no limit.
struct creation_limit {
    std::size_t per_hour = 60;
};

/// Who a playground request speaks for: the learner of a token the server issued, or a new learner, within the
/// creation limit of the client's address. Thread-safe: the IO threads share it.
class learner_gate {
public:
    using clock_fn = std::function<std::chrono::steady_clock::time_point()>;
    using warn_fn = std::function<void(const std::string&)>;

    /// `warn` is told, once, when learners are created through a proxy with no creation limit.
    learner_gate(learner_tokens tokens, creation_limit limit, warn_fn warn,
                 clock_fn clock = std::chrono::steady_clock::now);

    /// The learner a request's token names, known by its id. Refused 400 without a token, 401 for one this server
    /// did not issue.
    [[nodiscard]] http::parsed<std::string> known(const std::optional<std::string>& token) const;

    /// A learner: the token's, or a new one; `token` then holds the new learner's token for the page to keep. Refused
    /// 401 for a token this server did not issue, 429 when the address has created its share.
    [[nodiscard]] http::parsed<std::string> known_or_new(std::optional<std::string>& token, const http::request& req);

    /// The same two for the token in the body's "learner" member, refused with the body's first refusal if it has
    /// one (nothing is created then); known_or_new's `token` holds the one the page keeps.
    [[nodiscard]] http::parsed<std::string> known(body_fields& body) const;
    [[nodiscard]] http::parsed<std::string> known_or_new(body_fields& body, std::optional<std::string>& token,
                                                         const http::request& req);

    /// The client's address: the peer's, or, when the peer is on this machine (a reverse proxy such as the one in
    /// deploy/), the last address in X-Forwarded-For, the one the proxy itself appended.
    [[nodiscard]] static std::string client_address(const http::request& req);

    /// Whether a request arrived through a proxy (X-Forwarded-For present): behind one, the creation limit is what
    /// keeps an exposed playground from filling the database.
    [[nodiscard]] static bool forwarded(const http::request& req);

private:
    bool take(const std::string& address);

    learner_tokens tokens_;
    creation_limit limit_;
    warn_fn warn_;
    clock_fn clock_;
    std::atomic<bool> warned_{false};

    struct bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point at;
    };
    std::mutex mutex_;
    std::unordered_map<std::string, bucket> buckets_;
};

} // namespace quiz::bot::web
