// SPDX-License-Identifier: MIT
#include "bot/outbound/rate_limits.hpp"
#include "bot/outbound/retry.hpp"
#include "bot/outbound/url.hpp"

#include <catch2/catch.hpp>

namespace outbound_retry_test {

using namespace std::chrono_literals;
using quiz::bot::outbound::backoff_delay;
using quiz::bot::outbound::parse_retry_after;
using quiz::bot::outbound::parse_seconds;
using quiz::bot::outbound::parse_url;
using quiz::bot::outbound::rate_limits;

TEST_CASE("outbound: URLs are split for a request", "[outbound]")
{
    const auto a = parse_url("https://Discord.com/api/v10/channels/1/messages?wait=true#frag");
    REQUIRE(a);
    CHECK(a->tls);
    CHECK(a->host == "discord.com");
    CHECK(a->port == 443);
    CHECK(a->target == "/api/v10/channels/1/messages?wait=true");
    CHECK(a->path() == "/api/v10/channels/1/messages");
    CHECK(a->host_header() == "discord.com");
    CHECK(a->origin() == "https://discord.com:443");

    const auto b = parse_url("http://[::1]:8081?x=1");
    REQUIRE(b);
    CHECK_FALSE(b->tls);
    CHECK(b->host == "::1");
    CHECK(b->port == 8081);
    CHECK(b->target == "/?x=1");
    CHECK(b->host_header() == "[::1]:8081");

    CHECK(parse_url("http://localhost")->target == "/");
    for (const char* bad : {"ftp://x/", "https://", "https://user:pw@host/", "https://host:0/", "https://host:99999/",
                            "https://ho st/", "https://host:12ab/", "//host/", "https://[::1/"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_url(bad));
    }
}

TEST_CASE("outbound: Retry-After and reset values", "[outbound]")
{
    const auto now = std::chrono::system_clock::from_time_t(784111777); // Sun, 06 Nov 1994 08:49:37 GMT
    CHECK(parse_retry_after("1", now) == 1000ms);
    CHECK(parse_retry_after(" 120 ", now) == 120'000ms);
    CHECK(parse_retry_after("1.5", now) == 1500ms);
    CHECK(parse_retry_after("0.0001", now) == 1ms); // rounded up, never down
    CHECK(parse_retry_after("Sun, 06 Nov 1994 08:49:47 GMT", now) == 10'000ms);
    CHECK(parse_retry_after("Sun, 06 Nov 1994 08:49:27 GMT", now) == 0ms);
    CHECK_FALSE(parse_retry_after("soon", now));
    CHECK_FALSE(parse_retry_after("-1", now));
    CHECK_FALSE(parse_retry_after("1.", now));
    CHECK_FALSE(parse_seconds(""));
    CHECK(parse_seconds("0.250") == 250ms);
}

TEST_CASE("outbound: backoff doubles, is capped, and jitter keeps at least half", "[outbound]")
{
    CHECK(backoff_delay(1, 100ms, 1000ms, 0.0) == 50ms);
    CHECK(backoff_delay(1, 100ms, 1000ms, 1.0) == 100ms);
    CHECK(backoff_delay(2, 100ms, 1000ms, 1.0) == 200ms);
    CHECK(backoff_delay(3, 100ms, 1000ms, 0.0) == 200ms);
    CHECK(backoff_delay(5, 100ms, 1000ms, 1.0) == 1000ms);
    CHECK(backoff_delay(40, 100ms, 1000ms, 0.5) == 750ms);
}

TEST_CASE("outbound: rate-limit buckets and 429 blocks", "[outbound]")
{
    using clock = rate_limits::clock;
    const auto t0 = clock::time_point{} + 1h;
    rate_limits limits;
    const std::string discord = "https://discord.com:443";
    const std::string send = "POST /channels/{id}/messages";
    const std::string edit = "PATCH /channels/{id}/messages/{mid}";

    CHECK(limits.ready_at(discord, send, t0) == t0);

    SECTION("an exhausted bucket holds its routes until the reset")
    {
        quiz::bot::http::headers h;
        h.add("X-RateLimit-Bucket", "abc");
        h.add("X-RateLimit-Remaining", "0");
        h.add("X-RateLimit-Reset-After", "2.5");
        limits.update(discord, send, 200, h, t0, 0ms);
        CHECK(limits.ready_at(discord, send, t0) == t0 + 2500ms);
        CHECK(limits.ready_at(discord, edit, t0) == t0); // another route, another bucket
        CHECK(limits.ready_at(discord, send, t0 + 3s) == t0 + 3s);

        SECTION("two routes sharing a bucket wait together")
        {
            limits.update(discord, edit, 200, h, t0, 0ms);
            CHECK(limits.ready_at(discord, edit, t0 + 1s) == t0 + 2500ms);
        }
        SECTION("remaining requests let the route go")
        {
            quiz::bot::http::headers more;
            more.add("X-RateLimit-Bucket", "abc");
            more.add("X-RateLimit-Remaining", "4");
            more.add("X-RateLimit-Reset-After", "2.5");
            limits.update(discord, send, 200, more, t0, 0ms);
            CHECK(limits.ready_at(discord, send, t0) == t0);
        }
    }
    SECTION("a 429 blocks its route; a global one blocks the whole host")
    {
        limits.update(discord, send, 429, {}, t0, 1500ms);
        CHECK(limits.ready_at(discord, send, t0) == t0 + 1500ms);
        CHECK(limits.ready_at(discord, edit, t0) == t0);

        quiz::bot::http::headers global;
        global.add("X-RateLimit-Global", "true");
        limits.update(discord, edit, 429, global, t0, 4s);
        CHECK(limits.ready_at(discord, "GET /anything", t0) == t0 + 4s);
        CHECK(limits.ready_at("https://slack.com:443", "GET /anything", t0) == t0);
    }
}

} // namespace outbound_retry_test
