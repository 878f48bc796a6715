// SPDX-License-Identifier: MIT
#include "tests/bot/slack/support/fake_slack.hpp"

#include "bot/http/url_encoding.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace quiz::test {

namespace json = boost::json;

namespace {

/// The "channel" of a JSON request body ("" when there is none).
std::string channel_of(const std::string& body)
{
    boost::system::error_code ec;
    const auto value = json::parse(body, ec);
    const auto* channel = !ec && value.is_object() ? value.as_object().if_contains("channel") : nullptr;
    return channel != nullptr && channel->is_string() ? std::string(channel->as_string()) : std::string{};
}

/// A field of a form body ("" when absent).
std::string form_field(const std::string& body, std::string_view name)
{
    for (const auto& [key, value] :
         bot::http::parse_form(body).value_or(decltype(bot::http::parse_form(body))::value_type{})) {
        if (key == name) {
            return value;
        }
    }
    return {};
}

std::string refusal(const std::string& error) { return json::serialize(json::object{{"ok", false}, {"error", error}}); }

} // namespace

fake_slack::fake_slack()
{
    const auto recorder = [this](const bot::http::request& req) {
        slack_call call{req.path, std::string(req.fields.find("Authorization").value_or("")),
                        std::string(req.fields.find("Content-Type").value_or("")), req.body, nullptr};
        boost::system::error_code ec;
        auto value = json::parse(req.body, ec);
        if (!ec) {
            call.json = std::move(value);
        }
        record(std::move(call));
    };
    routes_.add(bot::http::verb::post, "/api/chat.postMessage", [this, recorder](const bot::http::request& req) {
        recorder(req);
        const std::string to = channel_of(req.body);
        const std::lock_guard lock(mutex_);
        if (const auto refused = refused_posts_.find(to); refused != refused_posts_.end()) {
            return bot::http::response::json(200, refusal(refused->second));
        }
        if (posts_to_fail_ > 0) {
            --posts_to_fail_;
            return bot::http::response::json(500, R"({"ok":false,"error":"internal_error"})");
        }
        const std::string ts = "1700000000.000" + std::to_string(next_ts_++);
        return bot::http::response::json(200, json::serialize(json::object{{"ok", true}, {"channel", to}, {"ts", ts}}));
    });
    routes_.add_async(bot::http::verb::post, "/api/chat.update",
                      [this, recorder](bot::http::request req, bot::http::responder answer) {
                          recorder(req);
                          std::unique_lock lock(mutex_);
                          if (const auto refused = refused_posts_.find(channel_of(req.body));
                              refused != refused_posts_.end()) {
                              const auto error = refused->second;
                              lock.unlock();
                              answer.send(bot::http::response::json(200, refusal(error)));
                              return;
                          }
                          if (updates_to_limit_ > 0) {
                              --updates_to_limit_;
                              lock.unlock();
                              auto limited = bot::http::response::json(429, R"({"ok":false,"error":"ratelimited"})");
                              limited.fields.set("Retry-After", "0");
                              answer.send(std::move(limited));
                              return;
                          }
                          if (holding_) {
                              held_.push_back(std::move(answer));
                              return;
                          }
                          lock.unlock();
                          answer.send(bot::http::response::json(200, R"({"ok":true})"));
                      });
    routes_.add(bot::http::verb::post, "/api/chat.postEphemeral", [this, recorder](const bot::http::request& req) {
        recorder(req);
        const std::lock_guard lock(mutex_);
        if (const auto refused = refused_posts_.find(channel_of(req.body)); refused != refused_posts_.end()) {
            return bot::http::response::json(200, refusal(refused->second));
        }
        return bot::http::response::json(200, R"({"ok":true,"message_ts":"1700000000.000001"})");
    });
    routes_.add(bot::http::verb::post, "/api/views.publish", [recorder](const bot::http::request& req) {
        recorder(req);
        return bot::http::response::json(200, R"({"ok":true,"view":{"id":"V1"}})");
    });
    routes_.add(bot::http::verb::post, "/api/users.info", [this, recorder](const bot::http::request& req) {
        recorder(req);
        const auto id = form_field(req.body, "user");
        json::object user{{"id", id}};
        {
            const std::lock_guard lock(mutex_);
            if (locale_) {
                user["locale"] = *locale_;
            }
            if (tz_) {
                user["tz"] = *tz_;
            }
            user["is_admin"] = admins_.contains(id);
            user["is_owner"] = false;
        }
        return bot::http::response::json(200, json::serialize(json::object{{"ok", true}, {"user", user}}));
    });
    routes_.add(bot::http::verb::post, "/api/conversations.open", [this, recorder](const bot::http::request& req) {
        recorder(req);
        boost::system::error_code ec;
        const auto body = json::parse(req.body, ec);
        const auto* users = !ec && body.is_object() ? body.as_object().if_contains("users") : nullptr;
        const std::string user = users != nullptr && users->is_string() ? std::string(users->as_string()) : "";
        const std::lock_guard lock(mutex_);
        if (gone_.contains(user)) {
            return bot::http::response::json(200, R"({"ok":false,"error":"user_not_found"})");
        }
        return bot::http::response::json(
            200, json::serialize(json::object{{"ok", true}, {"channel", json::object{{"id", "D" + user}}}}));
    });
    routes_.add(bot::http::verb::post, "/hooks/{n}", [this, recorder](const bot::http::request& req) {
        unsigned status = 200;
        {
            const std::lock_guard lock(mutex_);
            status = hook_status_; // before the call is recorded: a test that waits for it may change the status
        }
        recorder(req);
        return bot::http::response::text(status, status == 200 ? "ok" : status == 404 ? "used_url" : "error");
    });
    server_ = std::make_unique<running_server>(routes_);
}

