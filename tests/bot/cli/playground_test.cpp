// SPDX-License-Identifier: MIT
// The playground's API over real loopback sockets, on `quizbot serve` in-process with the shipped pack.
#include "bot/cli/command.hpp"
#include "bot/cli/serve.hpp"
#include "bot/http/server.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/failing_disk.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/http/support/serve_in_process.hpp"
#include "tests/support/action_sequence.hpp"
#include "tests/support/right_choice.hpp"
#include "tests/support/temp_dir.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <catch2/catch.hpp>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <atomic>
#include <future>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace cli_playground_test {

namespace {

using namespace std::chrono_literals;
namespace json = boost::json;

/// `quizbot serve` on 127.0.0.1 with a free port and a fresh database, stopped at scope exit.
class playground_server {
public:
    explicit playground_server(const std::string& playground = "",
                               const std::function<void(quiz::bot::cli::serve_hooks&)>& customise = {},
                               const quiz::test::serve_in_process::variables& extra = {})
        : serving_(variables(dir_, playground, extra), customise)
    {
    }

    [[nodiscard]] std::uint16_t port() const { return serving_.port(); }
    [[nodiscard]] std::string database() const { return (dir_.path() / "quizbot.db").string(); }

private:
    static quiz::test::serve_in_process::variables variables(const quiz::test::temp_dir& dir,
                                                             const std::string& playground,
                                                             const quiz::test::serve_in_process::variables& extra)
    {
        quiz::test::serve_in_process::variables values{
            {"QUIZBOT_DB", (dir.path() / "quizbot.db").string()},
            {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
            {"QUIZBOT_THREADS", "2"}};
        if (!playground.empty()) {
            values.emplace("QUIZBOT_PLAYGROUND", playground);
        }
        values.insert(extra.begin(), extra.end());
        return values;
    }

    quiz::test::temp_dir dir_; // before the server, which opens a database in it
    quiz::test::serve_in_process serving_;
};

struct json_reply {
    unsigned status = 0;
    json::object body;
    std::string content_type;
};

json_reply call(quiz::test::loopback_client& c, std::string_view method, std::string_view target,
                const std::string& body = {})
{
    const auto reply = c.request(method, target, body, body.empty() ? "" : "Content-Type: application/json\r\n");
    REQUIRE(reply);
    const auto parsed = json::parse(reply->body);
    REQUIRE(parsed.is_object());
    return {reply->status, parsed.as_object(), reply->field("content-type")};
}

std::string text(const json::value& v) { return std::string(v.as_string()); }

/// The learner's progress, the token sent as a bearer credential (never in the URL).
json_reply stats_of(quiz::test::loopback_client& c, const std::string& learner, std::string_view query = "")
{
    const auto reply =
        c.request("GET", "/api/play/stats" + std::string(query), {}, "Authorization: Bearer " + learner + "\r\n");
    REQUIRE(reply);
    const auto parsed = json::parse(reply->body);
    REQUIRE(parsed.is_object());
    return {reply->status, parsed.as_object(), reply->field("content-type")};
}

std::string answer_body(const std::string& learner, std::int64_t session, std::int64_t sequence, int choice)
{
    return json::serialize(
        json::object{{"learner", learner}, {"session", session}, {"sequence", sequence}, {"choice", choice}});
}

/// The value of one series in the /metrics text (the whole line up to the value must match), or -1 when absent.
double metric_value(const std::string& text, const std::string& series)
{
    const auto at = text.find("\n" + series + " ");
    if (at == std::string::npos) {
        return -1;
    }
    return std::stod(text.substr(at + series.size() + 2));
}

std::string scrape(quiz::test::loopback_client& c)
{
    const auto reply = c.request("GET", "/metrics");
    REQUIRE(reply);
    REQUIRE(reply->status == 200);
    return reply->body;
}

} // namespace

TEST_CASE("playground: while too much work waits, a new action is answered 503 with Retry-After and records nothing",
          "[playground][overload]")
{
    std::atomic<bool> held{true};
    playground_server s("",
                        [&held](quiz::bot::cli::serve_hooks& hooks) {
                            hooks.look_every = 0ms;
                            hooks.before_unit = [&held] { // every unit waits until the test lets them go
                                while (held) {
                                    std::this_thread::sleep_for(5ms);
                                }
                            };
                        },
                        {{"QUIZBOT_EXPIRE_ANONYMOUS_DAYS", "0"}, {"QUIZBOT_MAX_QUEUED_ACTIONS", "1"}});
    // New learners start sessions one after another; each waits in the writer's queue, until one is refused at once.
    // The server's own units at start (the look for deadlines, the outbox's) also wait for a moment: a session refused
    // while they wait, before any is admitted, is refused the same way, and the test goes on with the next.
    std::vector<std::future<unsigned>> held_back;
    std::optional<quiz::test::http_reply> refused;
    int refusals = 0;
    const auto start = [port = s.port()] {
        quiz::test::loopback_client c(port);
        return c.request("POST", "/api/play/session", R"({"lang":"en"})", "Content-Type: application/json\r\n");
    };
    for (int i = 0; i < 40 && (held_back.empty() || !refused); ++i) {
        auto next = std::async(std::launch::async, start);
        if (next.wait_for(300ms) != std::future_status::ready) {
            held_back.push_back(std::async(std::launch::async, [pending = std::move(next)]() mutable {
                const auto reply = pending.get();
                return reply ? reply->status : 0U;
            }));
            continue;
        }
        refused = next.get();
        REQUIRE(refused);
        REQUIRE(refused->status == 503);
        ++refusals;
        if (held_back.empty()) {
            std::this_thread::sleep_for(20ms);
        }
    }
    REQUIRE(refused);
    CHECK(refused->status == 503);
    CHECK(refused->field("retry-after") == "1");
    CHECK(refused->body.find("busy") != std::string::npos);
    REQUIRE_FALSE(held_back.empty());
    quiz::test::loopback_client c(s.port());
    CHECK(metric_value(scrape(c), R"(quizbot_refused_busy_total{platform="web"})") == refusals);
    held = false;
    for (auto& f : held_back) {
        CHECK(f.get() == 200);
    }
    SQLite::Database db(s.database(), SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("SELECT count(*) FROM learner WHERE platform = 'web'").getInt64() ==
          static_cast<std::int64_t>(held_back.size()));
}

TEST_CASE("playground: /metrics counts the answers recorded, by source, and the write transactions",
          "[playground][metrics]")
{
    // No expiry sweep, and the look for deadlines only once, at start: their units are transactions too.
    playground_server s("", [](quiz::bot::cli::serve_hooks& hooks) { hooks.look_every = 0ms; },
                        {{"QUIZBOT_EXPIRE_ANONYMOUS_DAYS", "0"}});
    quiz::test::loopback_client c(s.port());
    auto before = scrape(c);
    for (int i = 0; i < 200 && metric_value(before, "quizbot_db_transaction_duration_seconds_count") < 1; ++i) {
        std::this_thread::sleep_for(10ms);
        before = scrape(c);
    }
    CHECK(metric_value(before, R"(quizbot_answers_recorded_total{source="web"})") == 0);
    CHECK(metric_value(before, R"(quizbot_answers_recorded_total{source="discord"})") == 0);
    CHECK(metric_value(before, R"(quizbot_answers_recorded_total{source="slack"})") == 0);
    CHECK(metric_value(before, "quizbot_db_transaction_duration_seconds_count") == 1); // the look at start

    const auto started = call(c, "POST", "/api/play/session", R"({"lang":"en"})");
    REQUIRE(started.status == 200);
    const std::string learner = text(started.body.at("learner"));
    const auto session = started.body.at("session").as_int64();
    auto sequence = started.body.at("card").at("sequence").as_int64();
    const auto first = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 0));
    REQUIRE(first.status == 200);
    const auto after_one = scrape(c);
    CHECK(metric_value(after_one, R"(quizbot_answers_recorded_total{source="web"})") == 1);
    // One client waiting for each answer: every unit (the start, the answer) had a transaction of its own.
    CHECK(metric_value(after_one, "quizbot_db_transaction_duration_seconds_count") == 1 + 2);
    CHECK(metric_value(after_one, "quizbot_db_transaction_duration_seconds_sum") > 0);

    // Neither a replay nor a stale answer records anything; the next card's answer does.
    CHECK(text(call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 1)).body.at("status")) ==
          "replayed");
    CHECK(call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence + 7, 0)).status == 409);
    sequence = first.body.at("card").at("sequence").as_int64();
    REQUIRE(call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 0)).status == 200);
    const auto after = scrape(c);
    CHECK(metric_value(after, R"(quizbot_answers_recorded_total{source="web"})") == 2);
    CHECK(metric_value(after, R"(quizbot_answers_recorded_total{source="discord"})") == 0);
    CHECK(metric_value(after, "quizbot_db_transaction_duration_seconds_count") == 1 + 5);
}

