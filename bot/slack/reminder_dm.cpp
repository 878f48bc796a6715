// SPDX-License-Identifier: MIT
#include "bot/slack/reminder_dm.hpp"

#include "bot/logging.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/web_api.hpp"

#include <spdlog/logger.h>

#include <array>
#include <memory>

namespace quiz::bot::slack {

namespace {

// conversations.open's errors for a person who cannot be written to any more.
constexpr std::array<std::string_view, 4> gone{"user_not_found", "account_inactive", "user_disabled", "cannot_dm_bot"};

tutoring::delivery failure_of(const web_api::outcome& o)
{
    return std::ranges::find(gone, o.error) != gone.end() ? tutoring::delivery::refused : tutoring::delivery::failed;
}

/// "T0001:U0002" → "U0002".
std::string user_of(const std::string& external_id)
{
    const auto colon = external_id.find(':');
    return colon == std::string::npos ? external_id : external_id.substr(colon + 1);
}

struct dm_parts {
    web_api api;
    spdlog::logger& log;
};

} // namespace

tutoring::reminder_sender reminder_dm_sender(outbound::client& client, std::string api_base, std::string bot_token,
                                             spdlog::logger& log)
{
    auto parts = std::make_shared<dm_parts>(dm_parts{web_api(client, std::move(api_base), std::move(bot_token)), log});
    return [parts](const tutoring::reminder_message& message, std::function<void(tutoring::delivery)> done) {
        parts->api.open_dm(user_of(message.who.external_id), [parts, body = reminder_blocks(message),
                                                              done = std::move(done)](web_api::outcome opened) mutable {
            const auto* channel = opened.ok && opened.body ? opened.body->if_contains("channel") : nullptr;
            const auto* id = channel != nullptr && channel->is_object() ? channel->as_object().if_contains("id")
                                                                        : nullptr;
            if (id == nullptr || !id->is_string()) {
                parts->log.warn("slack DM not opened error={}", log_quote(opened.ok ? "no channel" : opened.error));
                done(opened.ok ? tutoring::delivery::failed : failure_of(opened));
                return;
            }
            parts->api.post_message(std::string(id->as_string()), std::move(body),
                                    [parts, done = std::move(done)](web_api::outcome posted) {
                                        if (!posted.ok) {
                                            parts->log.warn("slack reminder not delivered error={}",
                                                            log_quote(posted.error));
                                        }
                                        done(posted.ok ? tutoring::delivery::sent : failure_of(posted));
                                    });
        });
    };
}

} // namespace quiz::bot::slack
