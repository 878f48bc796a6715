// SPDX-License-Identifier: MIT
// How a round's message is kept up to date on Discord, with the transport in the test's hands: a burst of answers
// becomes few edits, the newest version wins, an expired token edits nothing; and the round message's rendering.
#include "bot/discord/component_ids.hpp"
#include "bot/discord/round_edits.hpp"
#include "bot/discord/round_render.hpp"
#include "tests/bot/http/support/capture_sink.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace discord_round_edits_test {

namespace {

using namespace std::chrono_literals;
using namespace quiz::bot::discord;
namespace json = boost::json;
using quiz::bot::tutoring::round_screen;

const quiz::engine::instant now = std::chrono::time_point_cast<std::chrono::milliseconds>(
    std::chrono::sys_days{std::chrono::year{2026} / 3 / 2} + 9h);

/// Requests handed to Discord, answered when the test says.
struct held_transport {
    std::mutex mutex;
    std::vector<std::pair<quiz::bot::outbound::request, std::function<void(quiz::bot::outbound::result)>>> calls;

    discord_transport function()
    {
        return [this](quiz::bot::outbound::request req, std::function<void(quiz::bot::outbound::result)> done) {
            const std::lock_guard lock(mutex);
            calls.emplace_back(std::move(req), std::move(done));
        };
    }
    std::size_t size()
    {
        const std::lock_guard lock(mutex);
        return calls.size();
    }
    /// Answers call `i` with `status`.
    void answer(std::size_t i, unsigned status = 200)
    {
        std::function<void(quiz::bot::outbound::result)> done;
        {
            const std::lock_guard lock(mutex);
            done = calls.at(i).second;
        }
        quiz::bot::outbound::result r;
        r.resp.status = status;
        r.attempts = 1;
        done(r);
    }
    json::object body(std::size_t i)
    {
        const std::lock_guard lock(mutex);
        return json::parse(calls.at(i).first.body).as_object();
    }
    std::string url(std::size_t i)
    {
        const std::lock_guard lock(mutex);
        return calls.at(i).first.url;
    }
};

round_screen open_screen(int answered, const std::string& token, quiz::engine::instant token_at)
{
    round_screen s;
    s.round = quiz::engine::round_id{42};
    s.platform = "discord";
    s.channel = "1200000000000000002";
    s.host_name = "Hana";
    s.number = 1;
    s.questions = 3;
    s.answered = answered;
    s.players = 60;
    quiz::engine::question_card card;
    card.sequence = 1;
    card.stem = "Which one?";
    card.choices = {"this", "that"};
    card.deadline = now + 30s;
    s.card = card;
    s.revision = (std::uint64_t{4} << 32) + (static_cast<std::uint64_t>(answered) << 16) + 60;
    s.message = quiz::engine::round_message{"", token, token_at, 0};
    return s;
}

struct rig {
    held_transport transport;
    std::shared_ptr<quiz::test::capture_sink> sink = std::make_shared<quiz::test::capture_sink>();
    spdlog::logger log{"test", sink};
    std::string public_url = "https://quiz.example.org";
    std::shared_ptr<round_edits> edits;

    rig()
    {
        round_edit_settings settings;
        settings.api_base = "https://discord.test/api/v10";
        settings.application_id = "1100000000000000001";
        settings.public_url = &public_url;
        edits = std::make_shared<round_edits>(
            transport.function(), [] { return now; }, log, settings);
    }
};

} // namespace

TEST_CASE("round edits: a burst of fifty answers becomes two edits, the last one showing all fifty", "[discord]")
{
    rig r;
    for (int answered = 1; answered <= 50; ++answered) {
        r.edits->publish(open_screen(answered, "token" + std::to_string(answered), now));
    }
    // One edit in flight per message: the first answer's; the others wait, only the newest kept.
    REQUIRE(r.transport.size() == 1);
    CHECK(r.transport.url(0) == "https://discord.test/api/v10/webhooks/1100000000000000001/token1/messages/@original");
    r.transport.answer(0);
    REQUIRE(r.transport.size() == 2);
    CHECK(r.transport.url(1).ends_with("/token50/messages/@original")); // the freshest token
    CHECK(std::string(r.transport.body(1).at("content").as_string()).find("50 of 60 answered") != std::string::npos);
    r.transport.answer(1);
    CHECK(r.transport.size() == 2);
    CHECK(r.edits->edits_sent() == 2);
    CHECK(r.edits->edits_sent() < 50);

    // An older version arriving late (a reply delivered after the publish hook's) changes nothing.
    r.edits->publish(open_screen(49, "token49", now));
    r.edits->publish(open_screen(50, "token50", now));
    CHECK(r.transport.size() == 2);
    CHECK_FALSE(r.edits->behind(quiz::engine::round_id{42}));
}

TEST_CASE("round edits: an expired token edits nothing until a click brings a fresh one", "[discord]")
{
    rig r;
    r.edits->publish(open_screen(3, "old", now - 15min));
    CHECK(r.transport.size() == 0);
    CHECK(r.sink->contains("discord round edit skipped round=42 revision="));
    CHECK(r.sink->contains("reason=token_expired token_age_s=900"));
    CHECK(r.edits->behind(quiz::engine::round_id{42}));
    // The same version again, with a click's fresh token: now it goes.
    r.edits->publish(open_screen(3, "fresh", now - 1s));
    REQUIRE(r.transport.size() == 1);
    CHECK(r.transport.url(0).ends_with("/fresh/messages/@original"));
    r.transport.answer(0);
    CHECK_FALSE(r.edits->behind(quiz::engine::round_id{42}));

    // Refused by Discord (401: expired by its own clock): behind until another token shows it.
    r.edits->publish(open_screen(4, "refused", now - 14min));
    r.transport.answer(1, 401);
    CHECK(r.sink->contains("discord round edit refused round=42"));
    CHECK(r.edits->behind(quiz::engine::round_id{42}));
    r.edits->publish(open_screen(4, "refused", now - 14min)); // the same token again: no use
    CHECK(r.transport.size() == 2);
    r.edits->publish(open_screen(4, "another", now));
    CHECK(r.transport.size() == 3);
}