TEST_CASE("playground: a three-question run records answers and shows feedback, explanations and the next card",
          "[playground]")
{
    playground_server s;
    quiz::test::loopback_client c(s.port());
    const auto started = call(c, "POST", "/api/play/session", R"({"lang":"en"})");
    REQUIRE(started.status == 200);
    const std::string learner = text(started.body.at("learner"));
    CHECK(learner.size() == 65); // the learner's id and the server's tag over it, 32 hex digits each
    CHECK(learner[32] == '.');
    CHECK(text(started.body.at("pack")) == "zero-sharded");
    const auto session = started.body.at("session").as_int64();
    auto card = started.body.at("card").as_object();
    CHECK(text(card.at("header")).starts_with("New question 1 of "));
    CHECK(card.at("choices").as_array().size() >= 2);
    CHECK(text(card.at("guide").at("url")).starts_with("/guide/zero-sharded/"));

    for (int i = 0; i < 3; ++i) {
        const auto sequence = card.at("sequence").as_int64();
        const auto answered = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 1));
        REQUIRE(answered.status == 200);
        CHECK(text(answered.body.at("status")) == "accepted");
        const auto& told = answered.body.at("feedback").as_object();
        const bool correct = told.at("correct").as_bool();
        CHECK(text(told.at("verdict")) == (correct ? "Right!" : "Not quite."));
        CHECK(told.at("chosen").at("position").as_int64() == 1);
        CHECK_FALSE(text(told.at("answer").at("explanation")).empty());
        CHECK(text(told.at("answer_line")).starts_with("The answer is "));
        if (!correct) {
            CHECK_FALSE(text(told.at("chosen").at("explanation")).empty());
            CHECK(text(told.at("chosen_line")).starts_with("You chose B"));
        }
        REQUIRE(answered.body.at("card").is_object());
        card = answered.body.at("card").as_object();
        CHECK(card.at("sequence").as_int64() == sequence + 1);
    }

    const auto stats = stats_of(c, learner, "?lang=en");
    REQUIRE(stats.status == 200);
    CHECK(stats.body.at("answered").as_int64() == 3);
    CHECK(stats.body.at("seen").as_int64() == 3);
    CHECK(text(stats.body.at("title")).starts_with("Your progress: "));
}

