// SPDX-License-Identifier: MIT
// `quizbot serve` in-process with Discord configured (a fresh database on the engine under test, the shipped pack),
// and signed interactions sent to it over a loopback socket. Every 200 answer is kept for the OpenAPI check
// (support/bodies.hpp).
#pragma once

#include "bot/cli/command.hpp"
#include "bot/cli/serve.hpp"
#include "bot/http/server.hpp"
#include "tests/bot/discord/support/bodies.hpp"
#include "tests/bot/discord/support/signer.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/http/support/test_pki.hpp"
#include "tests/support/test_database.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace quiz::test {

namespace json = boost::json;

struct interaction_reply {
    unsigned status = 0;
    json::object body; ///< empty unless the answer was JSON
    std::string raw;
    std::string token; ///< the interaction's token (its webhook's credential)
};

/// Who clicks or types: a user in the bot's DM, or a member in a server channel.
struct discord_user {
    std::string id = "80351110224678912";
    std::string name = "Nelly";
    std::string locale = "en-US";
    std::string guild_id; ///< "" for the bot's DM
    std::string channel_id = "1200000000000000002";
    bool group_dm = false;                  ///< with no guild: a private channel (context 2) rather than the bot's DM
    std::string permissions = "2147483647"; ///< member.permissions in a server (this one has every low bit)
    std::vector<std::string> roles;         ///< member.roles in a server
};

