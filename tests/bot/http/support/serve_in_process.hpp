// SPDX-License-Identifier: MIT
// `quizbot serve` in-process on 127.0.0.1 with a free port, for the length of a test.
#pragma once

#include "bot/cli/serve.hpp"
#include "bot/http/server.hpp"
#include "tests/bot/http/support/capture_sink.hpp"

#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace quiz::test {

class serve_in_process {
public:
    /// The environment serve reads; QUIZBOT_LISTEN is set to 127.0.0.1:0 unless given.
    using variables = std::map<std::string, std::string, std::less<>>;

    /// Starts serve and waits until it listens; throws with what serve wrote when it gives up instead.
    /// `customise` may change the hooks (the log sink, the clock) before serve starts.
    explicit serve_in_process(variables values, const std::function<void(bot::cli::serve_hooks&)>& customise = {})
    {
        values.emplace("QUIZBOT_LISTEN", "127.0.0.1:0");
        bot::cli::serve_hooks hooks;
        hooks.log_sink = std::make_shared<capture_sink>();
        hooks.handle_signals = false;
        hooks.on_listening = [this](bot::http::server& s) { listening_.set_value(&s); };
        if (customise) {
            customise(hooks);
        }
        runner_ = std::thread([this, values = std::move(values), hooks] {
            const bot::environment env = [&values](std::string_view name) -> std::optional<std::string> {
                const auto it = values.find(name);
                return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
            code_ = bot::cli::serve(env, {in_, out_, err_}, hooks);
        });
        auto ready = listening_.get_future();
        if (ready.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
            runner_.join(); // serve gave up: say why
            throw std::runtime_error("quizbot serve did not start: " + err_.str());
        }
        server_ = ready.get();
    }
    ~serve_in_process()
    {
        server_->stop();
        runner_.join();
    }
    serve_in_process(const serve_in_process&) = delete;
    serve_in_process& operator=(const serve_in_process&) = delete;

    [[nodiscard]] std::uint16_t port() const { return server_->port(); }

private:
    std::istringstream in_;
    std::ostringstream out_;
    std::ostringstream err_;
    int code_ = -1;
    std::promise<bot::http::server*> listening_;
    bot::http::server* server_ = nullptr;
    std::thread runner_;
};

} // namespace quiz::test