TEST_CASE("playground: a second answer to the same card is replayed and a card not on screen is refused as stale",
          "[playground]")
{
    playground_server s;
    quiz::test::loopback_client c(s.port());
    const auto started = call(c, "POST", "/api/play/session", R"({"lang":"en"})");
    REQUIRE(started.status == 200);
    const std::string learner = text(started.body.at("learner"));
    const auto session = started.body.at("session").as_int64();
    const auto sequence = started.body.at("card").at("sequence").as_int64();

    const auto first = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 0));
    REQUIRE(first.status == 200);
    const auto again = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 2));
    CHECK(again.status == 200);
    CHECK(text(again.body.at("status")) == "replayed");
    CHECK(again.body.at("feedback").at("replayed").as_bool());
    CHECK(again.body.at("feedback").at("chosen").at("position").as_int64() == 0); // the recorded answer, not the new

    const auto stale = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence + 5, 0));
    CHECK(stale.status == 409);
    CHECK(text(stale.body.at("status")) == "stale");
    CHECK(text(stale.body.at("error")) == "That question is no longer on screen: your answer was not recorded.");

    const auto stats = stats_of(c, learner);
    REQUIRE(stats.status == 200);
    CHECK(stats.body.at("answered").as_int64() == 1);
}

TEST_CASE("playground: the shared action sequence shows the same screens, as the page's JSON", "[playground]")
{
    using quiz::test::seen;
    playground_server s;
    quiz::test::loopback_client c(s.port());
    std::vector<seen> shown;

    const auto started = call(c, "POST", "/api/play/session", R"({"lang":"en"})");
    const std::string learner = text(started.body.at("learner"));
    const auto session = started.body.at("session").as_int64();
    const auto card = started.body.at("card").as_object();
    shown.push_back(started.status == 200 && card.at("choices").as_array().size() >= 2 ? seen::card : seen::other);

    std::string card_text = "\n" + text(card.at("stem")) + "\n\n";
    const auto& choices = card.at("choices").as_array();
    for (const auto& choice : choices) {
        card_text += text(choice.at("letter")) + ". " + text(choice.at("text")) + "\n";
    }
    const auto right = quiz::test::right_choice(card_text);
    REQUIRE(right);
    const int wrong = *right == 0 ? 1 : 0;
    const auto sequence = card.at("sequence").as_int64();
    const auto answered = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, wrong));
    const auto& told = answered.body.at("feedback").as_object();
    shown.push_back(answered.status == 200 && !told.at("correct").as_bool() &&
                            text(told.at("answer_line")).starts_with("The answer is ")
                        ? seen::wrong_feedback
                        : seen::other);

    const auto again = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, wrong));
    auto replayed = again.body.at("feedback").as_object();
    replayed.erase("replayed");
    auto first = told;
    first.erase("replayed");
    shown.push_back(again.status == 200 && text(again.body.at("status")) == "replayed" && replayed == first
                        ? seen::same_feedback
                        : seen::other);

    // The page's Next shows the card that came with the feedback.
    const auto& next = answered.body.at("card");
    shown.push_back(next.is_object() && next.at("sequence").as_int64() == sequence + 1 &&
                            text(next.at("header")).find(" 2 of ") != std::string::npos
                        ? seen::next_card
                        : seen::other);

    // Every answer the page reads carries "heads_up", "" when there is nothing to say first.
    CHECK(text(started.body.at("heads_up")).empty());
    CHECK(text(answered.body.at("heads_up")).empty());
    quiz::test::refuse_reminders(s.database());
    for (int i = 0; i < 2; ++i) {
        const auto stats = stats_of(c, learner, "?lang=en");
        if (text(stats.body.at("heads_up")).starts_with(quiz::test::heads_up_text)) {
            shown.push_back(seen::heads_up);
        }
        shown.push_back(stats.status == 200 && stats.body.at("answered").as_int64() == 1 ? seen::stats : seen::other);
    }

    const auto attempts = [&s] {
        SQLite::Database db(s.database(), SQLite::OPEN_READONLY);
        return db.execAndGet("SELECT count(*) FROM attempt").getInt64();
    };
    for (const bool yes : {false, true}) {
        const auto asked = call(c, "POST", "/api/play/forget", R"({"learner":")" + learner + R"("})");
        shown.push_back(asked.status == 200 && text(asked.body.at("status")) == "confirm" &&
                                text(asked.body.at("question")).starts_with("This erases everything")
                            ? seen::confirm
                            : seen::other);
        const auto done = call(c, "POST", "/api/play/forget",
                               R"({"learner":")" + learner + R"(","confirm":)" + (yes ? "true" : "false") + "}");
        if (!yes) {
            shown.push_back(done.status == 200 && text(done.body.at("status")) == "cancelled" && attempts() == 1
                                ? seen::nothing_erased
                                : seen::other);
        } else {
            shown.push_back(done.status == 200 && text(done.body.at("status")) == "forgotten" && attempts() == 0
                                ? seen::erased
                                : seen::other);
        }
    }
    CHECK(shown == quiz::test::expected_screens);

    // Gone: the token names nobody any more.
    CHECK(stats_of(c, learner).status == 404);
}