class discord_server {
public:
    /// A server on `database` when given (another server's, to share it), else on a fresh one of its own.
    explicit discord_server(std::map<std::string, std::string, std::less<>> extra = {},
                            bot::cli::serve_hooks hooks = {}, std::shared_ptr<test_database> database = nullptr)
        : db_(database ? std::move(database) : std::make_shared<test_database>())
    {
        std::map<std::string, std::string, std::less<>> values{
            {"QUIZBOT_LISTEN", "127.0.0.1:0"},
            {"QUIZBOT_DB", db_->location()},
            {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
            {"QUIZBOT_PUBLIC_URL", "https://quiz.example.org"},
            {"QUIZBOT_THREADS", "2"},
            {"DISCORD_PUBLIC_KEY", signer_.public_key_hex()},
            {"DISCORD_APPLICATION_ID", application_id}};
        for (auto& [k, v] : extra) {
            values[k] = v;
        }
        hooks.log_sink = sink_;
        hooks.handle_signals = false;
        hooks.on_listening = [this](bot::http::server& s) {
            listened_ = true;
            listening_.set_value(&s);
        };
        runner_ = std::thread([this, values = std::move(values), hooks] {
            const bot::environment env = [&values](std::string_view name) -> std::optional<std::string> {
                const auto it = values.find(name);
                return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
            code_ = bot::cli::serve(env, {in_, out_, err_}, hooks);
            if (!listened_) {
                listening_.set_value(nullptr); // it returned without listening (a bad variable, say)
            }
        });
        auto ready = listening_.get_future();
        // A serve that neither listens nor returns leaves its thread running: the test's timeout ends it.
        if (ready.wait_for(std::chrono::seconds(60)) == std::future_status::ready) {
            server_ = ready.get();
        }
        if (server_ == nullptr) {
            runner_.join();
            throw std::runtime_error("serve did not start (exit " + std::to_string(code_) + "): " + err_.str());
        }
        client_ = std::make_unique<loopback_client>(server_->port());
    }
    ~discord_server() { stop(); }
    discord_server(const discord_server&) = delete;
    discord_server& operator=(const discord_server&) = delete;

    /// Stops serving and waits until every queued unit has finished (the database is then complete).
    void stop()
    {
        if (runner_.joinable()) {
            client_.reset();
            server_->stop();
            runner_.join();
        }
    }

    static constexpr const char* application_id = "1100000000000000001";

    /// The database it runs on, to read it (it outlives stop()) or to start another server on it.
    [[nodiscard]] test_database& database() const { return *db_; }
    [[nodiscard]] const std::shared_ptr<test_database>& shared_database() const { return db_; }
    [[nodiscard]] capture_sink& logs() { return *sink_; }
    [[nodiscard]] std::uint16_t port() const { return server_->port(); }
    [[nodiscard]] const ed25519_signer& signer() const { return signer_; }

    /// Signs `body` with the application's key and posts it; `name` labels the kept answer.
    interaction_reply post(const std::string& body, const std::string& name)
    {
        last_body_ = body;
        const std::string timestamp = "1700000000";
        const std::string fields =
            "Content-Type: application/json\r\nX-Signature-Ed25519: " + signer_.sign_hex(timestamp, body) +
            "\r\nX-Signature-Timestamp: " + timestamp + "\r\n";
        return send(body, fields, name);
    }

    /// The body of the last interaction posted, to send it again as a replay would.
    [[nodiscard]] const std::string& last_body() const { return last_body_; }

    /// The `/metrics` page.
    [[nodiscard]] std::string metrics()
    {
        // A connection of its own: client_'s may have been closed by the server's idle timeout meanwhile.
        loopback_client fresh(server_->port());
        const auto reply = fresh.request("GET", "/metrics");
        return reply ? reply->body : std::string{};
    }

    interaction_reply send(const std::string& body, const std::string& fields, const std::string& name)
    {
        // The server closes a connection after 1000 requests (bot/http/limits.hpp): a new one well before that.
        if (++sent_ % 500 == 0) {
            client_ = std::make_unique<loopback_client>(server_->port());
        }
        const auto reply = client_->request("POST", "/discord/interactions", body, fields);
        if (!reply) {
            throw std::runtime_error("no answer from the server");
        }
        interaction_reply out{reply->status, {}, reply->body, {}};
        if (reply->field("content-type").starts_with("application/json")) {
            const auto parsed = json::parse(reply->body);
            if (parsed.is_object()) {
                out.body = parsed.as_object();
            }
        }
        if (reply->status == 200) {
            keep_body("callback", name, reply->body);
        }
        return out;
    }

    /// The common fields of an interaction from `who`.
    static json::object envelope(int type, const discord_user& who, const std::string& id)
    {
        json::object user{{"id", who.id}, {"username", who.name}, {"global_name", who.name}};
        json::object o{{"type", type},
                       {"id", id},
                       {"application_id", application_id},
                       {"token", token_of(id)},
                       {"version", 1},
                       {"locale", who.locale},
                       {"channel_id", who.channel_id}};
        if (who.guild_id.empty()) {
            o["user"] = user;
            o["context"] = who.group_dm ? 2 : 1;
        } else {
            o["guild_id"] = who.guild_id;
            json::array roles;
            for (const auto& role : who.roles) {
                roles.emplace_back(role);
            }
            o["member"] = json::object{{"user", user}, {"roles", std::move(roles)}, {"permissions", who.permissions}};
            o["context"] = 0;
            o["guild_locale"] = "en-US";
        }
        return o;
    }

    /// `/quiz <subcommand> [options]`.
    interaction_reply command(const discord_user& who, const std::string& subcommand,
                              std::vector<std::pair<std::string, std::string>> options = {})
    {
        json::array opts;
        for (auto& [name, value] : options) {
            opts.push_back(json::object{{"name", name}, {"type", 3}, {"value", value}});
        }
        return typed_command(who, subcommand, std::move(opts));
    }

    /// `/quiz <subcommand>` with options as Discord sends them (`{"name", "type", "value"}`, integers as numbers).
    interaction_reply typed_command(const discord_user& who, const std::string& subcommand, json::array options)
    {
        json::object sub{{"name", subcommand}, {"type", 1}, {"options", std::move(options)}};
        const auto id = next_id();
        auto o = envelope(2, who, id);
        o["data"] = json::object{
            {"id", "1300000000000000003"}, {"name", "quiz"}, {"type", 1}, {"options", json::array{std::move(sub)}}};
        auto out = post(json::serialize(o), "command_" + subcommand);
        out.token = token_of(id);
        return out;
    }

    /// A click on the button `custom_id` of `message` (the `data` of the answer that sent it).
    interaction_reply click(const discord_user& who, const json::object& message, const std::string& custom_id)
    {
        const auto id = next_id();
        auto o = envelope(3, who, id);
        json::object shown = message;
        shown["id"] = "1400000000000000004";
        shown["type"] = 0;
        o["message"] = std::move(shown);
        o["data"] = json::object{{"custom_id", custom_id}, {"component_type", 2}};
        auto out = post(json::serialize(o), "click");
        out.token = token_of(id);
        return out;
    }

    /// The token Discord would give the interaction `id`.
    static std::string token_of(const std::string& id) { return "aW50ZXJhY3Rpb246" + id; }

private:
    std::string next_id() { return std::to_string(1500000000000000000LL + ++ids_); }

    std::shared_ptr<test_database> db_; // first: it outlives the server that runs on it
    ed25519_signer signer_;
    std::shared_ptr<capture_sink> sink_ = std::make_shared<capture_sink>();
    std::istringstream in_;
    std::ostringstream out_;
    std::ostringstream err_;
    int code_ = -1;
    long long ids_ = 0;
    int sent_ = 0; ///< requests on client_'s connections
    std::string last_body_;
    std::atomic<bool> listened_{false};
    std::promise<bot::http::server*> listening_;
    bot::http::server* server_ = nullptr;
    std::thread runner_;
    std::unique_ptr<loopback_client> client_;
};

/// The buttons of a message, in order: (label, custom_id, disabled, style).
struct seen_button {
    std::string label;
    std::string custom_id;
    bool disabled = false;
    std::int64_t style = 0;
};

inline std::vector<seen_button> buttons_of(const json::object& data)
{
    std::vector<seen_button> out;
    const auto* rows = data.if_contains("components");
    if (rows == nullptr) {
        return out;
    }
    for (const auto& row : rows->as_array()) {
        for (const auto& c : row.at("components").as_array()) {
            const auto& b = c.as_object();
            seen_button s;
            s.label = std::string(b.at("label").as_string());
            s.custom_id = std::string(b.at("custom_id").as_string());
            s.disabled = b.contains("disabled") && b.at("disabled").as_bool();
            s.style = b.at("style").as_int64();
            out.push_back(std::move(s));
        }
    }
    return out;
}

} // namespace quiz::test
