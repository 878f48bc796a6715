// SPDX-License-Identifier: MIT
#include "bot/dashboard/report_link.hpp"
#include "bot/http/url_encoding.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>
#include <variant>

namespace dashboard_report_link_test {

namespace {

using namespace std::chrono_literals;
using quiz::bot::dashboard::link_fields;
using quiz::bot::dashboard::link_refusal;
using quiz::bot::dashboard::report_grant;
using quiz::bot::dashboard::report_links;

const std::chrono::sys_seconds issued{std::chrono::sys_days{std::chrono::year{2026} / 3 / 2} + 9h};
const report_grant hana{"discord:290926798626357999", "discord:80351110224678930", issued + 1h};

std::map<std::string, std::string> fields_of(const std::string& query)
{
    std::map<std::string, std::string> out;
    const auto parsed = quiz::bot::http::parse_form(query);
    REQUIRE(parsed);
    for (const auto& [name, value] : *parsed) {
        out[name] = value;
    }
    return out;
}

link_fields view(const std::map<std::string, std::string>& f)
{
    const auto get = [&](const char* name) -> std::optional<std::string_view> {
        const auto it = f.find(name);
        return it == f.end() ? std::nullopt : std::optional<std::string_view>(it->second);
    };
    return {get("scope"), get("by"), get("until"), get("sig")};
}

} // namespace

TEST_CASE("report links: HMAC-SHA256 over scope, instructor and expiry, as Python's hmac module computes it",
          "[dashboard]")
{
    const report_links links(std::string(32, 'k'));
    const auto f = fields_of(links.query(hana));
    CHECK(f.at("scope") == "discord:290926798626357999");
    CHECK(f.at("by") == "discord:80351110224678930");
    CHECK(f.at("until") == "1772445600"); // 2026-03-02 10:00:00 UTC
    // python3: hmac.new(b'k'*32, b'quizbot-report-link-v1\ndiscord:290926798626357999\n'
    //                   b'discord:80351110224678930\n1772445600', hashlib.sha256).hexdigest()
    CHECK(f.at("sig") == "1c96dc3d4fc23f43b4861dc6ead37ee7414737eb59ada5d595c68a55818b5e07");

    const auto checked = links.check(view(f), issued + 59min);
    REQUIRE(std::holds_alternative<report_grant>(checked));
    CHECK(std::get<report_grant>(checked) == hana);
}

TEST_CASE("report links: missing, forged, other-scope and expired links are refused, each for its reason",
          "[dashboard]")
{
    const report_links links(std::string(32, 'k'));
    const auto good = fields_of(links.query(hana));
    const auto refusal = [&](const std::map<std::string, std::string>& f, std::chrono::sys_seconds now) {
        const auto checked = links.check(view(f), now);
        REQUIRE(std::holds_alternative<link_refusal>(checked));
        return std::get<link_refusal>(checked);
    };
    const auto now = issued + 10min;
    CHECK(refusal({}, now) == link_refusal::missing);

    auto other_scope = good;
    other_scope["scope"] = "discord:111111111111111111"; // another server, with this server's signature
    CHECK(refusal(other_scope, now) == link_refusal::forged);
    auto other_person = good;
    other_person["by"] = "discord:1";
    CHECK(refusal(other_person, now) == link_refusal::forged);
    auto longer = good;
    longer["until"] = "1872445600"; // a later expiry, with the old signature
    CHECK(refusal(longer, now) == link_refusal::forged);
    auto flipped = good;
    flipped["sig"][0] = flipped["sig"][0] == '0' ? '1' : '0';
    CHECK(refusal(flipped, now) == link_refusal::forged);
    auto upper = good; // hex is hex in either case
    for (auto& c : upper["sig"]) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    CHECK(std::holds_alternative<report_grant>(links.check(view(upper), now)));
    for (const char* part : {"scope", "by", "until", "sig"}) {
        auto without = good;
        without.erase(part);
        CAPTURE(part);
        CHECK(refusal(without, now) == link_refusal::forged);
    }
    auto short_sig = good;
    short_sig["sig"].pop_back();
    CHECK(refusal(short_sig, now) == link_refusal::forged);
    auto not_hex = good;
    not_hex["sig"][5] = 'g';
    CHECK(refusal(not_hex, now) == link_refusal::forged);
    auto bad_time = good;
    bad_time["until"] = "-5";
    CHECK(refusal(bad_time, now) == link_refusal::forged);
    auto newline = good;
    newline["scope"] += "\nslack:T1"; // two fields where one was signed
    CHECK(refusal(newline, now) == link_refusal::forged);

    // Another server's key: the same link is a forgery here.
    const report_links elsewhere(std::string(32, 'x'));
    CHECK(std::get<link_refusal>(elsewhere.check(view(good), now)) == link_refusal::forged);

    // At the expiry and after it: expired.
    CHECK(refusal(good, issued + 1h) == link_refusal::expired);
    CHECK(refusal(good, issued + 2h) == link_refusal::expired);
}

TEST_CASE("report links: a short key is refused, and so is a grant that could not be signed unambiguously",
          "[dashboard]")
{
    CHECK_THROWS_AS(report_links(std::string(31, 'k')), std::invalid_argument);
    const report_links links(std::string(32, 'k'));
    CHECK_THROWS_AS(links.query(report_grant{"slack:T1\nx", "slack:T1:U1", issued}), std::invalid_argument);
    CHECK_THROWS_AS(links.query(report_grant{"", "slack:T1:U1", issued}), std::invalid_argument);
}

} // namespace dashboard_report_link_test
