// SPDX-License-Identifier: MIT
#include "bot/slack/user_locales.hpp"

#include "bot/logging.hpp"
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
        std::optional<engine::language> lang;
        if (o.ok && o.body) {
            if (const auto* info = o.body->if_contains("user"); info != nullptr && info->is_object()) {
                if (const auto* locale = info->as_object().if_contains("locale");
                    locale != nullptr && locale->is_string()) {
                    lang = engine::parse_language(std::string_view(locale->as_string()).substr(0, 2));
                }
            }
        }
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