TEST_CASE("playground: malformed requests get 400 with the reason, unknown sessions and learners 404", "[playground]")
{
    playground_server s;
    quiz::test::loopback_client c(s.port());
    const auto bad_json = call(c, "POST", "/api/play/answer", "{\"learner\": ");
    CHECK(bad_json.status == 400);
    CHECK(text(bad_json.body.at("error")).starts_with("malformed JSON body"));
    CHECK_FALSE(text(bad_json.body.at("request_id")).empty());

    const auto not_object = call(c, "POST", "/api/play/session", "[1,2]");
    CHECK(not_object.status == 400);
    CHECK(text(not_object.body.at("error")) == "the JSON body must be an object");

    const auto bad_lang = call(c, "POST", "/api/play/session", R"({"lang":"de"})");
    CHECK(bad_lang.status == 400);
    CHECK(text(bad_lang.body.at("error")) == "\"lang\" must be \"en\" or \"fr\"");

    const auto bad_token = call(c, "POST", "/api/play/session", R"({"learner":"<script>"})");
    CHECK(bad_token.status == 401);

    const auto unknown_pack = call(c, "POST", "/api/play/session", R"({"pack":"nope"})");
    CHECK(unknown_pack.status == 404);

    const auto started = call(c, "POST", "/api/play/session", "{}");
    REQUIRE(started.status == 200);
    const std::string learner = text(started.body.at("learner"));
    const auto missing_field = call(c, "POST", "/api/play/answer", R"({"learner":")" + learner + R"("})");
    CHECK(missing_field.status == 400);
    CHECK(text(missing_field.body.at("error")) == "\"session\" must be an integer");

    const auto no_session = call(c, "POST", "/api/play/answer", answer_body(learner, 987654, 1, 0));
    CHECK(no_session.status == 404);
    CHECK(text(no_session.body.at("status")) == "no_session");

    // Tokens the server did not issue: the old unsigned shape, and a real id with another tag.
    for (const std::string& made_up :
         {std::string("0123456789abcdef0123456789abcdef"), learner.substr(0, 33) + std::string(32, '0')}) {
        const auto stranger =
            call(c, "POST", "/api/play/answer", answer_body(made_up, started.body.at("session").as_int64(), 1, 0));
        CHECK(stranger.status == 401);
        CHECK(text(stranger.body.at("error")) == "\"learner\" is not a learner token this server issued");
        CHECK(stats_of(c, made_up).status == 401);
    }
    // The stats call takes its token in a header: one in the URL, where access logs keep it, is refused.
    const auto in_url = call(c, "GET", "/api/play/stats?learner=" + learner);
    CHECK(in_url.status == 400);
    CHECK(text(in_url.body.at("error")) == "send the learner token in the Authorization header, never in the URL");
    CHECK(stats_of(c, learner).status == 200);

    const auto too_far = call(c, "POST", "/api/play/answer",
                              answer_body(learner, started.body.at("session").as_int64(),
                                          started.body.at("card").at("sequence").as_int64(), 25));
    CHECK(too_far.status == 400);
    CHECK(text(too_far.body.at("status")) == "invalid_choice");
}

