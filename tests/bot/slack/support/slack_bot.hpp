// SPDX-License-Identifier: MIT
// `quizbot serve` in-process with Slack configured against a fake_slack on loopback, on a fresh database on the
// engine under test (tests/support/test_database.hpp): signed requests in, Slack's side recorded.
#pragma once

#include "bot/cli/serve.hpp"
#include "bot/http/server.hpp"
#include "bot/http/url_encoding.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/slack/support/fake_slack.hpp"
#include "tests/bot/slack/support/signing.hpp"
#include "tests/support/test_database.hpp"

#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

namespace quiz::test {

inline const std::string slack_secret = "test-signing-secret-0123456789";
inline constexpr const char* form_type = "application/x-www-form-urlencoded";

struct slack_bot_options {
    bool bot_token = true; ///< SLACK_BOT_TOKEN set
    /// The server's clock (serve_hooks::clock) is the system clock plus an offset the test moves with advance().
    bool movable_clock = false;
    /// More environment variables (SLACK_INSTRUCTORS, say).
    std::map<std::string, std::string, std::less<>> extra;
    /// Given the server's reminders (serve_hooks::on_reminders).
    std::function<void(bot::tutoring::reminders&)> on_reminders;
    /// With movable_clock: the clock's time when the server starts. Set here rather than moved after the start, so
    /// that the server's first look (at its start) already sees it.
    std::optional<engine::instant> start_at;
    /// Runs at the start of every unit (serve_hooks::before_unit).
    std::function<void()> before_unit;
};

/// Where a click happened: the message the button was on.
struct clicked_message {
    std::string channel = "C1";
    std::string ts = "1.2";
    bool ephemeral = true;
};

class slack_bot {
public:
    explicit slack_bot(slack_bot_options options = {})
    {
        std::map<std::string, std::string, std::less<>> vars{
            {"QUIZBOT_LISTEN", "127.0.0.1:0"},
            {"QUIZBOT_DB", db_.location()},
            {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
            {"QUIZBOT_THREADS", "2"},
            {"QUIZBOT_PUBLIC_URL", "https://quiz.example"},
            {"SLACK_SIGNING_SECRET", slack_secret},
            {"SLACK_API_BASE", fake.base() + "/api"},
            {"SLACK_RESPONSE_URL_HOSTS", "127.0.0.1:" + std::to_string(fake.port())},
        };
        if (options.bot_token) {
            vars["SLACK_BOT_TOKEN"] = "xoxb-test-token";
        }
        vars.insert(options.extra.begin(), options.extra.end());
        bot::cli::serve_hooks hooks;
        hooks.log_sink = logs;
        hooks.handle_signals = false;
        if (options.movable_clock) {
            if (options.start_at) {
                set_clock(*options.start_at);
            }
            hooks.clock = [this] {
                return std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()) +
                       std::chrono::milliseconds{offset_ms_.load()};
            };
            hooks.look_every = std::chrono::milliseconds{0}; // the test moves the clock and ticks reminders itself
        }
        hooks.on_reminders = options.on_reminders;
        hooks.before_unit = options.before_unit;
        hooks.on_listening = [this](bot::http::server& s) {
            listened_ = true;
            listening_.set_value(&s);
        };
        runner_ = std::thread([this, vars, hooks] {
            const bot::environment env = [vars](std::string_view name) -> std::optional<std::string> {
                const auto it = vars.find(name);
                return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
            code_ = bot::cli::serve(env, {in_, out_, err_}, hooks);
            if (!listened_) {
                listening_.set_value(nullptr); // it returned without listening (a bad variable, say)
            }
        });
        auto ready = listening_.get_future();
        // A serve that neither listens nor returns leaves its thread running: the test's timeout ends it.
        if (ready.wait_for(std::chrono::seconds{60}) == std::future_status::ready) {
            server_ = ready.get();
        }
        if (server_ == nullptr) {
            runner_.join();
            throw std::runtime_error("serve did not start (exit " + std::to_string(code_) + "): " + err_.str());
        }
    }
    ~slack_bot()
    {
        server_->stop();
        runner_.join();
    }
    slack_bot(const slack_bot&) = delete;
    slack_bot& operator=(const slack_bot&) = delete;

    /// The port the server listens on (its QUIZBOT_PUBLIC_URL names no real host).
    [[nodiscard]] std::uint16_t port() const { return server_->port(); }

    /// Moves the server's clock (movable_clock only).
    void advance(std::chrono::milliseconds by) { offset_ms_ += by.count(); }
    /// Sets the server's clock to `at` (movable_clock only); it runs on from there.
    void set_clock(engine::instant at)
    {
        const auto now = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
        offset_ms_ = (at - now).count();
    }

    /// POSTs a body signed now (or with the given extra header lines instead when `sign` is false).
    http_reply post(const std::string& path, const std::string& body, const char* type = form_type, bool sign = true,
                    const std::string& extra = {})
    {
        auto reply = try_post(path, body, type, sign, extra);
        REQUIRE(reply);
        return *reply;
    }

    /// The same, asserting nothing (from a thread other than the test's): nullopt when no answer came.
    std::optional<http_reply> try_post(const std::string& path, const std::string& body, const char* type = form_type,
                                       bool sign = true, const std::string& extra = {})
    {
        loopback_client c(server_->port());
        const std::string headers =
            (sign ? slack_headers(slack_secret, body, type) : "Content-Type: " + std::string(type) + "\r\n") + extra;
        return c.request("POST", path, body, headers);
    }

    /// The `/metrics` page.
    std::string metrics()
    {
        loopback_client c(server_->port());
        const auto reply = c.request("GET", "/metrics");
        REQUIRE(reply);
        return reply->body;
    }

    http_reply command(const std::string& text, const std::string& response_url, const std::string& user = "U1",
                       const std::string& channel = "C1", const std::string& user_name = "ada")
    {
        return post("/slack/commands", command_body(text, response_url, user, channel, user_name));
    }

    /// A slash command's form body.
    static std::string command_body(const std::string& text, const std::string& response_url,
                                    const std::string& user = "U1", const std::string& channel = "C1",
                                    const std::string& user_name = "ada")
    {
        return "token=x&team_id=T1&team_domain=acme&channel_id=" + channel + "&channel_name=general&user_id=" + user +
               "&user_name=" + bot::http::percent_encode(user_name) +
               "&command=%2Fquiz&text=" + bot::http::percent_encode(text) +
               "&response_url=" + bot::http::percent_encode(response_url) + "&trigger_id=1.2.3&api_app_id=A1";
    }

    http_reply click(const std::string& action_id, const std::string& value, const std::string& response_url,
                     const std::string& user = "U1", const std::string& user_name = "ada",
                     const clicked_message& on = {})
    {
        const boost::json::object payload{
            {"type", "block_actions"},
            {"team", {{"id", "T1"}, {"domain", "acme"}}},
            {"user", {{"id", user}, {"username", user_name}, {"team_id", "T1"}}},
            {"api_app_id", "A1"},
            {"container",
             {{"type", "message"}, {"message_ts", on.ts}, {"channel_id", on.channel}, {"is_ephemeral", on.ephemeral}}},
            {"channel", {{"id", on.channel}, {"name", "general"}}},
            {"response_url", response_url},
            {"actions", boost::json::array{{{"type", "button"},
                                            {"action_id", action_id},
                                            {"block_id", "b1"},
                                            {"value", value},
                                            {"action_ts", "1.3"}}}},
        };
        return post("/slack/interactions", "payload=" + bot::http::percent_encode(boost::json::serialize(payload)));
    }

    http_reply event(const std::string& event_id, boost::json::object inner, const std::string& extra = {})
    {
        const boost::json::object envelope{{"token", "x"},
                                           {"team_id", "T1"},
                                           {"api_app_id", "A1"},
                                           {"event", inner},
                                           {"type", "event_callback"},
                                           {"event_id", event_id},
                                           {"event_time", 1700000000}};
        return post("/slack/events", boost::json::serialize(envelope), "application/json", true, extra);
    }

    static boost::json::object dm(const std::string& text)
    {
        return {{"type", "message"}, {"user", "U2"}, {"channel", "D2"},  {"channel_type", "im"},
                {"text", text},      {"ts", "1.1"},  {"event_ts", "1.1"}};
    }

    /// The database it runs on, to read or change it as another client would.
    [[nodiscard]] const test_database& database() const { return db_; }
    [[nodiscard]] long long count(const std::string& sql) const { return db_.count(sql); }
    /// Size of the SQLite database's write-ahead log (SQLite only).
    /// Whether SQLite's write-ahead log holds `text` (a copy of a page that held it).
    bool wal_holds(const std::string& text) const
    {
        std::ifstream wal(db_.location() + "-wal", std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(wal)), std::istreambuf_iterator<char>());
        return bytes.find(text) != std::string::npos;
    }

    std::shared_ptr<capture_sink> logs = std::make_shared<capture_sink>();
    fake_slack fake;

private:
    test_database db_;
    std::istringstream in_;
    std::ostringstream out_;
    std::ostringstream err_;
    int code_ = -1;
    std::atomic<long long> offset_ms_{0};
    std::atomic<bool> listened_{false};
    std::promise<bot::http::server*> listening_;
    std::thread runner_;
    bot::http::server* server_ = nullptr;
};

inline std::string text_of(const slack_call& call) { return boost::json::serialize(call.json); }
inline bool has(const slack_call& call, std::string_view text) { return text_of(call).find(text) != std::string::npos; }

/// The buttons of a message: action_id -> value.
inline std::map<std::string, std::string> buttons(const slack_call& call)
{
    std::map<std::string, std::string> out;
    for (const auto& b : call.json.at("blocks").as_array()) {
        if (b.at("type") == "actions") {
            for (const auto& e : b.at("elements").as_array()) {
                out[std::string(e.at("action_id").as_string())] = std::string(e.at("value").as_string());
            }
        }
    }
    return out;
}

inline std::string hook_path(int n) { return "/hooks/" + std::to_string(n); }

} // namespace quiz::test
