// SPDX-License-Identifier: MIT
#include "tests/slack/support/fake_slack.hpp"

#include "bot/http/url_encoding.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace quiz::test {

namespace json = boost::json;

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
    routes_.add(bot::http::verb::post, "/api/chat.postMessage", [recorder](const bot::http::request& req) {
        recorder(req);
        return bot::http::response::json(200, R"({"ok":true,"channel":"D1","ts":"1700000000.000100"})");
    });
    routes_.add(bot::http::verb::post, "/api/views.publish", [recorder](const bot::http::request& req) {
        recorder(req);
        return bot::http::response::json(200, R"({"ok":true,"view":{"id":"V1"}})");
    });
    routes_.add(bot::http::verb::post, "/api/users.info", [this, recorder](const bot::http::request& req) {
        recorder(req);
        json::object user{{"id", "U1"}};
        {
            const std::lock_guard lock(mutex_);
            if (locale_) {
                user["locale"] = *locale_;
            }
        }
        return bot::http::response::json(200, json::serialize(json::object{{"ok", true}, {"user", user}}));
    });
    routes_.add(bot::http::verb::post, "/hooks/{n}", [recorder](const bot::http::request& req) {
        recorder(req);
        return bot::http::response::text(200, "ok");
    });
    server_ = std::make_unique<running_server>(routes_);
}

std::string fake_slack::base() const { return "http://127.0.0.1:" + std::to_string(port()); }

void fake_slack::set_locale(std::optional<std::string> locale)
{
    const std::lock_guard lock(mutex_);
    locale_ = std::move(locale);
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

} // namespace quiz::test
