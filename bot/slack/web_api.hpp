// SPDX-License-Identifier: MIT
#pragma once

#include "bot/outbound/client.hpp"

#include <boost/json/object.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::slack {

/// Whether the bot may POST to this `response_url`: https:// to a host in `allowed` (an entry "host" matches the
/// default port, "host:port" that port only); plain http:// only to a "host:port" entry, so that a local fake can be
/// named explicitly while Slack's own hosts are only ever reached over TLS.
[[nodiscard]] bool response_url_allowed(std::string_view url, const std::vector<std::string>& allowed);

/// Slack's Web API (platforms.md S12) and response_urls through the outbound client. Every call reports its
/// outcome once; `ok` is false on a transport failure, a non-2xx status or `"ok": false`.
class web_api {
public:
    struct outcome {
        bool ok = false;
        std::string error; ///< Slack's error code or the transport failure, for logs (no token, no URL)
        std::optional<boost::json::object> body;
        unsigned status = 0; ///< the HTTP status, 0 when no answer came
    };
    using callback = std::function<void(outcome)>;

    /// `token` may be empty: Web API calls then fail at once with "no_token" (response_urls still work).
    web_api(outbound::client& client, std::string api_base, std::string token);

    /// POST `message` as JSON to a response_url (already checked with response_url_allowed).
    void respond(const std::string& response_url, boost::json::object message, callback done);
    /// chat.postMessage to `channel` (a channel id, or a user id for the bot's DM with them).
    void post_message(const std::string& channel, boost::json::object message, callback done);
    /// chat.update of the bot's message `ts` in `channel` (Tier 3: one key for the method).
    void update_message(const std::string& channel, const std::string& ts, boost::json::object message, callback done);
    /// chat.postEphemeral: `message` shown to `user` only, in `channel`.
    void post_ephemeral(const std::string& channel, const std::string& user, boost::json::object message,
                        callback done);
    /// Whether a bot token is configured (Web API calls can succeed).
    [[nodiscard]] bool has_token() const noexcept { return !token_.empty(); }
    /// views.publish of a Home tab.
    void publish_home(const std::string& user, boost::json::object view, callback done);
    /// conversations.open with one user: the bot's DM with them; the channel id is `body.channel.id`.
    void open_dm(const std::string& user, callback done);
    /// users.info with include_locale.
    void user_info(const std::string& user, callback done);

private:
    void call(std::string_view method, boost::json::object args, std::string rate_key, callback done,
              bool idempotent = false);

    outbound::client& client_;
    std::string api_base_;
    std::string token_;
};

} // namespace quiz::bot::slack
