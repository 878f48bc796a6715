// SPDX-License-Identifier: MIT
#include "bot/config.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <chrono>
#include <map>
#include <sstream>

namespace bot_config_test {

namespace {

using quiz::bot::config;
using quiz::bot::config_error;
using quiz::bot::environment;
using quiz::bot::load_config;

environment env_of(std::map<std::string, std::string, std::less<>> values)
{
    return [values = std::move(values)](std::string_view name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

/// The message load_config gives for these variables, or "" when they are accepted.
std::string problem_with(std::map<std::string, std::string, std::less<>> values)
{
    try {
        (void)load_config(env_of(std::move(values)), 4);
    } catch (const config_error& e) {
        return e.what();
    }
    return {};
}

} // namespace

TEST_CASE("config: defaults", "[config]")
{
    const config cfg = load_config(env_of({}), 6);
    CHECK(cfg.listen.host == "127.0.0.1");
    CHECK(cfg.listen.port == 8080);
    CHECK(cfg.database_path == "./data/quizbot.db");
    CHECK(cfg.content_dir == "./content/packs");
    CHECK(cfg.public_url == "http://127.0.0.1:8080");
    CHECK(cfg.round_max_players == 100);
    CHECK(cfg.report_secret.empty());
    CHECK(cfg.log == quiz::bot::log_format::plain);
    CHECK(cfg.threads == 6);
    CHECK(cfg.playground);
    CHECK(cfg.reminders);
    CHECK(cfg.outbox_lease_seconds == 30);
    CHECK(cfg.reminder_lease_seconds == 600);
    CHECK_FALSE(cfg.target_retention.has_value());
    CHECK_FALSE(cfg.grade_by_response_time);
    CHECK(cfg.discord.public_key.empty());
    CHECK(cfg.discord.api_base == "https://discord.com/api/v10");
    CHECK(cfg.slack.api_base == "https://slack.com/api");
    CHECK(cfg.slack.response_url_hosts == std::vector<std::string>{"hooks.slack.com"});
    CHECK(load_config(env_of({}), 0).threads == 1);
    CHECK(cfg.limits.body_limit == 64 * 1024);
    CHECK(cfg.limits.header_limit == 8 * 1024);
    CHECK(cfg.limits.max_connections == 512);
    CHECK(cfg.limits.max_connections_per_address == 128);
    CHECK(cfg.limits.header_timeout == std::chrono::seconds(10));
    CHECK(cfg.limits.min_body_rate == 240);
    CHECK(cfg.limits.read_timeout == std::chrono::seconds(10));
    CHECK(cfg.limits.idle_timeout == std::chrono::seconds(30));
    CHECK(cfg.limits.request_deadline == std::chrono::seconds(30));
}

TEST_CASE("config: the server limits", "[config]")
{
    const config cfg = load_config(env_of({{"QUIZBOT_MAX_BODY_BYTES", "1048576"},
                                           {"QUIZBOT_MAX_HEADER_BYTES", "16384"},
                                           {"QUIZBOT_MAX_CONNECTIONS", "20000"},
                                           {"QUIZBOT_CONNECTIONS_PER_IP", "20000"},
                                           {"QUIZBOT_HEADER_TIMEOUT_MS", "1500"},
                                           {"QUIZBOT_MIN_BODY_RATE", "0"},
                                           {"QUIZBOT_READ_TIMEOUT_MS", "2500"},
                                           {"QUIZBOT_IDLE_TIMEOUT_MS", "100"},
                                           {"QUIZBOT_REQUEST_TIMEOUT_MS", "3600000"}}),
                                   2);
    CHECK(cfg.limits.body_limit == 1'048'576);
    CHECK(cfg.limits.header_limit == 16'384);
    CHECK(cfg.limits.max_connections == 20'000);
    CHECK(cfg.limits.max_connections_per_address == 20'000);
    CHECK(cfg.limits.header_timeout == std::chrono::milliseconds(1'500));
    CHECK(cfg.limits.min_body_rate == 0);
    CHECK(cfg.limits.read_timeout == std::chrono::milliseconds(2'500));
    CHECK(cfg.limits.idle_timeout == std::chrono::milliseconds(100));
    CHECK(cfg.limits.request_deadline == std::chrono::hours(1));
    CHECK(cfg.limits.write_timeout == std::chrono::seconds(10)); // not configurable
    const auto line = quiz::bot::describe(cfg);
    CHECK(line.find(" max_body_bytes=1048576 ") != std::string::npos);
    CHECK(line.find(" request_timeout_ms=3600000 ") != std::string::npos);
    CHECK(line.find(" max_connections_per_address=20000 header_timeout_ms=1500 min_body_rate=0 ") != std::string::npos);
}

TEST_CASE("config: accepted values", "[config]")
{
    const config cfg = load_config(env_of({
                                       {"QUIZBOT_LISTEN", "[::1]:9000"},
                                       {"QUIZBOT_DB", "/var/lib/quizbot/q.db"},
                                       {"QUIZBOT_CONTENT", "/srv/packs"},
                                       {"QUIZBOT_PUBLIC_URL", "https://quiz.example.org/base/"},
                                       {"QUIZBOT_REPORT_SECRET", "0123456789abcdef0123456789abcdef"},
                                       {"QUIZBOT_LOG_FORMAT", "json"},
                                       {"QUIZBOT_THREADS", "3"},
                                       {"QUIZBOT_PLAYGROUND", "off"},
                                       {"QUIZBOT_REMINDERS", "off"},
                                       {"QUIZBOT_TARGET_RETENTION", "0.85"},
                                       {"QUIZBOT_GRADE_BY_TIME", "on"},
                                       {"QUIZBOT_ROUND_MAX_PLAYERS", "30"},
                                       {"QUIZBOT_MAX_QUEUED_ACTIONS", "500"},
                                       {"QUIZBOT_MAX_QUEUED_MESSAGES", "800"},
                                       {"QUIZBOT_OUTBOX_LEASE_SECONDS", "5"},
                                       {"QUIZBOT_REMINDER_LEASE_SECONDS", "90"},
                                       {"DISCORD_PUBLIC_KEY", std::string(64, 'A')},
                                       {"DISCORD_APPLICATION_ID", "1234567890123456789"},
                                       {"DISCORD_BOT_TOKEN", "bot.token.value"},
                                       {"DISCORD_API_BASE", "http://127.0.0.1:9999/api/v10"},
                                       {"SLACK_SIGNING_SECRET", "8f742231b10e8888abcd99yyyzzz85a5"},
                                       {"SLACK_BOT_TOKEN", "xoxb-1-2-3"},
                                       {"SLACK_RESPONSE_URL_HOSTS", "Hooks.Slack.com, 127.0.0.1:9999"},
                                       {"DISCORD_INSTRUCTOR_ROLES", "1300000000000000777, 1300000000000000778"},
                                       {"SLACK_INSTRUCTORS", "U012AB3CD,W0123ABCD"},
                                   }),
                                   4);
    CHECK(cfg.listen.host == "::1");
    CHECK(cfg.listen.port == 9000);
    CHECK(cfg.round_max_players == 30);
    CHECK(cfg.max_queued_actions == 500);
    CHECK(cfg.max_queued_messages == 800);
    CHECK(cfg.outbox_lease_seconds == 5);
    CHECK(cfg.reminder_lease_seconds == 90);
    CHECK(cfg.listen.to_string() == "[::1]:9000");
    CHECK(cfg.listen.is_loopback());
    CHECK(cfg.database_path == "/var/lib/quizbot/q.db");
    CHECK(cfg.public_url == "https://quiz.example.org/base");
    CHECK(cfg.report_secret.reveal() == "0123456789abcdef0123456789abcdef");
    CHECK(cfg.log == quiz::bot::log_format::json);
    CHECK(cfg.threads == 3);
    CHECK_FALSE(cfg.playground);
    CHECK_FALSE(cfg.reminders);
    REQUIRE(cfg.target_retention.has_value());
    CHECK(*cfg.target_retention == 0.85);
    CHECK(cfg.grade_by_response_time);
    CHECK(cfg.discord.public_key == std::string(64, 'a'));
    CHECK(cfg.discord.application_id == "1234567890123456789");
    CHECK(cfg.discord.api_base == "http://127.0.0.1:9999/api/v10");
    CHECK(cfg.slack.bot_token.reveal() == "xoxb-1-2-3");
    CHECK(cfg.slack.response_url_hosts == std::vector<std::string>{"hooks.slack.com", "127.0.0.1:9999"});
    CHECK(cfg.discord.instructor_roles == std::vector<std::string>{"1300000000000000777", "1300000000000000778"});
    CHECK(cfg.slack.instructors == std::vector<std::string>{"U012AB3CD", "W0123ABCD"});
}

TEST_CASE("config: the playground defaults to on only on loopback, the public URL follows the listen address",
          "[config]")
{
    const config outside = load_config(env_of({{"QUIZBOT_LISTEN", "0.0.0.0:80"}}), 1);
    CHECK_FALSE(outside.playground);
    CHECK(outside.public_url == "http://0.0.0.0:80");
    CHECK(load_config(env_of({{"QUIZBOT_LISTEN", "localhost:8081"}}), 1).listen.host == "127.0.0.1");
    CHECK(load_config(env_of({{"QUIZBOT_LISTEN", "127.0.0.2:8081"}}), 1).playground);
    CHECK(load_config(env_of({{"QUIZBOT_LISTEN", ""}}), 1).listen.port == 8080); // empty counts as unset
}

TEST_CASE("config: QUIZBOT_DB takes a SQLite file's path, colons included, or a PostgreSQL URI", "[config]")
{
    for (const std::string path : {"data/quizbot.db", "/srv/q:1.db", "./file:quiz.db", "relative/x://.db",
                                   "postgresql:///quizbot?host=/run/postgresql", "POSTGRES://db.example.org/quizbot"}) {
        CAPTURE(path);
        CHECK(load_config(env_of({{"QUIZBOT_DB", path}}), 1).database_path == path);
    }
    CHECK_THROWS_AS(load_config(env_of({{"QUIZBOT_DB", "sqlite://data/quizbot.db"}}), 1), config_error);
    CHECK(load_config(env_of({}), 1).database_pool == 8);
    CHECK(load_config(env_of({{"QUIZBOT_DB_POOL", "3"}}), 1).database_pool == 3);
}

TEST_CASE("config: each bad value is reported with the variable's name", "[config]")
{
    const auto [name, value, expected] = GENERATE(table<std::string, std::string, std::string>({
        {"QUIZBOT_LISTEN", "nonsense", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_LISTEN", "127.0.0.1", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_LISTEN", "127.0.0.1:99999", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_LISTEN", "::1:8080", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_LISTEN", "example.org:8080", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_LISTEN", "[::1]8080", "QUIZBOT_LISTEN: expected host:port"},
        {"QUIZBOT_PUBLIC_URL", "quiz.example.org", "QUIZBOT_PUBLIC_URL: expected an http:// or https:// URL"},
        {"QUIZBOT_PUBLIC_URL", "https://quiz.example.org/?x=1", "QUIZBOT_PUBLIC_URL: expected"},
        {"QUIZBOT_LOG_FORMAT", "xml", "QUIZBOT_LOG_FORMAT: expected plain or json, got \"xml\""},
        {"QUIZBOT_THREADS", "0", "QUIZBOT_THREADS: expected a whole number from 1 to 256"},
        {"QUIZBOT_THREADS", "many", "QUIZBOT_THREADS: expected a whole number from 1 to 256"},
        {"QUIZBOT_THREADS", "257", "QUIZBOT_THREADS: expected a whole number from 1 to 256"},
        {"QUIZBOT_ROUND_MAX_PLAYERS", "1", "QUIZBOT_ROUND_MAX_PLAYERS: expected a whole number from 2 to 10000"},
        {"QUIZBOT_MAX_QUEUED_ACTIONS", "0", "QUIZBOT_MAX_QUEUED_ACTIONS: expected a whole number from 1 to 1000000"},
        {"QUIZBOT_MAX_QUEUED_MESSAGES", "lots",
         "QUIZBOT_MAX_QUEUED_MESSAGES: expected a whole number from 1 to 1000000"},
        {"QUIZBOT_OUTBOX_LEASE_SECONDS", "1", "QUIZBOT_OUTBOX_LEASE_SECONDS: expected a whole number from 2 to 3600"},
        {"QUIZBOT_REMINDER_LEASE_SECONDS", "86401",
         "QUIZBOT_REMINDER_LEASE_SECONDS: expected a whole number from 2 to 86400"},
        {"QUIZBOT_PLAYGROUND", "yes", "QUIZBOT_PLAYGROUND: expected on or off"},
        {"QUIZBOT_REMINDERS", "daily", "QUIZBOT_REMINDERS: expected on or off"},
        {"QUIZBOT_TARGET_RETENTION", "0.69",
         "QUIZBOT_TARGET_RETENTION: expected optimal or a number from 0.70 to 0.97"},
        {"QUIZBOT_TARGET_RETENTION", "0.98", "QUIZBOT_TARGET_RETENTION: expected optimal or a number"},
        {"QUIZBOT_TARGET_RETENTION", "9e-1", "QUIZBOT_TARGET_RETENTION: expected optimal or a number"},
        {"QUIZBOT_TARGET_RETENTION", "0.9x", "QUIZBOT_TARGET_RETENTION: expected optimal or a number"},
        {"QUIZBOT_TARGET_RETENTION", "nan", "QUIZBOT_TARGET_RETENTION: expected optimal or a number"},
        {"QUIZBOT_GRADE_BY_TIME", "true", "QUIZBOT_GRADE_BY_TIME: expected on or off"},
        {"QUIZBOT_KEPT_MODEL_ROWS", "100000001",
         "QUIZBOT_KEPT_MODEL_ROWS: expected a whole number from 0 to 100000000"},
        {"QUIZBOT_MAX_BODY_BYTES", "1023", "QUIZBOT_MAX_BODY_BYTES: expected a whole number from 1024 to 67108864"},
        {"QUIZBOT_MAX_BODY_BYTES", "64k", "QUIZBOT_MAX_BODY_BYTES: expected a whole number from 1024 to 67108864"},
        {"QUIZBOT_MAX_BODY_BYTES", "99999999999999999999999", "QUIZBOT_MAX_BODY_BYTES: expected a whole number"},
        {"QUIZBOT_MAX_HEADER_BYTES", "2097152",
         "QUIZBOT_MAX_HEADER_BYTES: expected a whole number from 1024 to 1048576"},
        {"QUIZBOT_MAX_CONNECTIONS", "0", "QUIZBOT_MAX_CONNECTIONS: expected a whole number from 1 to 1000000"},
        {"QUIZBOT_MAX_CONNECTIONS", "-5", "QUIZBOT_MAX_CONNECTIONS: expected a whole number from 1 to 1000000"},
        {"QUIZBOT_READ_TIMEOUT_MS", "99", "QUIZBOT_READ_TIMEOUT_MS: expected a whole number from 100 to 3600000"},
        {"QUIZBOT_IDLE_TIMEOUT_MS", "1.5", "QUIZBOT_IDLE_TIMEOUT_MS: expected a whole number from 100 to 3600000"},
        {"QUIZBOT_REQUEST_TIMEOUT_MS", "3600001", "QUIZBOT_REQUEST_TIMEOUT_MS: expected a whole number from 100 to"},
        {"QUIZBOT_REQUEST_TIMEOUT_MS", " 500", "QUIZBOT_REQUEST_TIMEOUT_MS: expected a whole number"},
        {"QUIZBOT_CONNECTIONS_PER_IP", "0", "QUIZBOT_CONNECTIONS_PER_IP: expected a whole number from 1 to 1000000"},
        {"QUIZBOT_HEADER_TIMEOUT_MS", "50", "QUIZBOT_HEADER_TIMEOUT_MS: expected a whole number from 100 to 3600000"},
        {"QUIZBOT_MIN_BODY_RATE", "fast", "QUIZBOT_MIN_BODY_RATE: expected a whole number from 0 to 1000000000"},
        {"DISCORD_PUBLIC_KEY", "abc", "DISCORD_PUBLIC_KEY: expected 64 hexadecimal digits"},
        {"DISCORD_PUBLIC_KEY", std::string(63, 'a') + "g", "DISCORD_PUBLIC_KEY: expected 64 hexadecimal digits"},
        {"DISCORD_APPLICATION_ID", "12ab", "DISCORD_APPLICATION_ID: expected the application id"},
        {"DISCORD_API_BASE", "ftp://discord.com", "DISCORD_API_BASE: expected an http:// or https:// URL"},
        {"SLACK_API_BASE", "https://", "SLACK_API_BASE: expected an http:// or https:// URL"},
        {"SLACK_RESPONSE_URL_HOSTS", "hooks.slack.com,,x", "SLACK_RESPONSE_URL_HOSTS: expected host names"},
        {"SLACK_RESPONSE_URL_HOSTS", "https://hooks.slack.com", "SLACK_RESPONSE_URL_HOSTS: expected host names"},
        {"DISCORD_INSTRUCTOR_ROLES", "Teachers", "DISCORD_INSTRUCTOR_ROLES: expected role ids (digits)"},
        {"DISCORD_INSTRUCTOR_ROLES", "1300000000000000777,,1", "DISCORD_INSTRUCTOR_ROLES: expected role ids"},
        {"SLACK_INSTRUCTORS", "@ada", "SLACK_INSTRUCTORS: expected Slack user ids"},
        {"SLACK_INSTRUCTORS", "C012AB3CD", "SLACK_INSTRUCTORS: expected Slack user ids"},
        {"QUIZBOT_REPORT_SECRET", "short", "QUIZBOT_REPORT_SECRET: must be at least 32 characters long"},
        {"DISCORD_BOT_TOKEN", "has space", "DISCORD_BOT_TOKEN: must not contain spaces"},
        {"SLACK_BOT_TOKEN", "xoxp-user-token", "SLACK_BOT_TOKEN: expected a bot token starting with xoxb-"},
        {"SLACK_SIGNING_SECRET", "tab\tinside", "SLACK_SIGNING_SECRET: must not contain spaces"},
        {"QUIZBOT_DB", "mysql://db.example.org/quizbot", "QUIZBOT_DB: a mysql:// URI names no storage engine"},
        {"QUIZBOT_DB_POOL", "0", "QUIZBOT_DB_POOL: expected a whole number from 1 to 1000"},
    }));
    CAPTURE(name, value);
    const auto message = problem_with({{name, value}});
    CHECK(message.find(expected) != std::string::npos);
}

TEST_CASE("config: every bad variable is reported at once", "[config]")
{
    try {
        (void)load_config(env_of({{"QUIZBOT_LISTEN", "x"}, {"QUIZBOT_THREADS", "x"}, {"SLACK_API_BASE", "x"}}), 1);
        FAIL("accepted bad values");
    } catch (const config_error& e) {
        REQUIRE(e.problems().size() == 3);
        CHECK(e.problems()[0].starts_with("QUIZBOT_LISTEN: "));
        CHECK(e.problems()[1].starts_with("QUIZBOT_THREADS: "));
        CHECK(e.problems()[2].starts_with("SLACK_API_BASE: "));
    }
}

TEST_CASE("config: secret values never appear in errors, descriptions or printing", "[config][secret]")
{
    const std::string token = "xoxp-very-secret-user-token-0001";
    CHECK(problem_with({{"SLACK_BOT_TOKEN", token}}).find("very-secret") == std::string::npos);
    CHECK(problem_with({{"QUIZBOT_REPORT_SECRET", "tiny-secret"}}).find("tiny-secret") == std::string::npos);
    CHECK(problem_with({{"DISCORD_BOT_TOKEN", "spaced secret"}}).find("spaced secret") == std::string::npos);
    // A connection URI may carry a password: a refused one is quoted by its scheme only, an accepted one is printed
    // without it.
    const auto refused = problem_with({{"QUIZBOT_DB", "mysql://quiz:hunter2@db.example.org/quizbot"}});
    CHECK(refused.find("mysql://") != std::string::npos);
    CHECK(refused.find("hunter2") == std::string::npos);
    CHECK(refused.find("db.example.org") == std::string::npos);
    const auto postgres =
        describe(load_config(env_of({{"QUIZBOT_DB", "postgresql://quiz:hunter2@db.example.org/quizbot"}}), 1));
    CHECK(postgres.find("db=\"postgresql://quiz:***@db.example.org/quizbot\" ") != std::string::npos);
    CHECK(postgres.find("hunter2") == std::string::npos);

    const config cfg = load_config(env_of({{"QUIZBOT_REPORT_SECRET", "admin-secret-0123456789-0123456789"},
                                           {"DISCORD_BOT_TOKEN", "discord-secret-token"},
                                           {"SLACK_SIGNING_SECRET", "slack-signing-secret"},
                                           {"SLACK_BOT_TOKEN", "xoxb-slack-secret-token"}}),
                                   1);
    const auto text = quiz::bot::describe(cfg);
    for (const auto* secret : {"admin-secret", "discord-secret", "slack-signing", "slack-secret"}) {
        CHECK(text.find(secret) == std::string::npos);
    }
    CHECK(text.find("report_secret=<redacted>") != std::string::npos);
    CHECK(text.find("slack_bot_token=<redacted>") != std::string::npos);

    std::ostringstream streamed;
    streamed << cfg.discord.bot_token << ' ' << quiz::bot::secret{};
    CHECK(streamed.str() == "<redacted> <unset>");
    CHECK(fmt::format("{} {:>12}", cfg.slack.bot_token, cfg.report_secret) == "<redacted>   <redacted>");
}

TEST_CASE("config: the help lists every variable with its default", "[config]")
{
    const auto help = quiz::bot::config_help();
    for (const char* name : {"QUIZBOT_LISTEN",
                             "QUIZBOT_DB",
                             "QUIZBOT_CONTENT",
                             "QUIZBOT_PUBLIC_URL",
                             "QUIZBOT_REPORT_SECRET",
                             "QUIZBOT_LOG_FORMAT",
                             "QUIZBOT_THREADS",
                             "QUIZBOT_PLAYGROUND",
                             "QUIZBOT_TARGET_RETENTION",
                             "QUIZBOT_GRADE_BY_TIME",
                             "QUIZBOT_KEPT_MODEL_ROWS",
                             "DISCORD_PUBLIC_KEY",
                             "DISCORD_APPLICATION_ID",
                             "DISCORD_BOT_TOKEN",
                             "DISCORD_API_BASE",
                             "SLACK_SIGNING_SECRET",
                             "SLACK_BOT_TOKEN",
                             "SLACK_API_BASE",
                             "SLACK_RESPONSE_URL_HOSTS",
                             "DISCORD_INSTRUCTOR_ROLES",
                             "SLACK_INSTRUCTORS",
                             "QUIZBOT_MAX_BODY_BYTES",
                             "QUIZBOT_MAX_HEADER_BYTES",
                             "QUIZBOT_MAX_CONNECTIONS",
                             "QUIZBOT_READ_TIMEOUT_MS",
                             "QUIZBOT_IDLE_TIMEOUT_MS",
                             "QUIZBOT_REQUEST_TIMEOUT_MS",
                             "QUIZBOT_CONNECTIONS_PER_IP",
                             "QUIZBOT_HEADER_TIMEOUT_MS",
                             "QUIZBOT_MIN_BODY_RATE",
                             "QUIZBOT_NEW_LEARNERS_PER_HOUR",
                             "QUIZBOT_EXPIRE_ANONYMOUS_DAYS",
                             "QUIZBOT_MAX_QUEUED_ACTIONS",
                             "QUIZBOT_MAX_QUEUED_MESSAGES",
                             "QUIZBOT_OUTBOX_LEASE_SECONDS",
                             "QUIZBOT_REMINDER_LEASE_SECONDS"}) {
        CHECK(help.find(name) != std::string::npos);
    }
    CHECK(help.find("(default: 127.0.0.1:8080)") != std::string::npos);
    CHECK(help.find("(default: https://discord.com/api/v10)") != std::string::npos);
    CHECK(help.find("(default: hooks.slack.com)") != std::string::npos);
    CHECK(help.find("(default: 65536)") != std::string::npos);
    CHECK(quiz::bot::config_variables().size() == 39);
}

} // namespace bot_config_test
