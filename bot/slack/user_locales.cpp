// SPDX-License-Identifier: MIT
#include "bot/slack/user_locales.hpp"

#include "bot/logging.hpp"
#include "bot/slack/users_info.hpp"
#include "bot/slack/web_api.hpp"

#include <spdlog/logger.h>

namespace quiz::bot::slack {

namespace {
constexpr std::size_t max_cached_locales = 100'000;
}

user_locales::user_locales(web_api& api, spdlog::logger& log) : api_(api), log_(log) {}

void user_locales::with_locale(const std::string& team, const std::string& user,
                               std::function<void(std::optional<engine::language>)> then)
{
    const std::string key = team + ":" + user;
    {
        const std::lock_guard lock(mutex_);
        if (const auto it = known_.find(key); it != known_.end()) {
            const auto lang = it->second;
            then(lang);
            return;
        }
    }
    api_.user_info(user, [self = shared_from_this(), key, then = std::move(then)](web_api::outcome o) {
        const auto lang = o.ok && o.body ? read_users_info(*o.body).lang : std::nullopt;
        if (o.ok || o.error == "no_token") {
            const std::lock_guard lock(self->mutex_);
            if (self->known_.size() >= max_cached_locales) {
                self->known_.clear();
            }
            self->known_[key] = lang;
        } else {
            self->log_.warn("slack users.info failed error={}", log_quote(o.error));
        }
        then(lang);
    });
}

void user_locales::forget(const std::string& team, const std::string& user)
{
    const std::lock_guard lock(mutex_);
    known_.erase(team + ":" + user);
}

} // namespace quiz::bot::slack
