// SPDX-License-Identifier: MIT
#pragma once

#include "bot/outbound/latest_edits.hpp"
#include "bot/tutoring/round_actions.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::slack {

class web_api;

/// A response_url takes at most 5 posts within 30 minutes of the payload that brought it (docs/groups.md, "Slack").
inline constexpr int response_url_uses = 5;
inline constexpr std::chrono::minutes response_url_lifetime{30};
/// A response_url is called only while comfortably inside its 30 minutes.
inline constexpr std::chrono::minutes response_url_margin{1};

/// Where each round's Slack message is and how to edit it: chat.update with the bot token when its channel and ts
/// are known, else the freshest response_url that still has a use left (counted here, in memory). Edits of one
/// message go one at a time, only the newest waiting version kept (outbound::latest_edits), so that a burst of
/// answers becomes few edits; each is rendered when it goes out, so its time left is current. A version that could
/// not be delivered goes again with the next click's response_url. Thread-safe.
class round_board : public std::enable_shared_from_this<round_board> {
public:
    using render_fn = std::function<boost::json::object(const tutoring::round_screen&)>;
    /// Where the message went (for rounds::record_message); nullopt when it could not be posted at all.
    using posted_fn = std::function<void(std::optional<tutoring::message_news>)>;

    /// `api` and `log` must outlive every call's completion.
    round_board(web_api& api, spdlog::logger& log, std::function<engine::instant()> clock, render_fn render);

    /// Posts the round's first message in `channel`: chat.postMessage with the bot token; without one, or when
    /// Slack refuses it (a channel the bot is not in), `in_channel` through the command's `response_url` ("" for
    /// none). Later versions wait for it.
    void post(const tutoring::round_screen& shown, const std::string& channel, const std::string& response_url,
              posted_fn posted);
    /// A click on the round's message: its response_url (received now) and the message's channel and ts. Ignored
    /// when the round's message is known to be in another channel. A version that could not be delivered goes again.
    void learn(engine::round_id round, const std::string& response_url, const std::string& channel,
               const std::string& ts);
    /// Takes one use of a response_url for a private reply; false when it has none left.
    bool use(const std::string& response_url);
    /// A version of the round's message (from a reply or the publish hook): edits the message unless a newer
    /// version went already. A round this process has not posted is taken from `shown.message` (after a restart);
    /// without it, the screen is dropped (the round's message is not posted yet: post() shows it).
    void show(const tutoring::round_screen& shown);

private:
    struct place {
        std::string channel;
        std::string ts;
        std::vector<std::string> urls;                       ///< by when they were received, newest last
        std::uint64_t revision = 0;                          ///< the screen's revision last handed to latest_edits
        unsigned retry = 0;                                  ///< deliveries of that revision tried again
        bool failed = false;                                 ///< that revision could not be delivered
        std::optional<tutoring::round_screen> failed_screen; ///< then: to try again with the next click's URL
    };
    struct url_use {
        engine::instant received;
        int uses = 0;
    };

    void submit(const tutoring::round_screen& shown, std::uint64_t version);
    void edit(const tutoring::round_screen& shown, const std::function<void(bool)>& done);
    void edit_through_url(const tutoring::round_screen& shown, boost::json::object message,
                          const std::function<void(bool)>& done);
    void delivered(const tutoring::round_screen& shown, bool ok);
    void posted_where(engine::round_id round, const std::string& channel, const std::string& ts,
                      const std::string& url);
    void post_through_url(const tutoring::round_screen& shown, const std::string& response_url,
                          boost::json::object message, const posted_fn& posted, const std::function<void(bool)>& done);
    /// With the lock held.
    void remember_url(place& p, const std::string& url, engine::instant received, int uses);
    /// One use of `url` if it has one left; an unknown URL counts as received now unless `known_only`.
    bool take_use(const std::string& url, engine::instant now, bool known_only);

    web_api& api_;
    spdlog::logger& log_;
    std::function<engine::instant()> clock_;
    render_fn render_;
    outbound::latest_edits edits_;
    std::mutex mutex_;
    std::map<engine::round_id, place> places_;
    std::map<std::string, url_use> uses_;
};

} // namespace quiz::bot::slack
