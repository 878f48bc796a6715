// SPDX-License-Identifier: MIT
// `/quiz report` over HTTP on `quizbot serve` in-process: members of a server answer, its instructors (Administrator,
// Manage Server, a configured role) get the class's summary privately with a dashboard link that opens it; others
// are refused politely; the link opens that server's class only.
#include "tests/bot/discord/support/discord_server.hpp"
#include "tests/bot/discord/support/pack_answers.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <string>

namespace discord_report_test {

namespace {

using quiz::test::buttons_of;
using quiz::test::discord_server;
using quiz::test::discord_user;
using quiz::test::interaction_reply;
namespace json = boost::json;

const std::string guild = "290926798626357999";
const std::string other_guild = "290926798626358000";
const std::string teacher_role = "1300000000000000777";

discord_user member(const std::string& id, const std::string& name, const std::string& in_guild = guild)
{
    discord_user who;
    who.id = id;
    who.name = name;
    who.guild_id = in_guild;
    who.permissions = "0"; // VIEW_CHANNEL-less: nothing that makes an instructor
    return who;
}

/// The message as Discord shows it: a backslash before punctuation only keeps it from being markdown.
std::string content_of(const interaction_reply& r)
{
    const auto raw = std::string(r.body.at("data").at("content").as_string());
    std::string shown;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && std::ispunct(static_cast<unsigned char>(raw[i + 1])) != 0) {
            ++i;
        }
        shown += raw[i];
    }
    return shown;
}

bool is_ephemeral(const interaction_reply& r)
{
    const auto& data = r.body.at("data").as_object();
    return data.contains("flags") && (data.at("flags").as_int64() & 64) != 0;
}

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

/// Answers `questions` questions of a session in the server (rightly when `right`), Next after each.
void answer(discord_server& s, const discord_user& who, int questions, bool right)
{
    auto current = s.command(who, "start");
    for (int i = 0; i < questions; ++i) {
        REQUIRE(current.status == 200);
        const auto data = current.body.at("data").as_object();
        const auto buttons = buttons_of(data);
        REQUIRE(buttons.size() >= 2);
        REQUIRE(buttons.front().custom_id.starts_with("quiz:a:"));
        const std::size_t pick =
            right
                ? quiz::test::right_button(std::string(data.at("content").as_string()), buttons)
                : (quiz::test::right_button(std::string(data.at("content").as_string()), buttons) + 1) % buttons.size();
        const auto told = s.click(who, data, buttons[pick].custom_id);
        REQUIRE(told.status == 200);
        const auto feedback = told.body.at("data").as_object();
        current = s.click(who, feedback, buttons_of(feedback).back().custom_id);
    }
}

std::int64_t first_attempts(const discord_server& s)
{
    return s.database().count("SELECT count(*) FROM attempt a JOIN workspace w ON w.id = a.workspace_id"
                              " WHERE a.first_attempt = 1 AND w.external_id = '" +
                              guild + "'");
}

/// The link button's URL of a report reply ("" when it has none).
std::string link_of(const interaction_reply& r)
{
    const auto* rows = r.body.at("data").as_object().if_contains("components");
    if (rows == nullptr) {
        return {};
    }
    for (const auto& row : rows->as_array()) {
        for (const auto& c : row.at("components").as_array()) {
            const auto& b = c.as_object();
            if (b.contains("url")) {
                CHECK(b.at("style").as_int64() == 5); // LINK
                CHECK_FALSE(b.contains("custom_id"));
                return std::string(b.at("url").as_string());
            }
        }
    }
    return {};
}

/// The path and query of a link to the server under test (QUIZBOT_PUBLIC_URL is https://quiz.example.org).
std::string target_of(const std::string& url)
{
    const std::string base = "https://quiz.example.org";
    REQUIRE(url.starts_with(base + "/reports?"));
    return url.substr(base.size());
}

json::array here_option() { return json::array{json::object{{"name", "here"}, {"type", 5}, {"value", true}}}; }

} // namespace