TEST_CASE("playground: switching to French renders the cards and feedback in French for the same learner",
          "[playground]")
{
    playground_server s;
    quiz::test::loopback_client c(s.port());
    const auto english = call(c, "POST", "/api/play/session", R"({"lang":"en"})");
    REQUIRE(english.status == 200);
    const std::string learner = text(english.body.at("learner"));

    const auto french = call(c, "POST", "/api/play/session", R"({"lang":"fr","learner":")" + learner + R"("})");
    REQUIRE(french.status == 200);
    CHECK(text(french.body.at("learner")) == learner);
    CHECK(text(french.body.at("lang")) == "fr");
    CHECK(french.body.at("session").as_int64() != english.body.at("session").as_int64());
    const auto& card = french.body.at("card").as_object();
    CHECK(text(card.at("header")).starts_with("Nouvelle question 1 sur "));
    CHECK(text(card.at("how_to_answer")) == "Répondez par une lettre.");
    CHECK(text(card.at("guide").at("url")).ends_with("?lang=fr"));

    const auto answered =
        call(c, "POST", "/api/play/answer",
             answer_body(learner, french.body.at("session").as_int64(), card.at("sequence").as_int64(), 0));
    REQUIRE(answered.status == 200);
    const auto verdict = text(answered.body.at("feedback").at("verdict"));
    CHECK((verdict == "Bonne réponse\u00a0!" || verdict == "Pas tout à fait."));
    CHECK(text(answered.body.at("feedback").at("answer_line")).starts_with("La bonne réponse est "));

    // The old English session was ended by the new one.
    const auto old = call(c, "POST", "/api/play/answer",
                          answer_body(learner, english.body.at("session").as_int64(),
                                      english.body.at("card").at("sequence").as_int64(), 0));
    CHECK(old.status == 409);
    CHECK(text(old.body.at("status")) == "ended");
}

TEST_CASE("playground: the page, its assets and the guide pages are served as HTML", "[playground]")
{
    playground_server s;
    quiz::test::loopback_client c(s.port());
    const auto page = c.request("GET", "/");
    REQUIRE(page);
    CHECK(page->status == 200);
    CHECK(page->field("content-type") == "text/html; charset=utf-8");
    CHECK(page->field("content-security-policy").find("default-src 'self'") != std::string::npos);
    CHECK(page->body.find("<html lang=\"en\">") != std::string::npos);
    CHECK(page->body.find("/assets/app.js") != std::string::npos);

    const auto script = c.request("GET", "/assets/app.js");
    REQUIRE(script);
    CHECK(script->status == 200);
    CHECK(script->field("content-type") == "text/javascript; charset=utf-8");
    CHECK(script->body.find("/api/play/answer") != std::string::npos);
    const auto missing = c.request("GET", "/assets/nothing.js");
    REQUIRE(missing);
    CHECK(missing->status == 404);

    const auto section = c.request("GET", "/guide/zero-sharded/adam-memory?lang=en");
    REQUIRE(section);
    CHECK(section->status == 200);
    CHECK(section->body.find("<html lang=\"en\">") != std::string::npos);
    CHECK(section->body.find("<h1>Adam state memory</h1>") != std::string::npos);
    CHECK(section->body.find("<th>precision</th>") != std::string::npos);
    CHECK(section->body.find("<strong>16 bytes of model state</strong>") != std::string::npos);

    const auto french = c.request("GET", "/guide/zero-sharded/adam-memory?lang=fr");
    REQUIRE(french);
    CHECK(french->status == 200);
    CHECK(french->body.find("<html lang=\"fr\">") != std::string::npos);

    const auto index = c.request("GET", "/guide/zero-sharded");
    REQUIRE(index);
    CHECK(index->status == 200);
    CHECK(index->body.find("href=\"/guide/zero-sharded/zero-stages?lang=en\"") != std::string::npos);

    const auto unknown = c.request("GET", "/guide/zero-sharded/nope");
    REQUIRE(unknown);
    CHECK(unknown->status == 404);
}

TEST_CASE("playground: one address creates a limited number of learners, behind a proxy each client counts apart",
          "[playground]")
{
    playground_server s("", {}, {{"QUIZBOT_NEW_LEARNERS_PER_HOUR", "3"}});
    quiz::test::loopback_client c(s.port());
    const auto start = [&c](const std::string& forwarded_for, const std::string& body = "{}") {
        const auto reply = c.request("POST", "/api/play/session", body,
                                     "Content-Type: application/json\r\n" +
                                         (forwarded_for.empty() ? "" : "X-Forwarded-For: " + forwarded_for + "\r\n"));
        REQUIRE(reply);
        return reply->status;
    };
    std::string first;
    for (int i = 0; i < 3; ++i) {
        const auto started = call(c, "POST", "/api/play/session", "{}");
        REQUIRE(started.status == 200);
        first = first.empty() ? text(started.body.at("learner")) : first;
    }
    const auto refused = call(c, "POST", "/api/play/session", "{}");
    CHECK(refused.status == 429);
    CHECK(text(refused.body.at("error")) == "too many new learners from this address: try again later");
    CHECK(start({}, R"({"learner":")" + first + R"("})") == 200);             // a returning learner is not a new one
    CHECK(call(c, "POST", "/api/rooms", R"({"name":"Host"})").status == 429); // a room's host is a new learner too

    // Through a proxy on this machine: the address the proxy appended is the client; what comes before it is not.
    for (int i = 0; i < 3; ++i) {
        CHECK(start("10.0.0." + std::to_string(i) + ", 203.0.113.9") == 200);
    }
    CHECK(start("10.0.0.99, 203.0.113.9") == 429);
    CHECK(start("203.0.113.10") == 200);

    SQLite::Database db(s.database(), SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("SELECT count(*) FROM learner WHERE platform = 'web'").getInt() == 7); // refusals made none
}

