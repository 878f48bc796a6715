// SPDX-License-Identifier: MIT
#include "bot/logging.hpp"
#include "bot/secret.hpp"
#include "tests/bot/http/support/capture_sink.hpp"

#include <boost/json/parse.hpp>

#include <catch2/catch.hpp>
#include <spdlog/logger.h>

namespace bot_logging_test {

using quiz::bot::log_format;
using quiz::bot::make_logger;
using quiz::test::capture_sink;

TEST_CASE("logging: plain lines carry a UTC time, the level and the message", "[logging]")
{
    auto sink = std::make_shared<capture_sink>();
    auto log = make_logger(log_format::plain, sink);
    log->info("request method={} status={}", "GET", 200);
    const auto lines = sink->lines();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("Z info request method=GET status=200") != std::string::npos);
    CHECK(lines[0].size() > 24);
    CHECK(lines[0][4] == '-');
    CHECK(lines[0][10] == 'T');
}

TEST_CASE("logging: JSON lines turn key=value fields into members", "[logging]")
{
    auto sink = std::make_shared<capture_sink>();
    auto log = make_logger(log_format::json, sink);
    log->warn("handler failed request_id={} error={} msg=x", "abc123",
              quiz::bot::log_quote("bad \"thing\"\\ happened\nhere"));
    const auto lines = sink->lines();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].back() == '\n');
    const auto value = boost::json::parse(lines[0]);
    const auto& object = value.as_object();
    CHECK(object.at("level") == "warning");
    CHECK(object.at("msg") == "handler failed");
    CHECK(object.at("request_id") == "abc123");
    CHECK(object.at("error") == "bad \"thing\"\\ happened here");
    CHECK(object.at("field_msg") == "x");
    CHECK(object.at("time").as_string().ends_with("Z"));
}

TEST_CASE("logging: a secret logged by mistake shows as redacted", "[logging][secret]")
{
    auto sink = std::make_shared<capture_sink>();
    auto log = make_logger(log_format::plain, sink);
    const quiz::bot::secret token("xoxb-should-never-be-seen");
    log->info("calling api token={}", token);
    CHECK(sink->contains("token=<redacted>"));
    CHECK_FALSE(sink->contains("should-never"));
}

} // namespace bot_logging_test
