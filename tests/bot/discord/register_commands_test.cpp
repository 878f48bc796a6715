// SPDX-License-Identifier: MIT
// `quizbot discord register-commands` against a fake Discord API on loopback.
#include "bot/cli/discord_register.hpp"
#include "bot/discord/command_set.hpp"
#include "tests/bot/discord/support/bodies.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <sstream>

namespace discord_register_commands_test {

namespace {

namespace json = boost::json;

const std::string bot_token = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.G1a2b3.very-secret-token-value";

struct outcome {
    int code = -1;
    std::string out;
    std::string err;
};

outcome run(std::map<std::string, std::string, std::less<>> values, std::optional<std::string> guild)
{
    const quiz::bot::environment env = [&values](std::string_view name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::register_discord_commands(env, guild, {in, out, err});
    return {code, out.str(), err.str()};
}

std::map<std::string, std::string, std::less<>> env_for(const quiz::test::fake_upstream& api)
{
    return {{"DISCORD_APPLICATION_ID", "1100000000000000001"},
            {"DISCORD_BOT_TOKEN", bot_token},
            {"DISCORD_API_BASE", "http://127.0.0.1:" + std::to_string(api.port()) + "/api/v10"},
            {"QUIZBOT_PUBLIC_URL", "https://quiz.example.org"}};
}

} // namespace

TEST_CASE("register-commands: bulk-overwrites the command set globally and per server", "[discord]")
{
    quiz::test::fake_upstream api([](const quiz::test::upstream_request& r, int) {
        // Discord answers with the commands it now has, ids added.
        auto commands = json::parse(r.body).as_array();
        for (auto& c : commands) {
            c.as_object()["id"] = "1300000000000000003";
        }
        return quiz::test::upstream_reply{200, {{"Content-Type", "application/json"}}, json::serialize(commands)};
    });
    const auto global = run(env_for(api), std::nullopt);
    INFO(global.err);
    REQUIRE(global.code == 0);
    CHECK(global.out.starts_with("registered globally: /quiz (id 1300000000000000003)\n"));
    const auto guild = run(env_for(api), "290926798626357999");
    REQUIRE(guild.code == 0);
    CHECK(guild.out == "registered in server 290926798626357999: /quiz (id 1300000000000000003)\n");

    const auto seen = api.seen();
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].method == "PUT");
    CHECK(seen[0].target == "/api/v10/applications/1100000000000000001/commands");
    CHECK(seen[1].target == "/api/v10/applications/1100000000000000001/guilds/290926798626357999/commands");
    CHECK(seen[0].fields.at("authorization") == "Bot " + bot_token);
    CHECK(seen[0].fields.at("user-agent") == "DiscordBot (https://quiz.example.org, 0.1.0)");
    CHECK(seen[0].fields.at("content-type") == "application/json");
    quiz::test::keep_body("commands", "register", seen[0].body);

    const auto body = json::parse(seen[0].body).as_array();
    REQUIRE(body.size() == 1);
    const auto& quiz = body[0].as_object();
    CHECK(quiz.at("name") == "quiz");
    CHECK(json::serialize(quiz.at("integration_types")) == "[0,1]");
    CHECK(json::serialize(quiz.at("contexts")) == "[0,1,2]");
    std::map<std::string, std::string> french;
    for (const auto& sub : quiz.at("options").as_array()) {
        const auto& o = sub.as_object();
        CHECK(o.at("type").as_int64() == 1);
        CHECK(o.at("description_localizations").as_object().contains("fr"));
        const auto* fr = o.if_contains("name_localizations");
        french[std::string(o.at("name").as_string())] = fr != nullptr ? std::string(fr->at("fr").as_string())
                                                                      : std::string(o.at("name").as_string());
    }
    CHECK(french == std::map<std::string, std::string>{{"start", "commencer"},
                                                       {"review", "réviser"},
                                                       {"stats", "stats"},
                                                       {"lang", "langue"},
                                                       {"forget-me", "oublie-moi"},
                                                       {"help", "aide"},
                                                       {"group", "groupe"},
                                                       {"remind", "rappel"},
                                                       {"report", "rapport"}});
    // /quiz group [pack] [questions] [seconds]: the bounds the rounds keep to, checked by Discord's client first.
    const auto subcommand = [&quiz](std::string_view name) {
        for (const auto& sub : quiz.at("options").as_array()) {
            if (sub.at("name").as_string() == name) {
                return sub.as_object();
            }
        }
        FAIL("no subcommand " << name);
        return json::object{};
    };
    const auto group = subcommand("group");
    const auto& options = group.at("options").as_array();
    REQUIRE(options.size() == 3);
    CHECK(options[0].at("name") == "pack");
    CHECK(options[0].at("type").as_int64() == 3);
    CHECK(options[1].at("name") == "questions");
    CHECK(options[1].at("type").as_int64() == 4);
    CHECK(options[1].at("min_value").as_int64() == 1);
    CHECK(options[1].at("max_value").as_int64() == 20);
    CHECK(options[2].at("name") == "seconds");
    CHECK(options[2].at("name_localizations").at("fr") == "secondes");
    CHECK(options[2].at("min_value").as_int64() == 10);
    CHECK(options[2].at("max_value").as_int64() == 300);
    // /quiz report [pack] [here]: `here` a boolean, so Discord's client offers true and false.
    const auto report = subcommand("report");
    const auto& report_options = report.at("options").as_array();
    REQUIRE(report_options.size() == 2);
    CHECK(report_options[0].at("name") == "pack");
    CHECK(report_options[0].at("required") == false);
    CHECK(report_options[1].at("name") == "here");
    CHECK(report_options[1].at("type").as_int64() == 5);
    CHECK(report_options[1].at("name_localizations").at("fr") == "ici");
    CHECK(global.out.find(bot_token) == std::string::npos);
    CHECK(global.err.find(bot_token) == std::string::npos);
}

