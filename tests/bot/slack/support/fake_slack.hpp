// SPDX-License-Identifier: MIT
// Slack's side on loopback: the Web API methods the bot calls and response_urls, served by the project's own HTTP
// server, recording every call.
#pragma once

#include "tests/bot/http/support/running_server.hpp"

#include <boost/json/value.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace quiz::test {

struct slack_call {
    std::string path;          ///< "/api/chat.postMessage", "/hooks/1"
    std::string authorization; ///< as received
    std::string content_type;
    std::string body;
    boost::json::value json; ///< the body parsed, when it was JSON
};

/// chat.postMessage answers with the channel asked for and a new ts each time; chat.update and chat.postEphemeral
/// answer ok unless told otherwise.
class fake_slack {
public:
    fake_slack();
    ~fake_slack();
    fake_slack(const fake_slack&) = delete;
    fake_slack& operator=(const fake_slack&) = delete;

    [[nodiscard]] std::uint16_t port() const { return server_->port(); }
    /// "http://127.0.0.1:<port>"
    [[nodiscard]] std::string base() const;
    /// A response_url on this server.
    [[nodiscard]] std::string hook(int n) const { return base() + "/hooks/" + std::to_string(n); }

    /// The locale users.info reports (nullopt: none).
    void set_locale(std::optional<std::string> locale);
    /// The time zone users.info reports (`tz`; nullopt: none).
    void set_tz(std::optional<std::string> tz);
    /// conversations.open refuses these users with `user_not_found`.
    void set_gone(std::set<std::string> users);
    /// users.info says these users administer the workspace (`is_admin`); everyone else is a plain member.
    void set_admins(std::set<std::string> users);
    /// chat.postMessage, chat.update and chat.postEphemeral in `channel` answer `{"ok":false,"error":<error>}` (a
    /// channel the bot is not in).
    void refuse_posts_in(const std::string& channel, const std::string& error);
    /// The next `count` chat.postMessage calls are answered 500 `internal_error`.
    void fail_posts(int count);
    /// The next `count` chat.update calls are answered 429 with `Retry-After: 0`.
    void rate_limit_updates(int count);
    /// response_urls answer `status` from now on (200 "ok" by default; 500, 404 as Slack's for a used URL).
    void answer_hooks(unsigned status);
    /// While held, chat.update calls are recorded but not answered; release() answers them all.
    void hold_updates();
    void release_updates();

    [[nodiscard]] std::vector<slack_call> calls() const;
    /// Calls whose path is `path`.
    [[nodiscard]] std::vector<slack_call> calls_to(const std::string& path) const;
    /// Waits until at least `count` calls to `path` arrived (10 s at most); returns them.
    std::vector<slack_call> wait_for(const std::string& path, std::size_t count);
    /// Waits until a call to `path` whose body holds `text` arrived (10 s at most); returns the calls to `path`.
    std::vector<slack_call> wait_for_text(const std::string& path, const std::string& text);
    /// Waits until `count` calls to `path` that `match` accepts arrived (10 s at most); returns the calls to `path`.
    /// `match` runs with the fake's lock held: it must not call the fake.
    std::vector<slack_call> wait_for_match(const std::string& path, const std::function<bool(const slack_call&)>& match,
                                           std::size_t count = 1);

private:
    void record(slack_call call);

    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<slack_call> calls_;
    std::optional<std::string> locale_ = "en-US";
    std::set<std::string> admins_;
    std::optional<std::string> tz_;
    std::set<std::string> gone_;
    std::map<std::string, std::string> refused_posts_;
    int updates_to_limit_ = 0;
    int posts_to_fail_ = 0;
    unsigned hook_status_ = 200;
    bool holding_ = false;
    std::vector<bot::http::responder> held_;
    int next_ts_ = 100;
    bot::http::router routes_;
    std::unique_ptr<running_server> server_;
};

} // namespace quiz::test
