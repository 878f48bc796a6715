// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"
#include "bot/http/responder.hpp"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::http {

/// A handler that answers at once. It runs on an IO thread, so it must not block (no long SQL, no network).
using handler = std::function<response(const request&)>;
/// A handler that answers later through the responder, from any thread (a storage writer, an outbound call).
/// Exceptions thrown before it returns are answered 500 like a plain handler's.
using async_handler = std::function<void(request, responder)>;

/// Maps (method, path) to handlers. Patterns are literal segments and `{name}` segments, each `{name}` matching one
/// non-empty segment: `/guide/{pack}/{section}`. A literal segment wins over a parameter at the same place.
/// HEAD is served by the GET handler when no HEAD handler is registered (the server drops the body).
/// Built once at startup, then only read: safe to share between IO threads.
class router {
public:
    /// Throws std::invalid_argument for a malformed pattern or a (method, pattern) registered twice.
    router& add(verb method, std::string_view pattern, handler h);
    router& add_async(verb method, std::string_view pattern, async_handler h);

    enum class outcome {
        found,
        not_found,          ///< no pattern matches the path: 404
        method_not_allowed, ///< a pattern matches, not for this method: 405 with `allow`
        bad_path,           ///< a parameter segment has a malformed %-escape: 400
    };

    struct match {
        outcome result = outcome::not_found;
        const async_handler* target = nullptr; ///< set when found; valid as long as the router
        std::string pattern;                   ///< the matched pattern (also for 405)
        std::map<std::string, std::string, std::less<>> params;
        std::string allow; ///< "GET, HEAD, POST" for 405
    };

    /// `path` is the request path without the query, still percent-encoded.
    [[nodiscard]] match find(verb method, std::string_view path) const;

private:
    struct segment {
        std::string text;
        bool parameter = false;
    };
    struct route {
        std::string pattern;
        std::vector<segment> segments;
        std::map<verb, async_handler> handlers;
    };

    route& route_for(std::string_view pattern);

    std::vector<route> routes_;
};

} // namespace quiz::bot::http
