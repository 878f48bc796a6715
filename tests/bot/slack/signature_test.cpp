// SPDX-License-Identifier: MIT
#include "bot/slack/signature.hpp"
#include "tests/bot/slack/support/signing.hpp"

#include <catch2/catch.hpp>

namespace slack_signature_test {

namespace {

using quiz::bot::slack::signature_check;
using quiz::bot::slack::verify_signature;
using quiz::test::slack_signature;
using namespace std::chrono_literals;

const std::string secret = "8f742231b10e8888abcd99yyyzzz85a5";
const std::string body = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fquiz&text=start";
// 2023-11-14T22:13:20Z
const std::chrono::system_clock::time_point now{std::chrono::seconds(1'700'000'000)};
const std::string ts = "1700000000";

signature_check check(const std::string& timestamp, const std::string& signature, const std::string& text = body,
                      std::chrono::system_clock::time_point at = now)
{
    return verify_signature(secret, timestamp, signature, text, at);
}

} // namespace

TEST_CASE("signature: Slack's documented example", "[slack][signature]")
{
    // The example of docs.slack.dev "Verifying requests from Slack": this secret, timestamp and body give this
    // signature (quoted from the page, not computed here).
    const std::string doc_secret = "8f742231b10e8888abcd99yyyzzz85a5";
    const std::string doc_body =
        "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&"
        "channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&"
        "response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&"
        "trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
    const std::string doc_signature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
    const std::chrono::system_clock::time_point doc_now{std::chrono::seconds(1531420618)};
    CHECK(verify_signature(doc_secret, "1531420618", doc_signature, doc_body, doc_now) == signature_check::ok);
    CHECK(verify_signature(doc_secret, "1531420618", doc_signature, doc_body + "&x=1", doc_now) ==
          signature_check::mismatch);
}

TEST_CASE("signature: a valid request passes, any change fails", "[slack][signature]")
{
    const auto good = slack_signature(secret, ts, body);
    CHECK(check(ts, good) == signature_check::ok);
    CHECK(check(ts, good, body + " ") == signature_check::mismatch);
    CHECK(check(ts, good, "") == signature_check::mismatch);
    CHECK(check("1700000001", good) == signature_check::mismatch);
    CHECK(check(ts, slack_signature(secret + "x", ts, body)) == signature_check::mismatch);
    std::string flipped = good;
    flipped.back() = flipped.back() == '0' ? '1' : '0';
    CHECK(check(ts, flipped) == signature_check::mismatch);
}

TEST_CASE("signature: malformed headers", "[slack][signature]")
{
    const auto good = slack_signature(secret, ts, body);
    CHECK(check("", good) == signature_check::missing);
    CHECK(check(ts, "") == signature_check::missing);
    CHECK(check("abc", good) == signature_check::bad_timestamp);
    CHECK(check("-1700000000", good) == signature_check::bad_timestamp);
    CHECK(check("+1700000000", good) == signature_check::bad_timestamp);
    CHECK(check("1700000000.5", good) == signature_check::bad_timestamp);
    CHECK(check("01700000000", slack_signature(secret, "01700000000", body)) == signature_check::bad_timestamp);
    CHECK(check("1.7e9", slack_signature(secret, "1.7e9", body)) == signature_check::bad_timestamp);
    CHECK(check("99999999999999999999", good) == signature_check::bad_timestamp);
    CHECK(check(ts, "v1=" + good.substr(3)) == signature_check::unknown_version);
    CHECK(check(ts, good.substr(3)) == signature_check::unknown_version);
    CHECK(check(ts, good.substr(0, good.size() - 2)) == signature_check::unknown_version);
    CHECK(check(ts, good + "00") == signature_check::unknown_version);
    std::string upper = good;
    for (auto& c : upper) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    upper.replace(0, 3, "v0=");
    CHECK(check(ts, upper) == signature_check::unknown_version);
    CHECK(check(ts, "v0=" + std::string(64, 'g')) == signature_check::unknown_version);
}

TEST_CASE("signature: timestamps within 5 minutes either way", "[slack][signature]")
{
    const auto at = [](std::chrono::seconds offset) {
        const auto t = std::to_string(1'700'000'000 + offset.count());
        return check(t, slack_signature(secret, t, body));
    };
    CHECK(at(0s) == signature_check::ok);
    CHECK(at(-300s) == signature_check::ok);
    CHECK(at(300s) == signature_check::ok);
    CHECK(at(-301s) == signature_check::stale);
    CHECK(at(-86400s) == signature_check::stale);
    CHECK(at(301s) == signature_check::future);
    CHECK(at(86400s) == signature_check::future);
    // The same request replayed later is refused once the window has passed.
    const auto good = slack_signature(secret, ts, body);
    CHECK(check(ts, good, body, now + 300s) == signature_check::ok);
    CHECK(check(ts, good, body, now + 301s) == signature_check::stale);
}

} // namespace slack_signature_test
