// SPDX-License-Identifier: MIT
#include "bot/outbound/in_order.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

namespace outbound_in_order_test {

using quiz::bot::outbound::in_order;

TEST_CASE("in_order: requests of one key start one after the other, in the order they were made", "[outbound]")
{
    in_order sends;
    std::vector<std::string> started;
    std::vector<std::function<void()>> pending;
    const auto request = [&](std::string name) {
        return [&, name](std::function<void()> done) {
            started.push_back(name);
            pending.push_back(std::move(done));
        };
    };
    sends.submit("token-a", request("a1"));
    sends.submit("token-a", request("a2"));
    sends.submit("token-b", request("b1")); // another key does not wait
    sends.submit("token-a", request("a3"));
    CHECK(started == std::vector<std::string>{"a1", "b1"});
    CHECK(sends.busy_keys() == 2);
    pending[0](); // a1 answered
    CHECK(started == std::vector<std::string>{"a1", "b1", "a2"});
    pending[2](); // a2 answered (or failed: the next one goes all the same)
    CHECK(started == std::vector<std::string>{"a1", "b1", "a2", "a3"});
    pending[3]();
    pending[1]();
    CHECK(sends.busy_keys() == 0); // idle keys are forgotten
    sends.submit("token-a", request("a4"));
    CHECK(started.back() == "a4");
}

TEST_CASE("in_order: a request answered at once lets the next one go at once", "[outbound]")
{
    in_order sends;
    std::vector<int> started;
    for (int i = 0; i < 3; ++i) {
        sends.submit("k", [&, i](std::function<void()> done) {
            started.push_back(i);
            done();
        });
    }
    CHECK(started == std::vector<int>{0, 1, 2});
    CHECK(sends.busy_keys() == 0);
}

TEST_CASE("in_order: a reserved place holds back what is submitted after it until it is sent or skipped", "[outbound]")
{
    in_order sends;
    std::vector<std::string> started;
    std::vector<std::function<void()>> pending;
    const auto request = [&](std::string name) {
        return [&, name](std::function<void()> done) {
            started.push_back(name);
            pending.push_back(std::move(done));
        };
    };
    // The note's place is taken when the click arrives; the judgment is submitted before the note is known.
    const auto note = sends.reserve("token");
    sends.submit("token", request("judgment"));
    CHECK(started.empty());
    note.send(request("note"));
    CHECK(started == std::vector<std::string>{"note"});
    pending[0]();
    CHECK(started == std::vector<std::string>{"note", "judgment"});
    pending[1]();
    CHECK(sends.busy_keys() == 0);

    // Skipped, or dropped without a decision: what waits behind it goes.
    const auto nothing_to_say = sends.reserve("token");
    sends.submit("token", request("second judgment"));
    nothing_to_say.skip();
    CHECK(started.back() == "second judgment");
    pending.back()();
    {
        const auto dropped = sends.reserve("token");
        sends.submit("token", request("third judgment"));
        CHECK(started.back() == "second judgment");
    }
    CHECK(started.back() == "third judgment");
    pending.back()();

    // Sent before its turn: it waits for the request in flight, then goes first of those behind it.
    sends.submit("token", request("first"));
    const auto late = sends.reserve("token");
    sends.submit("token", request("after"));
    late.send(request("reserved"));
    CHECK(started.back() == "first");
    pending.back()();
    CHECK(started.back() == "reserved");
    pending.back()();
    CHECK(started.back() == "after");
    pending.back()();
    CHECK(sends.busy_keys() == 0);
}

} // namespace outbound_in_order_test