fake_slack::~fake_slack() { release_updates(); }

std::string fake_slack::base() const { return "http://127.0.0.1:" + std::to_string(port()); }

void fake_slack::set_tz(std::optional<std::string> tz)
{
    const std::lock_guard lock(mutex_);
    tz_ = std::move(tz);
}

void fake_slack::set_gone(std::set<std::string> users)
{
    const std::lock_guard lock(mutex_);
    gone_ = std::move(users);
}

void fake_slack::set_admins(std::set<std::string> users)
{
    const std::lock_guard lock(mutex_);
    admins_ = std::move(users);
}

void fake_slack::set_locale(std::optional<std::string> locale)
{
    const std::lock_guard lock(mutex_);
    locale_ = std::move(locale);
}

void fake_slack::refuse_posts_in(const std::string& channel, const std::string& error)
{
    const std::lock_guard lock(mutex_);
    refused_posts_[channel] = error;
}

void fake_slack::answer_hooks(unsigned status)
{
    const std::lock_guard lock(mutex_);
    hook_status_ = status;
}

void fake_slack::fail_posts(int count)
{
    const std::lock_guard lock(mutex_);
    posts_to_fail_ = count;
}

void fake_slack::rate_limit_updates(int count)
{
    const std::lock_guard lock(mutex_);
    updates_to_limit_ = count;
}

void fake_slack::hold_updates()
{
    const std::lock_guard lock(mutex_);
    holding_ = true;
}

void fake_slack::release_updates()
{
    std::vector<bot::http::responder> held;
    {
        const std::lock_guard lock(mutex_);
        holding_ = false;
        held.swap(held_);
    }
    for (const auto& answer : held) {
        answer.send(bot::http::response::json(200, R"({"ok":true})"));
    }
}

void fake_slack::record(slack_call call)
{
    {
        const std::lock_guard lock(mutex_);
        calls_.push_back(std::move(call));
    }
    arrived_.notify_all();
}

std::vector<slack_call> fake_slack::calls() const
{
    const std::lock_guard lock(mutex_);
    return calls_;
}

std::vector<slack_call> fake_slack::calls_to(const std::string& path) const
{
    std::vector<slack_call> out;
    for (auto& c : calls()) {
        if (c.path == path) {
            out.push_back(std::move(c));
        }
    }
    return out;
}

std::vector<slack_call> fake_slack::wait_for(const std::string& path, std::size_t count)
{
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, std::chrono::seconds(10), [&] {
        std::size_t n = 0;
        for (const auto& c : calls_) {
            n += c.path == path ? 1U : 0U;
        }
        return n >= count;
    });
    lock.unlock();
    return calls_to(path);
}

std::vector<slack_call> fake_slack::wait_for_text(const std::string& path, const std::string& text)
{
    return wait_for_match(path, [&text](const slack_call& c) { return c.body.find(text) != std::string::npos; });
}

std::vector<slack_call> fake_slack::wait_for_match(const std::string& path,
                                                   const std::function<bool(const slack_call&)>& match,
                                                   std::size_t count)
{
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, std::chrono::seconds(10), [&] {
        std::size_t n = 0;
        for (const auto& c : calls_) {
            n += c.path == path && match(c) ? 1U : 0U;
        }
        return n >= count;
    });
    lock.unlock();
    return calls_to(path);
}

} // namespace quiz::test