TEST_CASE("playground: a learner who never came back is erased once the visit is QUIZBOT_EXPIRE_ANONYMOUS_DAYS old",
          "[playground]")
{
    const quiz::test::temp_dir dir;
    const auto db_path = (dir.path() / "quizbot.db").string();
    const quiz::test::serve_in_process::variables values{
        {"QUIZBOT_DB", db_path},
        {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
        {"QUIZBOT_THREADS", "2"},
        {"QUIZBOT_EXPIRE_ANONYMOUS_DAYS", "30"}};
    std::string once;
    std::string returning;
    {
        const quiz::test::serve_in_process first(values);
        quiz::test::loopback_client c(first.port());
        once = text(call(c, "POST", "/api/play/session", "{}").body.at("learner"));
        returning = text(call(c, "POST", "/api/play/session", "{}").body.at("learner"));
    }
    const auto count_of = [&db_path](const std::string& token) {
        SQLite::Database db(db_path, SQLite::OPEN_READONLY);
        return db
            .execAndGet("SELECT count(*) FROM learner WHERE platform = 'web' AND external_id = '" +
                        token.substr(0, 32) + "'")
            .getInt();
    };
    REQUIRE(count_of(once) == 1);
    {
        // The returning learner's first visit was three days before this one.
        SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
        db.exec("INSERT INTO session (learner_id, workspace_id, pack_id, venue, status, started_at_ms, state_format,"
                " state) SELECT learner_id, workspace_id, pack_id, venue, 'ended', started_at_ms - 3 * 86400000,"
                " state_format, state FROM session WHERE learner_id = (SELECT id FROM learner WHERE external_id = '" +
                returning.substr(0, 32) + "')");
    }

    // Restarted 31 days later by its clock: the first sweep runs at start.
    auto logs = std::make_shared<quiz::test::capture_sink>();
    const auto later = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now() +
                                                                               std::chrono::days{31});
    const quiz::test::serve_in_process second(values, [&](quiz::bot::cli::serve_hooks& hooks) {
        hooks.log_sink = logs;
        hooks.clock = [later] { return later; };
    });
    bool swept = false;
    for (int i = 0; i < 200 && !swept; ++i) {
        swept = logs->contains("playground learners expired count=1 idle_hours=720");
        std::this_thread::sleep_for(25ms);
    }
    CHECK(swept);
    CHECK(count_of(once) == 0);
    CHECK(count_of(returning) == 1);
    quiz::test::loopback_client c(second.port());
    CHECK(stats_of(c, once).status == 404); // the token names nobody any more
    CHECK(stats_of(c, returning).status == 200);
}

TEST_CASE("playground: a full or failing disk answers 503, loses nothing acknowledged, and recovers by itself",
          "[playground][faults]")
{
    const auto fault = GENERATE(quiz::test::disk_fault::full, quiz::test::disk_fault::io_error);
    CAPTURE(static_cast<int>(fault));
    quiz::test::failing_disk disk; // before the server opens its database
    const quiz::test::temp_dir dir;
    const auto db_path = (dir.path() / "quizbot.db").string();
    {
        const quiz::test::serve_in_process serving(
            {{"QUIZBOT_DB", db_path},
             {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
             {"QUIZBOT_THREADS", "2"},
             {"QUIZBOT_EXPIRE_ANONYMOUS_DAYS", "0"}});
        quiz::test::loopback_client c(serving.port());
        const auto started = call(c, "POST", "/api/play/session", "{}");
        REQUIRE(started.status == 200);
        const std::string learner = text(started.body.at("learner"));
        const auto session = started.body.at("session").as_int64();
        const auto first = call(c, "POST", "/api/play/answer",
                                answer_body(learner, session, started.body.at("card").at("sequence").as_int64(), 0));
        REQUIRE(first.status == 200);
        const auto sequence = first.body.at("card").at("sequence").as_int64();

        disk.set(fault);
        const auto refused = c.request("POST", "/api/play/answer", answer_body(learner, session, sequence, 1),
                                       "Content-Type: application/json\r\n");
        REQUIRE(refused);
        CHECK(refused->status == 503);
        CHECK(refused->field("retry-after") == "1");
        CHECK(refused->body.find("could not be recorded") != std::string::npos);
        CHECK(call(c, "POST", "/api/play/session", "{}").status == 503); // a new learner cannot be written either
        CHECK(disk.refused_writes() > 0);

        // Space is back: the same answer is taken now, as new (nothing of it was kept), without a restart.
        disk.set(quiz::test::disk_fault::none);
        const auto retried = call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, 1));
        REQUIRE(retried.status == 200);
        CHECK(text(retried.body.at("status")) == "accepted");
        const auto after = call(c, "POST", "/api/play/answer",
                                answer_body(learner, session, retried.body.at("card").at("sequence").as_int64(), 0));
        CHECK(after.status == 200);
    }
    // The three acknowledged answers, each once; the refused one only as its retry; the file sound.
    SQLite::Database db(db_path, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("SELECT count(*) FROM attempt").getInt() == 3);
    CHECK(db.execAndGet("SELECT count(DISTINCT idempotency_key) FROM attempt").getInt() == 3);
    CHECK(db.execAndGet("SELECT count(*) FROM learner WHERE platform = 'web'").getInt() == 1);
    CHECK(db.execAndGet("PRAGMA integrity_check").getString() == "ok");
}

