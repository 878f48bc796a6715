// SPDX-License-Identifier: MIT
// How a round's message is kept up to date on Discord: each change a letter of the outbox keyed by its round, sent as
// an edit of the message through a fake Discord on loopback; an expired token writes nothing; and the round
// message's rendering.
#include "bot/discord/component_ids.hpp"
#include "bot/discord/round_letters.hpp"
#include "bot/discord/round_render.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/service_metrics.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/fake_upstream.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <thread>

namespace discord_round_letters_test {

namespace {

using namespace std::chrono_literals;
using namespace quiz::bot::discord;
namespace json = boost::json;
using quiz::bot::tutoring::round_screen;

const quiz::engine::instant now = std::chrono::time_point_cast<std::chrono::milliseconds>(
    std::chrono::sys_days{std::chrono::year{2026} / 3 / 2} + 9h);

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

/// round_letters with a real outbound client on its own IO thread, sending to a fake Discord on loopback that
/// answers each request with the status the test set.
struct rig {
    std::atomic<unsigned> status{200};
    quiz::test::fake_upstream discord{[this](const quiz::test::upstream_request&, int) {
        return quiz::test::upstream_reply{
            status.load(), {{"Content-Type", "application/json"}}, R"({"id":"1"})", 0ms, false};
    }};
    std::shared_ptr<quiz::test::capture_sink> sink = std::make_shared<quiz::test::capture_sink>();
    spdlog::logger log{"test", sink};
    quiz::bot::metrics::registry registry;
    quiz::bot::service_metrics metrics{registry};
    boost::asio::io_context io;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work = boost::asio::make_work_guard(io);
    std::optional<quiz::bot::outbound::client> client;
    std::string public_url = "https://quiz.example.org";
    std::optional<round_letters> letters;
    std::thread thread;

    explicit rig(std::string application = "1100000000000000001")
    {
        quiz::bot::outbound::client_options options;
        options.use_system_store = false;
        options.max_attempts = 1; // each status as the letter's sender sees it, not retried by the client
        client.emplace(io, options, log, metrics);
        round_letter_settings settings;
        settings.api_base = "http://127.0.0.1:" + std::to_string(discord.port()) + "/api/v10";
        settings.application_id = std::move(application);
        settings.public_url = &public_url;
        letters.emplace(*client, log, settings);
        thread = std::thread([this] { io.run(); });
    }
    ~rig()
    {
        client.reset();
        work.reset();
        io.stop();
        thread.join();
    }
    rig(const rig&) = delete;
    rig& operator=(const rig&) = delete;

    quiz::bot::tutoring::delivery send(const std::string& payload)
    {
        std::promise<quiz::bot::tutoring::delivery> done;
        auto future = done.get_future();
        letters->send(payload, [&done](quiz::bot::tutoring::delivery d) { done.set_value(d); });
        REQUIRE(future.wait_for(30s) == std::future_status::ready);
        return future.get();
    }
};

} // namespace

TEST_CASE("round letters: a change is one letter keyed by its round that edits @original while its token lives",
          "[discord]")
{
    rig r;
    const auto first = r.letters->write(open_screen(3, "token3", now - 5min), now);
    REQUIRE(first);
    CHECK(first->kind == "discord.round");
    CHECK(first->key == "discord:round:42");
    CHECK(first->valid_for == 10min); // what is left of the token's 15 minutes
    // A newer state of the same round has the same key: the outbox keeps only the newest one waiting.
    const auto later = r.letters->write(open_screen(50, "token50", now - 1s), now);
    REQUIRE(later);
    CHECK(later->key == first->key);
    CHECK(later->valid_for == 14min + 59s);

    CHECK(r.send(later->payload) == quiz::bot::tutoring::delivery::sent);
    const auto seen = r.discord.seen();
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].method == "PATCH");
    CHECK(seen[0].target == "/api/v10/webhooks/1100000000000000001/token50/messages/@original");
    const auto body = json::parse(seen[0].body).as_object();
    CHECK(std::string(body.at("content").as_string()).find("50 of 60 answered") != std::string::npos);
    CHECK_FALSE(r.letters->behind(quiz::engine::round_id{42}));
}

TEST_CASE("round letters: an expired token writes nothing and the message is behind until an edit goes through",
          "[discord]")
{
    rig r;
    CHECK_FALSE(r.letters->write(open_screen(3, "old", now - 15min), now));
    CHECK(r.sink->contains("discord round edit skipped round=42 revision="));
    CHECK(r.sink->contains("reason=token_expired"));
    CHECK(r.letters->behind(quiz::engine::round_id{42}));
    // The same version again, with a click's fresh token: it goes, and the message is up to date.
    const auto fresh = r.letters->write(open_screen(3, "fresh", now - 1s), now);
    REQUIRE(fresh);
    CHECK(r.send(fresh->payload) == quiz::bot::tutoring::delivery::sent);
    CHECK_FALSE(r.letters->behind(quiz::engine::round_id{42}));

    // Refused by Discord (401: expired by its own clock): not tried again, and behind until another token shows it.
    r.status = 401;
    CHECK(r.send(fresh->payload) == quiz::bot::tutoring::delivery::refused);
    CHECK(r.sink->contains("discord round edit refused round=42 status=401"));
    CHECK(r.letters->behind(quiz::engine::round_id{42}));
    // A Discord that fails or limits the rate: tried again later.
    r.status = 500;
    CHECK(r.send(fresh->payload) == quiz::bot::tutoring::delivery::failed);
    r.status = 429;
    CHECK(r.send(fresh->payload) == quiz::bot::tutoring::delivery::failed);
    CHECK(r.discord.seen().size() == 4);
}

TEST_CASE("round letters: nothing for another platform's round, without an application id, or unreadable", "[discord]")
{
    rig unnamed("");
    CHECK_FALSE(unnamed.letters->write(open_screen(1, "t", now), now));
    CHECK(unnamed.sink->contains("reason=no_application_id"));
    unnamed.letters->learn_application("1100000000000000009");
    const auto named = unnamed.letters->write(open_screen(1, "t", now), now);
    REQUIRE(named);
    CHECK(json::parse(named->payload).at("application") == "1100000000000000009");

    rig r;
    auto slack = open_screen(2, "x", now);
    slack.platform = "slack";
    CHECK_FALSE(r.letters->write(slack, now));
    auto tokenless = open_screen(2, "", now);
    CHECK_FALSE(r.letters->write(tokenless, now));
    CHECK(r.send("{\"round\":42}") == quiz::bot::tutoring::delivery::refused);
    CHECK(r.sink->contains("discord round letter unreadable: dropped"));
    CHECK(r.discord.seen().empty());
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

} // namespace discord_round_letters_test