TEST_CASE("report: a server's instructors get its summary privately, with a link that opens its dashboard",
          "[discord][report]")
{
    discord_server s({{"DISCORD_INSTRUCTOR_ROLES", "1300000000000000776, " + teacher_role}});
    answer(s, member("80351110224678921", "Ada"), 4, true);
    answer(s, member("80351110224678922", "Blaise"), 4, false);
    answer(s, member("80351110224678923", "Cyrano", other_guild), 2, true); // another server's class

    auto admin = member("80351110224678930", "Prof Admin");
    admin.permissions = "8"; // ADMINISTRATOR
    const auto report = s.command(admin, "report");
    REQUIRE(report.status == 200);
    CHECK(report.body.at("type").as_int64() == 4);
    CHECK(is_ephemeral(report));
    const auto text = content_of(report);
    INFO(text);
    CHECK(text.starts_with("**Class report · "));
    CHECK(has(text, "Learners: 2 active in the last 7 days, 2 in all."));
    // Ada's answers are all right and all first attempts; Blaise's are all wrong, and a missed question may come
    // back within his session as a retry, which is no first attempt.
    const auto first = first_attempts(s);
    CHECK(has(text, "Answers: 8; first attempts right: " +
                        std::to_string(std::lround(400.0 / static_cast<double>(first))) + "%."));
    CHECK(has(text, "Learners needing help:"));
    CHECK(has(text, "-# This link is yours"));
    CHECK_FALSE(has(text, "Cyrano"));
    const auto url = link_of(report);
    CHECK(has(url, "scope=discord%3A" + guild));
    CHECK(has(url, "by=discord%3A80351110224678930"));
    CHECK(has(url, "&lang=en&pack=zero-sharded"));

    // The link opens this server's dashboard: its learners, not the other server's.
    quiz::test::loopback_client web(s.port());
    const auto overview = web.request("GET", target_of(url));
    REQUIRE(overview);
    CHECK(overview->status == 200);
    const auto learners = web.request("GET", "/reports/learners" + target_of(url).substr(8) + "&format=csv");
    REQUIRE(learners);
    CHECK(learners->status == 200);
    CHECK(has(learners->body, "Ada"));
    CHECK(has(learners->body, "Blaise"));
    CHECK_FALSE(has(learners->body, "Cyrano"));
    // The same link made to name the other server is refused.
    auto moved = target_of(url);
    moved.replace(moved.find(guild), guild.size(), other_guild);
    const auto refused = web.request("GET", moved);
    REQUIRE(refused);
    CHECK(refused->status == 401);

    // Manage Server makes an instructor; so does a configured role; the language follows the client's.
    auto manager = member("80351110224678931", "Prof Manager");
    manager.permissions = "32"; // MANAGE_GUILD
    manager.locale = "fr";
    const auto french = s.command(manager, "report");
    CHECK(is_ephemeral(french));
    CHECK(content_of(french).starts_with("**Rapport de la classe · "));
    CHECK(has(content_of(french), "Apprenants\u00a0: 2 actifs ces 7 derniers jours, 2 en tout."));
    CHECK(has(link_of(french), "&lang=fr"));
    // A language chosen with /quiz lang wins over the client's, as in the instructor's own sessions.
    // (Chosen in the bot's DM: a command in the server would make the instructor one of its learners.)
    auto chooser = member("80351110224678933", "Prof Lang");
    chooser.permissions = "8";
    auto chooser_in_dm = chooser;
    chooser_in_dm.guild_id.clear();
    REQUIRE(s.command(chooser_in_dm, "lang", {{"language", "fr"}}).status == 200);
    const auto chosen = s.command(chooser, "report");
    CHECK(content_of(chosen).starts_with("**Rapport de la classe · "));
    CHECK(has(link_of(chosen), "&lang=fr"));
    auto teacher = member("80351110224678932", "Prof Role");
    teacher.roles = {"1200000000000000001", teacher_role};
    const auto by_role = s.command(teacher, "report");
    CHECK(has(content_of(by_role), "2 in all"));
    CHECK(has(link_of(by_role), "by=discord%3A80351110224678932"));

    // `here`: only those who played a round in this channel (nobody yet).
    const auto here = s.typed_command(admin, "report", here_option());
    CHECK(is_ephemeral(here));
    CHECK(has(content_of(here), " · this channel**"));
    CHECK(has(content_of(here), "0 in all"));
    CHECK(has(link_of(here), "%2F" + admin.channel_id));
}

TEST_CASE("report: a member without the rights, and anyone in a DM, are refused politely and privately",
          "[discord][report]")
{
    discord_server s({{"DISCORD_INSTRUCTOR_ROLES", teacher_role}});
    answer(s, member("80351110224678921", "Ada"), 1, true);

    auto learner = member("80351110224678924", "Dora");
    learner.permissions = "3072"; // VIEW_CHANNEL and SEND_MESSAGES: an ordinary member
    learner.roles = {"1200000000000000001"};
    const auto refused = s.command(learner, "report");
    REQUIRE(refused.status == 200);
    INFO(content_of(refused));
    CHECK(is_ephemeral(refused));
    CHECK(content_of(refused).starts_with("Class reports are for instructors"));
    CHECK(has(content_of(refused), "/quiz stats"));
    CHECK(link_of(refused).empty());
    CHECK_FALSE(has(content_of(refused), "Ada"));

    discord_user in_dm; // the bot's DM: no server, so no class
    const auto dm = s.command(in_dm, "report");
    REQUIRE(dm.status == 200);
    CHECK(content_of(dm).starts_with("A class report is about a server"));
    CHECK(link_of(dm).empty());
}

} // namespace discord_report_test
