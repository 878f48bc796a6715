// SPDX-License-Identifier: MIT
// `/quiz report` on Slack end to end: who counts as an instructor (users.info's is_admin, or SLACK_INSTRUCTORS),
// the private summary through the response_url, and the dashboard link it carries, followed over loopback.
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/slack/support/slack_bot.hpp"

#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace slack_report_test {

namespace {

namespace json = boost::json;
using quiz::test::hook_path;
using quiz::test::slack_bot;
using quiz::test::slack_call;

/// One question answered by `user` (as `name`), through the buttons of its card.
void answer_one(slack_bot& bot, const std::string& user, const std::string& name, int& hook)
{
    const int start = hook++;
    REQUIRE(bot.command("start", bot.fake.hook(start), user, "C1", name).status == 200);
    const auto card = bot.fake.wait_for(hook_path(start), 1);
    REQUIRE(card.size() == 1);
    const auto buttons = quiz::test::buttons(card[0]);
    REQUIRE(buttons.count("answer_A") == 1);
    const int clicked = hook++;
    REQUIRE(bot.click("answer_A", buttons.at("answer_A"), bot.fake.hook(clicked), user, name).status == 200);
    REQUIRE(bot.fake.wait_for(hook_path(clicked), 1).size() == 1);
}

/// The message posted to response_url `n`.
json::object reply_on(slack_bot& bot, int n)
{
    const auto calls = bot.fake.wait_for(hook_path(n), 1);
    REQUIRE(calls.size() == 1);
    return calls[0].json.as_object();
}

/// The URL of the message's link button ("" when it has none).
std::string link_of(const json::object& message)
{
    for (const auto& block : message.at("blocks").as_array()) {
        if (block.at("type") != "actions") {
            continue;
        }
        for (const auto& e : block.at("elements").as_array()) {
            if (const auto* url = e.as_object().if_contains("url")) {
                return std::string(url->as_string());
            }
        }
    }
    return {};
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

bool mentions(const json::object& message, std::string_view text)
{
    return json::serialize(message).find(text) != std::string::npos;
}

} // namespace

TEST_CASE("report: a workspace admin gets the summary privately, with a link that opens the dashboard",
          "[slack][report]")
{
    slack_bot bot;
    bot.fake.set_admins({"U8"});
    int hook = 1;
    answer_one(bot, "U1", "ada", hook);
    answer_one(bot, "U2", "blaise", hook);

    const int asked = hook++;
    CHECK(bot.command("report", bot.fake.hook(asked), "U8", "C1", "prof").status == 200);
    const auto report = reply_on(bot, asked);
    INFO(json::serialize(report));
    CHECK(report.at("response_type") == "ephemeral");
    const auto& blocks = report.at("blocks").as_array();
    REQUIRE(blocks.size() == 4);
    CHECK(blocks[0].at("type") == "header");
    CHECK(std::string(blocks[0].at("text").at("text").as_string()).starts_with("Class report · "));
    CHECK(mentions(report, "Learners: 2 active in the last 7 days, 2 in all."));
    CHECK(mentions(report, "Answers: 2; first attempts right: "));
    CHECK(mentions(report, "*Learners needing help:*"));
    CHECK(mentions(report, "This link is yours"));
    // users.info was asked about the one who typed the command.
    const auto info = bot.fake.calls_to("/api/users.info");
    REQUIRE_FALSE(info.empty());
    CHECK(info.back().body == "user=U8&include_locale=true");

    const auto url = link_of(report);
    REQUIRE(url.starts_with("https://quiz.example/reports?"));
    CHECK(contains(url, "scope=slack%3AT1"));
    CHECK(contains(url, "by=slack%3AT1%3AU8"));
    CHECK(contains(url, "&lang=en&pack=zero-sharded"));
    const auto target = url.substr(std::string("https://quiz.example").size());
    quiz::test::loopback_client web(bot.port());
    const auto page = web.request("GET", target);
    REQUIRE(page);
    CHECK(page->status == 200);
    const auto csv = web.request("GET", "/reports/learners" + target.substr(8) + "&format=csv");
    REQUIRE(csv);
    CHECK(csv->status == 200);
    CHECK(csv->body.find("ada") != std::string::npos);
    CHECK(csv->body.find("blaise") != std::string::npos);

    // Opening the link is a click on a URL button too: Slack tells the bot, which has nothing to do.
    const auto calls_before = bot.fake.calls().size();
    CHECK(bot.click("report_link", "", bot.fake.hook(hook++), "U8", "prof").status == 200);
    CHECK(bot.fake.calls().size() == calls_before);

    // `here`: this channel's rounds only (none were played).
    const int here = hook++;
    CHECK(bot.command("report here", bot.fake.hook(here), "U8", "C1", "prof").status == 200);
    const auto in_channel = reply_on(bot, here);
    CHECK(mentions(in_channel, "Class report · ZeRO and sharded optimizers · this channel"));
    CHECK(mentions(in_channel, "0 in all"));
    CHECK(contains(link_of(in_channel), "scope=slack%3AT1%2FC1"));

    // A pack that does not exist is named back, with the list.
    const int unknown = hook++;
    CHECK(bot.command("report nosuchpack", bot.fake.hook(unknown), "U8", "C1", "prof").status == 200);
    const auto refused = reply_on(bot, unknown);
    CHECK(mentions(refused, "nosuchpack"));
    CHECK(link_of(refused).empty());
}

TEST_CASE("report: members are refused unless SLACK_INSTRUCTORS names them", "[slack][report]")
{
    quiz::test::slack_bot_options options;
    options.extra = {{"SLACK_INSTRUCTORS", "W0123ABCD, U07TEACH1"}};
    slack_bot bot(options);
    int hook = 1;
    answer_one(bot, "U1", "ada", hook);

    const int member = hook++;
    CHECK(bot.command("report", bot.fake.hook(member), "U3", "C1", "dora").status == 200);
    const auto refused = reply_on(bot, member);
    INFO(json::serialize(refused));
    CHECK(refused.at("response_type") == "ephemeral");
    CHECK(mentions(refused, "Class reports are for instructors"));
    CHECK(mentions(refused, "/quiz stats"));
    CHECK_FALSE(mentions(refused, "ada"));
    CHECK(link_of(refused).empty());

    const int named = hook++;
    CHECK(bot.command("report", bot.fake.hook(named), "U07TEACH1", "C1", "prof").status == 200);
    const auto report = reply_on(bot, named);
    CHECK(mentions(report, "Learners: 1 active in the last 7 days, 1 in all."));
    CHECK(contains(link_of(report), "by=slack%3AT1%3AU07TEACH1"));
}

TEST_CASE("report: SLACK_INSTRUCTORS naming anything but user ids stops the server with the reason", "[slack][report]")
{
    quiz::test::slack_bot_options options;
    options.extra = {{"SLACK_INSTRUCTORS", "U012AB3CD, #teachers"}};
    CHECK_THROWS_WITH(slack_bot(options), Catch::Contains("exit 2") && Catch::Contains("SLACK_INSTRUCTORS") &&
                                              Catch::Contains("expected Slack user ids"));
}

} // namespace slack_report_test