TEST_CASE("playground: QUIZBOT_PLAYGROUND=off serves none of it", "[playground]")
{
    playground_server s("off");
    quiz::test::loopback_client c(s.port());
    const auto page = c.request("GET", "/");
    REQUIRE(page);
    CHECK(page->status == 404);
    const auto api = c.request("POST", "/api/play/session", "{}");
    REQUIRE(api);
    CHECK(api->status == 404);
    const auto health = c.request("GET", "/healthz");
    REQUIRE(health);
    CHECK(health->status == 200);
}

namespace {

/// Reviews of a learner made on a later UTC day than their previous answer to the same question, counted in the
/// database by SQL of the test's own: the labelled reviews a memory-model fit needs.
std::int64_t labelled_reviews(SQLite::Database& db)
{
    return db
        .execAndGet("SELECT count(*) FROM attempt a JOIN question_version v ON v.id = a.question_version_id"
                    " WHERE (SELECT max(b.answered_at_ms) FROM attempt b"
                    "        JOIN question_version w ON w.id = b.question_version_id"
                    "        WHERE b.learner_id = a.learner_id AND w.question_id = v.question_id"
                    "          AND b.answered_at_ms < a.answered_at_ms) / 86400000 < a.answered_at_ms / 86400000")
        .getInt64();
}

std::int64_t stored_models(SQLite::Database& db)
{
    return db.execAndGet("SELECT count(*) FROM memory_model").getInt64();
}

} // namespace

TEST_CASE("playground: the answer that brings a learner to the fitting threshold does not wait for the fit, "
          "and the fitted model is stored after it",
          "[playground][memory-model]")
{
    constexpr std::int64_t threshold = 12;
    constexpr auto fit_time = 1500ms;
    // The clock the server stamps answers with: a day further for each session, a minute further for each request.
    auto day = std::make_shared<std::atomic<int>>(0);
    auto ticks = std::make_shared<std::atomic<int>>(0);
    const auto base = std::chrono::time_point_cast<std::chrono::milliseconds>(
        std::chrono::sys_days{std::chrono::year{2026} / 3 / 2} + 9h);
    auto fits_started = std::make_shared<std::atomic<int>>(0);
    playground_server s("", [&](quiz::bot::cli::serve_hooks& hooks) {
        hooks.clock = [day, ticks, base] {
            return base + std::chrono::days{day->load()} + std::chrono::minutes{ticks->fetch_add(1) % 600};
        };
        hooks.look_every = std::chrono::milliseconds{0}; // every read of the clock moves it
        hooks.refit.schedule.fit.minimum_items = threshold;
        hooks.refit.schedule.fit.epochs = 1;
        hooks.refit.schedule.same_day_minimum = 1000; // only the parameter threshold makes a refit due here
        // A slow fit: the answer that makes it due must come back long before it ends.
        hooks.refit.fit = [fits_started, fit_time](std::span<const quiz::engine::recall::logged_review> history,
                                                   const quiz::engine::recall::fit_schedule& how) {
            fits_started->fetch_add(1);
            std::this_thread::sleep_for(fit_time);
            return quiz::engine::recall::fit_recall_model(history, how);
        };
    });
    quiz::test::loopback_client c(s.port());
    SQLite::Database db(s.database(), SQLite::OPEN_READONLY);

    std::string learner;
    bool crossed = false;
    for (int session_day = 0; session_day < 8 && !crossed; ++session_day) {
        day->store(session_day);
        const auto body = learner.empty() ? std::string(R"({"lang":"en"})")
                                          : json::serialize(json::object{{"learner", learner}, {"lang", "en"}});
        const auto started = call(c, "POST", "/api/play/session", body);
        REQUIRE(started.status == 200);
        learner = text(started.body.at("learner"));
        const auto session = started.body.at("session").as_int64();
        auto card = started.body.at("card");
        while (card.is_object() && !crossed) {
            const auto sequence = card.as_object().at("sequence").as_int64();
            const auto labelled_before = labelled_reviews(db);
            // Choice B on the first day (the misses come back the next day), then choice A.
            const auto sent = std::chrono::steady_clock::now();
            const auto answered =
                call(c, "POST", "/api/play/answer", answer_body(learner, session, sequence, session_day == 0 ? 1 : 0));
            const auto waited = std::chrono::steady_clock::now() - sent;
            REQUIRE(answered.status == 200);
            const auto labelled = labelled_reviews(db);
            if (labelled_before < threshold && labelled >= threshold) {
                crossed = true;
                INFO("the crossing answer took " << std::chrono::duration<double>(waited).count() << " s");
                CHECK(waited < fit_time / 2);
                CHECK(stored_models(db) == 0); // not stored before the answer came back
            }
            card = answered.body.at("card");
        }
    }
    REQUIRE(crossed);
    // Stored shortly after the answer, by the background refit that the slow fit is part of.
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (stored_models(db) == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(50ms);
    }
    REQUIRE(stored_models(db) == 1);
    CHECK(fits_started->load() == 1);
    SQLite::Statement row(db, "SELECT answer_count, json_array_length(model, '$.w'), weights FROM memory_model");
    REQUIRE(row.executeStep());
    CHECK(row.getColumn(0).getInt64() == db.execAndGet("SELECT count(*) FROM attempt").getInt64());
    CHECK(row.getColumn(1).getInt() == 21);
    CHECK(row.getColumn(2).getString().find(' ') != std::string::npos);
}

