// SPDX-License-Identifier: MIT
// Discord's REST API on loopback for the calls quizbot makes through interaction webhooks: every request is
// recorded, answered 200 with a message, and its JSON body kept for the OpenAPI check (support/bodies.hpp).
#pragma once

#include "tests/bot/discord/support/bodies.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"
#include <atomic>
#include <memory>

#include <boost/json/parse.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace quiz::test {

class fake_discord_api {
public:
    fake_discord_api()
        : upstream_([stalled = stalled_](const upstream_request& r, int) {
              if (stalled->load()) {
                  return upstream_reply{503, {}, "", std::chrono::seconds(30), false}; // an API hanging for 30 s
              }
              if (r.method == "PATCH") {
                  keep_body("edit-original", "round", r.body);
              } else if (r.method == "POST") {
                  keep_body("followup", "round", r.body);
              }
              return upstream_reply{200,
                                    {{"Content-Type", "application/json"}},
                                    R"({"id":"1400000000000000004","channel_id":"1200000000000000002"})"};
          })
    {
    }

    [[nodiscard]] std::string api_base() const
    {
        return "http://127.0.0.1:" + std::to_string(upstream_.port()) + "/api/v10";
    }

    [[nodiscard]] std::vector<upstream_request> seen() const { return upstream_.seen(); }

    /// While stalled, every call is held 30 s before its answer (a 503).
    void stall(bool on) { stalled_->store(on); }

    /// The first request (in arrival order) that `match` accepts, waiting for it up to 30 s.
    upstream_request wait_for(const std::function<bool(const upstream_request&)>& match, const std::string& what)
    {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < give_up) {
            for (const auto& r : upstream_.seen()) {
                if (match(r)) {
                    return r;
                }
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        FAIL("Discord never received " << what);
        return {};
    }

private:
    std::shared_ptr<std::atomic<bool>> stalled_ = std::make_shared<std::atomic<bool>>(false);
    fake_upstream upstream_;
};

/// The path of a webhook call through `token`: `/api/v10/webhooks/<application>/<token>`.
inline std::string webhook_path(const std::string& application, const std::string& token)
{
    return "/api/v10/webhooks/" + application + "/" + token;
}

} // namespace quiz::test
