// SPDX-License-Identifier: MIT
// The playground's learner tokens and the limit on creating learners, without a server.
#include "bot/web/learner_gate.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

namespace web_learner_gate_test {

namespace {

using namespace std::chrono_literals;
using quiz::bot::web::creation_limit;
using quiz::bot::web::learner_gate;
using quiz::bot::web::learner_tokens;

const std::string key(32, 'k');

quiz::bot::http::request from(const std::string& peer, const std::string& forwarded_for = {})
{
    quiz::bot::http::request req;
    req.remote_address = peer;
    if (!forwarded_for.empty()) {
        req.fields.set("X-Forwarded-For", forwarded_for);
    }
    return req;
}

/// The status the learner was refused with; 0 when one was given.
unsigned refusal_of(const quiz::bot::http::parsed<std::string>& learner)
{
    return learner ? 0 : learner.error().status;
}

/// The learner given; "" when refused.
std::string learner_of(const quiz::bot::http::parsed<std::string>& learner) { return learner ? *learner : ""; }

} // namespace

TEST_CASE("learner tokens: only the server's key makes a token it accepts", "[web][tokens]")
{
    const learner_tokens tokens(key);
    const auto token = tokens.issue();
    REQUIRE(token.size() == 65);
    const auto id = tokens.learner_of(token);
    REQUIRE(id);
    CHECK(*id == token.substr(0, 32));
    CHECK(tokens.issue().substr(0, 32) != *id); // random ids

    CHECK_FALSE(learner_tokens(std::string(32, 'j')).learner_of(token)); // another key
    auto flipped = token;
    flipped.back() = flipped.back() == '0' ? '1' : '0';
    CHECK_FALSE(tokens.learner_of(flipped));
    auto other_id = token;
    other_id[0] = other_id[0] == '0' ? '1' : '0';
    CHECK_FALSE(tokens.learner_of(other_id)); // the tag is bound to its id
    CHECK_FALSE(tokens.learner_of(token.substr(0, 32)));
    CHECK_FALSE(tokens.learner_of(token + "0"));
    auto upper = token;
    upper[40] = 'A';
    CHECK_FALSE(tokens.learner_of(upper));
    CHECK_THROWS_AS(learner_tokens(std::string(31, 'k')), std::invalid_argument);
}

TEST_CASE("creation limit: a bucket per client address that refills over the hour", "[web][tokens]")
{
    auto now = std::chrono::steady_clock::time_point{} + 1h;
    learner_gate gate(learner_tokens(key), creation_limit{3}, {}, [&now] { return now; });
    const auto a = from("198.51.100.7:5000");
    for (int i = 0; i < 3; ++i) {
        std::optional<std::string> token;
        CHECK_FALSE(learner_of(gate.known_or_new(token, a)).empty());
        REQUIRE(token);
        CHECK(learner_of(gate.known(token)) == token->substr(0, 32));
    }
    std::optional<std::string> none;
    CHECK(refusal_of(gate.known_or_new(none, a)) == 429);
    CHECK_FALSE(none);
    std::optional<std::string> elsewhere;
    CHECK_FALSE(learner_of(gate.known_or_new(elsewhere, from("198.51.100.8:5000"))).empty()); // another address

    now += 20min; // a third of the hour gives one more
    CHECK_FALSE(learner_of(gate.known_or_new(none, a)).empty());
    std::optional<std::string> again;
    CHECK(refusal_of(gate.known_or_new(again, a)) == 429);

    // A returning learner is never limited; an unsigned token is refused, a missing one is a client mistake.
    std::optional<std::string> returning = none;
    CHECK(learner_of(gate.known_or_new(returning, a)) == none->substr(0, 32));
    std::optional<std::string> forged = std::string(32, 'a');
    CHECK(refusal_of(gate.known_or_new(forged, a)) == 401);
    CHECK(gate.known_or_new(forged, a).error().reason == "\"learner\" is not a learner token this server issued");
    CHECK(refusal_of(gate.known(std::nullopt)) == 400);
    CHECK(gate.known(std::nullopt).error().reason == "\"learner\" is required");
}

TEST_CASE("creation limit: X-Forwarded-For is believed from a proxy on this machine only", "[web][tokens]")
{
    CHECK(learner_gate::client_address(from("198.51.100.7:5000")) == "198.51.100.7");
    CHECK(learner_gate::client_address(from("[2001:db8::1]:5000")) == "2001:db8::1");
    // From elsewhere anyone can write the field: the peer counts.
    CHECK(learner_gate::client_address(from("198.51.100.7:5000", "203.0.113.9")) == "198.51.100.7");
    // From the proxy: the address it appended, last; what the client wrote before it is not believed.
    CHECK(learner_gate::client_address(from("127.0.0.1:40000", "10.0.0.1, 203.0.113.9")) == "203.0.113.9");
    CHECK(learner_gate::client_address(from("[::1]:40000", " 203.0.113.9 ")) == "203.0.113.9");
    CHECK(learner_gate::client_address(from("127.0.0.1:40000")) == "127.0.0.1");
    CHECK(learner_gate::forwarded(from("127.0.0.1:40000", "203.0.113.9")));
    CHECK_FALSE(learner_gate::forwarded(from("127.0.0.1:40000")));
}

TEST_CASE("creation limit: unlimited behind a proxy is said once", "[web][tokens]")
{
    int warnings = 0;
    learner_gate gate(learner_tokens(key), creation_limit{0}, [&warnings](const std::string&) { ++warnings; });
    for (int i = 0; i < 100; ++i) {
        std::optional<std::string> token;
        CHECK_FALSE(learner_of(gate.known_or_new(token, from("127.0.0.1:1", "203.0.113.9"))).empty());
    }
    CHECK(warnings == 1);
    std::optional<std::string> direct;
    CHECK_FALSE(learner_of(gate.known_or_new(direct, from("198.51.100.7:5000"))).empty());
    CHECK(warnings == 1);
}

} // namespace web_learner_gate_test