TEST_CASE("round edits: the command's own answer is not edited over", "[discord]")
{
    rig r;
    r.edits->expect_response("command");
    const auto first = open_screen(0, "command", now);
    r.edits->publish(first); // the rounds' publish hook, before the command's answer went out
    CHECK(r.transport.size() == 0);
    r.edits->responded("command", &first);
    r.edits->publish(first); // or after it
    CHECK(r.transport.size() == 0);
    r.edits->publish(open_screen(1, "click", now));
    CHECK(r.transport.size() == 1);
    // Other platforms' rounds are not Discord's to show.
    auto slack = open_screen(2, "x", now);
    slack.platform = "slack";
    r.edits->publish(slack);
    CHECK(r.transport.size() == 1);
}

TEST_CASE("round message: buttons carry the round and the question, names are plain text", "[discord]")
{
    const auto open = round_message(open_screen(2, "t", now), {"https://quiz.example.org"});
    const std::string content(open.at("content").as_string());
    CHECK(content.starts_with("**Question 1 of 3** · Host: Hana\n\nWhich one?\n\nA. this\nB. that\n"));
    CHECK(content.find("2 of 60 answered · Closes <t:") != std::string::npos);
    CHECK(json::serialize(open.at("allowed_mentions")) == R"({"parse":[]})");
    const auto& rows = open.at("components").as_array();
    REQUIRE(rows.size() == 2);
    CHECK(json::serialize(rows[0].at("components").as_array()[1].at("custom_id")) == R"("quiz:ra:42:1:1")");
    CHECK(json::serialize(rows[1].at("components").as_array()[0].at("custom_id")) == R"("quiz:rr:42:1")");

    CHECK(plain_name("*Bo_b* [x](y) <@1> @here `c`") ==
          "\\*Bo\\_b\\* \\[x\\]\\(y\\) \\<@\u200b1\\> @\u200bhere \\`c\\`");
    CHECK(plain_name("two\nlines") == "two lines");
    CHECK(text_bar(0, 0) == "\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591");
    CHECK(text_bar(2, 4) == "\u2588\u2588\u2588\u2588\u2588\u2591\u2591\u2591\u2591\u2591");
    CHECK(text_bar(3, 3) == "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588");
}

TEST_CASE("round message: a hundred players' scoreboard fits, the hardest question kept", "[discord]")
{
    auto board = open_screen(0, "t", now);
    board.at = round_screen::stage::ended;
    board.card.reset();
    for (int i = 0; i < 100; ++i) {
        quiz::engine::score_line line;
        line.rank = i + 1;
        line.present = 3;
        line.correct = 2;
        board.scores.push_back({"a member with a long name number " + std::to_string(i), line});
    }
    board.hardest = "Which one?";
    const auto shown = round_message(board, {"https://quiz.example.org"});
    const std::string content(shown.at("content").as_string());
    CHECK(content.starts_with("**Round over** · Host: Hana\n\n**Scoreboard**\n1. a member with a long name number 0: "
                              "2 of 3 (67%)\n"));
    CHECK(content.ends_with("\u2026\nHardest question: Which one?\n"));
    std::size_t chars = 0;
    for (const char c : content) {
        chars += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    }
    CHECK(chars <= 2000);
    const auto& rows = shown.at("components").as_array();
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].at("components").as_array()[0].at("custom_id") == "quiz:rm:42:1");
}

TEST_CASE("round button ids: round trip within 100 characters, anything else refused", "[discord]")
{
    using kind = round_button::kind;
    const round_button answer{kind::answer, quiz::engine::round_id{9007199254740993}, 4294967295U, 3};
    const auto id = round_custom_id(answer);
    CHECK(id == "quiz:ra:9007199254740993:4294967295:3");
    CHECK(id.size() <= max_custom_id);
    const auto back = parse_round_custom_id(id);
    REQUIRE(back);
    CHECK(back->what == kind::answer);
    CHECK(back->round.value() == 9007199254740993);
    CHECK(back->sequence == 4294967295U);
    CHECK(back->choice == 3);
    for (const auto& [what, text] : {std::pair{kind::reveal, "quiz:rr:7:2"}, std::pair{kind::next, "quiz:rn:7:2"},
                                     std::pair{kind::end, "quiz:re:7:2"}, std::pair{kind::review, "quiz:rm:7:2"}}) {
        const round_button b{what, quiz::engine::round_id{7}, 2, 0};
        CHECK(round_custom_id(b) == text);
        const auto parsed = parse_round_custom_id(text);
        REQUIRE(parsed);
        CHECK(parsed->what == what);
    }
    for (const auto* bad : {"quiz:ra:7:2", "quiz:rr:7:2:1", "quiz:rx:7:2", "quiz:rr:0:2", "quiz:rr:7:0", "quiz:rr:-7:2",
                            "quiz:rr:7:+2", "quiz:r", "quiz:a:1:2:0", "quiz:rra:7:2", "quiz:ra:7:2:x"}) {
        INFO(bad);
        CHECK_FALSE(parse_round_custom_id(bad));
    }
    // The learner's own buttons are not a round's, and a round's are not theirs.
    CHECK_FALSE(parse_custom_id("quiz:ra:7:2:0"));
}

} // namespace discord_round_edits_test
