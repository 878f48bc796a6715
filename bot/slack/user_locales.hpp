// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

class web_api;

/// The language each Slack user's client is set to, from users.info (include_locale), asked once per user and
/// process and kept in memory (at most 100,000 users; beyond, the cache starts over). Thread-safe.
class user_locales : public std::enable_shared_from_this<user_locales> {
public:
    /// `api` and `log` must outlive every call's callback.
    user_locales(web_api& api, spdlog::logger& log);

    /// Calls `then` with the user's language (nullopt when Slack does not say), at once when known, else once
    /// users.info has answered.
    void with_locale(const std::string& team, const std::string& user,
                     std::function<void(std::optional<engine::language>)> then);
    /// Forgets what was learnt about the user (after forget-me).
    void forget(const std::string& team, const std::string& user);

private:
    web_api& api_;
    spdlog::logger& log_;
    std::mutex mutex_;
    std::map<std::string, std::optional<engine::language>> known_; ///< team:user -> users.info's answer
};

} // namespace quiz::bot::slack
