// SPDX-License-Identifier: MIT
#include "bot/slack/delivery.hpp"

#include "bot/logging.hpp"
#include "bot/slack/web_api.hpp"

#include <spdlog/logger.h>

namespace quiz::bot::slack {

void delivery::deliver(const destination& to, slack_reply reply) const
{
    auto done = [&log = log_](web_api::outcome o) {
        if (!o.ok) {
            log.warn("slack delivery failed error={}", log_quote(o.error));
        }
    };
    if (!to.response_url.empty()) {
        reply.message["replace_original"] = reply.replace_original;
        if (!reply.replace_original) {
            reply.message["response_type"] = to.ephemeral ? "ephemeral" : "in_channel";
        }
        api_.respond(to.response_url, std::move(reply.message), std::move(done));
    } else if (!to.channel.empty()) {
        api_.post_message(to.channel, std::move(reply.message), std::move(done));
    }
}

void delivery::publish_home(const std::string& user, boost::json::object view) const
{
    api_.publish_home(user, std::move(view), [&log = log_](web_api::outcome o) {
        if (!o.ok) {
            log.warn("slack views.publish failed error={}", log_quote(o.error));
        }
    });
}

} // namespace quiz::bot::slack