TEST_CASE("rooms: a burst of answers around the deadline on several IO threads: revealed once, none counted late",
          "[playground][rooms]")
{
    auto log = std::make_shared<quiz::test::capture_sink>();
    const playground_server server("on", [&log](quiz::bot::cli::serve_hooks& hooks) { hooks.log_sink = log; });
    quiz::test::loopback_client host(server.port());
    const auto created = call(host, "POST", "/api/rooms",
                              json::serialize(json::object{{"name", "Host"}, {"questions", 1}, {"seconds", 10}}));
    REQUIRE(created.status == 200);
    const auto round = created.body.at("round").as_int64();
    const auto room = text(created.body.at("room"));
    const auto deadline = std::chrono::system_clock::time_point{
        std::chrono::milliseconds{created.body.at("screen").at("card").at("deadline_ms").as_int64()}};
    const std::string base = "/api/rooms/" + std::to_string(round);

    // Thirty members enter the room; the host never answers, so only the deadline closes the question.
    constexpr int members = 30;
    std::vector<std::string> learners;
    for (int i = 0; i < members; ++i) {
        const auto joined = call(host, "POST", base + "/look",
                                 json::serialize(json::object{{"name", "M" + std::to_string(i)}, {"room", room}}));
        REQUIRE(joined.status == 200);
        learners.push_back(text(joined.body.at("learner")));
    }
    // Their answers arrive spread over the half second around the deadline, each on its own connection.
    std::this_thread::sleep_until(deadline - 250ms);
    std::vector<std::future<unsigned>> replies;
    for (int i = 0; i < members; ++i) {
        // No Catch assertion on these threads (Catch is not thread-safe): the status comes back, 0 for no answer.
        replies.push_back(std::async(std::launch::async, [&, i]() -> unsigned {
            std::this_thread::sleep_for(std::chrono::milliseconds{i * 500 / members});
            quiz::test::loopback_client c(server.port());
            const auto body = json::serialize(json::object{{"learner", learners[static_cast<std::size_t>(i)]},
                                                           {"room", room},
                                                           {"sequence", 1},
                                                           {"choice", i % 4}});
            const auto reply = c.request("POST", base + "/answer", body, "Content-Type: application/json\r\n");
            return reply ? reply->status : 0U;
        }));
    }
    int accepted = 0;
    for (auto& reply : replies) {
        const auto status = reply.get();
        CHECK((status == 200 || status == 409)); // counted, or told the question is closed
        accepted += status == 200 ? 1 : 0;
    }
    // The timer fires even when no answer came after the deadline.
    std::this_thread::sleep_until(deadline + 1s);
    const auto after = call(
        host, "POST", base + "/look",
        json::serialize(json::object{{"name", "Host"}, {"room", room}, {"learner", text(created.body.at("learner"))}}));
    REQUIRE(after.status == 200);
    const auto& screen = after.body.at("screen").as_object();
    CHECK(text(screen.at("stage")) == "revealed");
    CHECK(screen.at("answered").as_int64() == accepted);
    SQLite::Database db(server.database(), SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("SELECT count(*) FROM attempt WHERE round_id = " + std::to_string(round)).getInt() == accepted);
    // Closed once: by the timer, or by an answer that came after the deadline and found it still open.
    const auto lines = log->lines();
    const std::string revealed = "round revealed round=" + std::to_string(round) + " question=1 ";
    CHECK(std::count_if(lines.begin(), lines.end(),
                        [&](const std::string& l) { return l.find(revealed) != std::string::npos; }) == 1);
}

} // namespace cli_playground_test
