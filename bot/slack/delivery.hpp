// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/flows.hpp"

#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

class web_api;

/// Where the answer to an action goes: its response_url, else a message to `channel` (a user id is their DM).
struct destination {
    std::string response_url;
    std::string channel;
    bool ephemeral = false; ///< in a channel: shown to the user only
};

/// Sends replies and Home views through the Web API, logging what fails (Slack's error code, never a URL or token).
class delivery {
public:
    /// `api` and `log` must outlive every send's completion.
    delivery(web_api& api, spdlog::logger& log) : api_(api), log_(log) {}

    void deliver(const destination& to, slack_reply reply) const;
    void publish_home(const std::string& user, boost::json::object view) const;

private:
    web_api& api_;
    spdlog::logger& log_;
};

} // namespace quiz::bot::slack
