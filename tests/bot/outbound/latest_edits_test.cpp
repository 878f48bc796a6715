// SPDX-License-Identifier: MIT
#include "bot/outbound/latest_edits.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

namespace outbound_latest_edits_test {

using quiz::bot::outbound::latest_edits;

TEST_CASE("latest_edits: a burst while an edit is in flight becomes one more edit, with the newest version",
          "[outbound]")
{
    latest_edits edits;
    std::vector<std::uint64_t> sent;
    std::vector<std::function<void(bool)>> pending;
    const auto version = [&](std::uint64_t revision) {
        return [&, revision](std::function<void(bool)> done) {
            sent.push_back(revision);
            pending.push_back(std::move(done));
        };
    };
    edits.submit("round:1", 10, version(10));
    for (std::uint64_t r = 11; r <= 60; ++r) {
        edits.submit("round:1", r, version(r));
    }
    CHECK(sent == std::vector<std::uint64_t>{10});
    pending.front()(true);
    CHECK(sent == std::vector<std::uint64_t>{10, 60});
    CHECK(edits.sent() == 2);
    CHECK(edits.superseded() == 49);
    // An older version arriving late is dropped; another message is independent.
    edits.submit("round:1", 30, version(30));
    edits.submit("round:2", 5, version(5));
    CHECK(sent == std::vector<std::uint64_t>{10, 60, 5});
    pending[1](false); // a failure ends that edit too: the next version goes at once
    edits.submit("round:1", 61, version(61));
    CHECK(sent == std::vector<std::uint64_t>{10, 60, 5, 61});
}

TEST_CASE("latest_edits: edits of one message start a spacing apart, a burst in the pause becomes one edit",
          "[outbound]")
{
    std::vector<std::function<void()>> timers;
    std::vector<std::chrono::milliseconds> delays;
    latest_edits edits(
        [&](std::chrono::milliseconds delay, std::function<void()> f) {
            delays.push_back(delay);
            timers.push_back(std::move(f));
        },
        std::chrono::milliseconds{60'000}); // longer than the test: every second edit waits for its turn
    std::vector<std::uint64_t> sent;
    const auto version = [&](std::uint64_t revision) {
        return [&, revision](std::function<void(bool)> done) {
            sent.push_back(revision);
            done(true); // the platform answers at once
        };
    };
    edits.submit("m", 1, version(1));
    CHECK(sent == std::vector<std::uint64_t>{1});
    for (std::uint64_t r = 2; r <= 50; ++r) {
        edits.submit("m", r, version(r));
    }
    CHECK(sent == std::vector<std::uint64_t>{1}); // answered, but its turn has not come
    REQUIRE(timers.size() == 1);
    CHECK(delays.front() > std::chrono::milliseconds{59'000});
    timers.front()();
    CHECK(sent == std::vector<std::uint64_t>{1, 50});
    CHECK(edits.sent() == 2);
}

} // namespace outbound_latest_edits_test
