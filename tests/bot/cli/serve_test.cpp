// SPDX-License-Identifier: MIT
#include "bot/cli/command.hpp"
#include "bot/cli/serve.hpp"
#include "bot/http/server.hpp"
#include "tests/bot/http/support/capture_sink.hpp"
#include "tests/bot/http/support/loopback_client.hpp"
#include "tests/bot/http/support/test_pki.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <future>
#include <map>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace cli_serve_test {

namespace {

using namespace std::chrono_literals;
using quiz::bot::environment;
using quiz::bot::cli::serve;
using quiz::bot::cli::serve_hooks;

using variables = std::map<std::string, std::string, std::less<>>;

environment env_of(variables values)
{
    return [values = std::move(values)](std::string_view name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

variables good_variables(const quiz::test::temp_dir& dir)
{
    return {{"QUIZBOT_LISTEN", "127.0.0.1:0"},
            {"QUIZBOT_DB", (dir.path() / "data" / "quizbot.db").string()},
            {"QUIZBOT_CONTENT", std::string(QUIZ_SOURCE_DIR) + "/content/packs"},
            {"QUIZBOT_THREADS", "2"},
            {"SLACK_BOT_TOKEN", "xoxb-do-not-print-me"}};
}

struct outcome {
    int code = -1;
    std::string out;
    std::string err;
};

/// Runs serve to completion (for configurations that must fail before serving).
outcome run_serve(const variables& vars)
{
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    serve_hooks hooks;
    hooks.log_sink = std::make_shared<quiz::test::capture_sink>();
    hooks.handle_signals = false;
    hooks.on_listening = [](quiz::bot::http::server& s) { s.stop(); };
    const int code = serve(env_of(vars), {in, out, err}, hooks);
    return {code, out.str(), err.str()};
}

} // namespace

TEST_CASE("serve: /healthz and /metrics over HTTP, then a clean stop", "[serve]")
{
    quiz::test::temp_dir dir;
    auto logs = std::make_shared<quiz::test::capture_sink>();
    std::promise<quiz::bot::http::server*> listening;
    serve_hooks hooks;
    hooks.log_sink = logs;
    hooks.handle_signals = false;
    hooks.on_listening = [&listening](quiz::bot::http::server& s) { listening.set_value(&s); };

    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    int code = -1;
    std::thread runner([&] { code = serve(env_of(good_variables(dir)), {in, out, err}, hooks); });
    auto ready = listening.get_future();
    REQUIRE(ready.wait_for(60s) == std::future_status::ready);
    quiz::bot::http::server* server = ready.get(); // valid until serve returns
    const auto port = server->port();

    quiz::test::loopback_client c(port);
    const auto health = c.request("GET", "/healthz");
    REQUIRE(health);
    CHECK(health->status == 200);
    CHECK(health->body == R"({"status":"ok","checks":{"database":"ok","content":"ok"}})");
    const auto metrics = c.request("GET", "/metrics");
    REQUIRE(metrics);
    CHECK(metrics->status == 200);
    CHECK(metrics->field("content-type").starts_with("text/plain; version=0.0.4"));
    CHECK(metrics->body.find(R"(quizbot_http_requests_total{route="/healthz",method="GET",status="200"} 1)") !=
          std::string::npos);
    CHECK(metrics->body.find("# TYPE quizbot_outbound_requests_total counter") != std::string::npos);

    server->stop();
    runner.join();
    CHECK(code == 0);
    CHECK(out.str() == "quizbot listening on http://127.0.0.1:" + std::to_string(port) + "\n");
    CHECK(logs->contains("route=/healthz status=200"));
    CHECK(logs->contains("slack_bot_token=<redacted>"));
    CHECK_FALSE(logs->contains("do-not-print-me"));
    CHECK(std::filesystem::exists(dir.path() / "data" / "quizbot.db"));
}

TEST_CASE("serve: the limits set by environment variables reach the server", "[serve]")
{
    quiz::test::temp_dir dir;
    std::promise<quiz::bot::http::server*> listening;
    serve_hooks hooks;
    hooks.log_sink = std::make_shared<quiz::test::capture_sink>();
    hooks.handle_signals = false;
    hooks.on_listening = [&listening](quiz::bot::http::server& s) { listening.set_value(&s); };
    auto vars = good_variables(dir);
    vars["QUIZBOT_MAX_BODY_BYTES"] = "1024";
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    int code = -1;
    std::thread runner([&] { code = serve(env_of(vars), {in, out, err}, hooks); });
    auto ready = listening.get_future();
    REQUIRE(ready.wait_for(60s) == std::future_status::ready);
    quiz::bot::http::server* server = ready.get();
    {
        quiz::test::loopback_client small(server->port());
        const auto fits = small.request("POST", "/healthz", std::string(1024, 'x'));
        REQUIRE(fits);
        CHECK(fits->status == 405); // read whole, then routed: GET only
        quiz::test::loopback_client large(server->port());
        const auto too_large = large.request("POST", "/healthz", std::string(1025, 'x'));
        REQUIRE(too_large);
        CHECK(too_large->status == 413); // the default limit (64 KiB) would have let it through
    }
    server->stop();
    runner.join();
    CHECK(code == 0);
}

TEST_CASE("serve: SIGTERM stops it and it returns 0", "[serve]")
{
    quiz::test::temp_dir dir;
    std::promise<std::uint16_t> listening;
    serve_hooks hooks;
    hooks.log_sink = std::make_shared<quiz::test::capture_sink>();
    hooks.handle_signals = true;
    hooks.on_listening = [&listening](quiz::bot::http::server& s) { listening.set_value(s.port()); };

    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    int code = -1;
    std::thread runner([&] { code = serve(env_of(good_variables(dir)), {in, out, err}, hooks); });
    auto ready = listening.get_future();
    REQUIRE(ready.wait_for(60s) == std::future_status::ready);
    // A served request proves the IO threads run, and they start after the signal handler is installed.
    quiz::test::loopback_client c(ready.get());
    REQUIRE(c.request("GET", "/healthz"));
    ::kill(::getpid(), SIGTERM);
    runner.join();
    CHECK(code == 0);
}

TEST_CASE("serve: an unusable setting exits 2 with a message naming its variable", "[serve]")
{
    quiz::test::temp_dir dir;
    const auto not_sqlite = dir.path() / "notes.txt";
    std::ofstream(not_sqlite) << "this is not a database\n";

    // GENERATE evaluates its table once: the paths below are placeholders for this run's folder.
    const auto [name, value, expected] = GENERATE(table<std::string, std::string, std::string>({
        {"QUIZBOT_LISTEN", "nonsense", "error: QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_THREADS", "-3", "error: QUIZBOT_THREADS: expected a whole number"},
        {"QUIZBOT_LOG_FORMAT", "yaml", "error: QUIZBOT_LOG_FORMAT: expected plain or json"},
        {"QUIZBOT_MAX_BODY_BYTES", "lots", "error: QUIZBOT_MAX_BODY_BYTES: expected a whole number from 1024"},
        {"QUIZBOT_MAX_CONNECTIONS", "0", "error: QUIZBOT_MAX_CONNECTIONS: expected a whole number from 1"},
        {"QUIZBOT_READ_TIMEOUT_MS", "10s", "error: QUIZBOT_READ_TIMEOUT_MS: expected a whole number from 100"},
        {"QUIZBOT_REQUEST_TIMEOUT_MS", "0", "error: QUIZBOT_REQUEST_TIMEOUT_MS: expected a whole number from 100"},
        {"DISCORD_PUBLIC_KEY", "1234", "error: DISCORD_PUBLIC_KEY: expected 64 hexadecimal digits"},
        {"QUIZBOT_DB", "<a text file>", "error: QUIZBOT_DB: cannot open the database"},
        {"QUIZBOT_CONTENT", "<a missing folder>", "error: QUIZBOT_CONTENT: cannot load the packs"},
    }));
    CAPTURE(name, value);
    auto vars = good_variables(dir);
    vars[name] = value == "<a text file>"        ? not_sqlite.string()
                 : value == "<a missing folder>" ? (dir.path() / "no-such-folder").string()
                                                 : value;
    const auto result = run_serve(vars);
    CHECK(result.code == 2);
    CHECK(result.err.find(expected) != std::string::npos);
    CHECK(result.out.empty());
    CHECK(result.err.find("do-not-print-me") == std::string::npos);
}

TEST_CASE("serve: an address already in use exits 2 naming QUIZBOT_LISTEN", "[serve]")
{
    quiz::test::temp_dir dir;
    std::promise<std::uint16_t> listening;
    std::promise<void> release;
    serve_hooks hooks;
    hooks.log_sink = std::make_shared<quiz::test::capture_sink>();
    hooks.handle_signals = false;
    hooks.on_listening = [&](quiz::bot::http::server& s) {
        listening.set_value(s.port());
        release.get_future().wait();
        s.stop();
    };
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    std::thread first([&] { (void)serve(env_of(good_variables(dir)), {in, out, err}, hooks); });
    auto port = listening.get_future();
    REQUIRE(port.wait_for(60s) == std::future_status::ready);

    quiz::test::temp_dir other;
    auto vars = good_variables(other);
    vars["QUIZBOT_LISTEN"] = "127.0.0.1:" + std::to_string(port.get());
    const auto result = run_serve(vars);
    release.set_value();
    first.join();
    CHECK(result.code == 2);
    CHECK(result.err.find("error: QUIZBOT_LISTEN: cannot listen on 127.0.0.1:") != std::string::npos);
}

TEST_CASE("serve: --help lists the variables with their defaults and no value", "[serve]")
{
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    const std::vector<std::string_view> words{"serve", "--help"};
    CHECK(quiz::bot::cli::run(words, {in, out, err}) == 0);
    const auto help = out.str();
    CHECK(help.find("QUIZBOT_LISTEN") != std::string::npos);
    CHECK(help.find("(default: 127.0.0.1:8080)") != std::string::npos);
    CHECK(help.find("SLACK_RESPONSE_URL_HOSTS") != std::string::npos);
    CHECK(help.find("DISCORD_BOT_TOKEN               Discord bot token, for REST calls [secret]") != std::string::npos);
    CHECK(help.find("QUIZBOT_REQUEST_TIMEOUT_MS      from a request's first byte to its answer") != std::string::npos);
}

} // namespace cli_serve_test