TEST_CASE("register-commands: reports Discord's errors clearly, never the token", "[discord]")
{
    quiz::test::fake_upstream api([](const quiz::test::upstream_request&, int index) {
        if (index == 0) {
            return quiz::test::upstream_reply{
                400,
                {{"Content-Type", "application/json"}},
                R"({"code":50035,"message":"Invalid Form Body","errors":{"0":{"options":{"1":{"name":{"_errors":)"
                R"([{"code":"APPLICATION_COMMAND_INVALID_NAME","message":"Command name is invalid"}]}}}}}})"};
        }
        return quiz::test::upstream_reply{
            401, {{"Content-Type", "application/json"}}, R"({"message":"401: Unauthorized","code":0})"};
    });
    const auto invalid = run(env_for(api), std::nullopt);
    CHECK(invalid.code == 1);
    CHECK(invalid.err.find("error: Discord refused the commands (HTTP 400): code 50035, Invalid Form Body\n") !=
          std::string::npos);
    CHECK(invalid.err.find("  0.options.1.name: Command name is invalid [APPLICATION_COMMAND_INVALID_NAME]\n") !=
          std::string::npos);

    const auto unauthorized = run(env_for(api), std::nullopt);
    CHECK(unauthorized.code == 1);
    CHECK(unauthorized.err.find("(HTTP 401): code 0, 401: Unauthorized") != std::string::npos);
    CHECK(unauthorized.err.find("Check DISCORD_BOT_TOKEN") != std::string::npos);
    CHECK(invalid.err.find(bot_token) == std::string::npos);
    CHECK(unauthorized.err.find(bot_token) == std::string::npos);
}

TEST_CASE("register-commands: missing settings are usage errors and nothing is sent", "[discord]")
{
    quiz::test::fake_upstream api(
        [](const quiz::test::upstream_request&, int) { return quiz::test::upstream_reply{}; });
    auto values = env_for(api);
    values.erase("DISCORD_BOT_TOKEN");
    values.erase("DISCORD_APPLICATION_ID");
    const auto missing = run(values, std::nullopt);
    CHECK(missing.code == 2);
    CHECK(missing.err.find("error: DISCORD_APPLICATION_ID is not set") != std::string::npos);
    CHECK(missing.err.find("error: DISCORD_BOT_TOKEN is not set") != std::string::npos);
    const auto bad_guild = run(env_for(api), "my-server");
    CHECK(bad_guild.code == 2);
    CHECK(bad_guild.err == "error: --guild expects a server id (digits only)\n");

    const auto unreachable = [] {
        std::map<std::string, std::string, std::less<>> v{{"DISCORD_APPLICATION_ID", "1"},
                                                          {"DISCORD_BOT_TOKEN", bot_token},
                                                          {"DISCORD_API_BASE", "http://127.0.0.1:9/api/v10"}};
        return run(v, std::nullopt);
    }();
    CHECK(unreachable.code == 1);
    CHECK(unreachable.err.starts_with("error: could not reach Discord at http://127.0.0.1:9/api/v10: "));
    CHECK(api.requests() == 0);
}

} // namespace discord_register_commands_test
