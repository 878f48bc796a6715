// SPDX-License-Identifier: MIT
#include "bot/config.hpp"
#include "bot/database_location.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdlib>

namespace quiz::bot {

namespace {

constexpr auto variables = std::to_array<config_variable>({
    {"QUIZBOT_LISTEN", "127.0.0.1:8080", "address and port to listen on: host:port, IPv6 in brackets ([::1]:8080)",
     false},
    {"QUIZBOT_DB", "./data/quizbot.db",
     "SQLite database file (created if missing), or a postgresql:// URI that several nodes may share", false},
    {"QUIZBOT_DB_POOL", "8", "PostgreSQL connections at most, 1-1000 (all but two run user actions)", false},
    {"QUIZBOT_CONTENT", "./content/packs", "folder of content packs", false},
    {"QUIZBOT_PUBLIC_URL", "http://<QUIZBOT_LISTEN>", "public base URL used in links sent to learners", false},
    {"QUIZBOT_REPORT_SECRET", "generated once, kept in the database",
     "key that signs instructors' dashboard links (at least 32 characters)", true},
    {"QUIZBOT_LOG_FORMAT", "plain", "log format: plain or json", false},
    {"QUIZBOT_THREADS", "<number of cores>", "IO threads serving HTTP (1-256)", false},
    {"QUIZBOT_PLAYGROUND", "on when listening on loopback, else off", "web playground: on or off", false},
    {"QUIZBOT_NEW_LEARNERS_PER_HOUR", "60",
     "new playground learners one client address may create an hour, 0 (no limit)-1000000", false},
    {"QUIZBOT_EXPIRE_ANONYMOUS_DAYS", "30",
     "days after which a playground learner who never came back is erased, 0 (never)-3650", false},
    {"QUIZBOT_TARGET_RETENTION", "optimal",
     "recall probability reviews aim at: optimal (most knowledge per minute of study, 0.80-0.95) or 0.70-0.97", false},
    {"QUIZBOT_ROUND_MAX_PLAYERS", "100", "players a study group's round takes (2-10000); more are told it is full",
     false},
    {"QUIZBOT_REMINDERS", "on",
     "reminders by DM when reviews are due, for learners who turn them on (needs the platform's bot token): on or "
     "off",
     false},
    {"QUIZBOT_GRADE_BY_TIME", "off",
     "on: a slow right answer counts as Hard, a fast one as Easy (docs/scheduler-evaluation.md, Grading)", false},
    {"QUIZBOT_KEPT_MODEL_ROWS", "200000",
     "question memories kept in learners' models between their actions, 0-100000000 (about 300 bytes each; 0 reads "
     "each model from the database in every action)",
     false},
    {"DISCORD_PUBLIC_KEY", "", "Discord application public key, 64 hex digits; unset disables Discord", false},
    {"DISCORD_APPLICATION_ID", "", "Discord application id (digits)", false},
    {"DISCORD_BOT_TOKEN", "", "Discord bot token, for REST calls", true},
    {"DISCORD_INSTRUCTOR_ROLES", "",
     "comma-separated role ids whose members see class reports (besides Administrator and Manage Server)", false},
    {"DISCORD_API_BASE", "https://discord.com/api/v10", "Discord REST base URL", false},
    {"SLACK_SIGNING_SECRET", "", "Slack signing secret; unset disables Slack", true},
    {"SLACK_BOT_TOKEN", "", "Slack bot token (xoxb-...), for Web API calls", true},
    {"SLACK_API_BASE", "https://slack.com/api", "Slack Web API base URL", false},
    {"SLACK_RESPONSE_URL_HOSTS", "hooks.slack.com", "comma-separated hosts that Slack response_urls may point at",
     false},
    {"SLACK_INSTRUCTORS", "",
     "comma-separated user ids who see class reports (besides the workspace's admins and owners)", false},
    {"QUIZBOT_MAX_BODY_BYTES", "65536", "largest request body, 1024-67108864; larger is answered 413", false},
    {"QUIZBOT_MAX_HEADER_BYTES", "8192", "largest request line and fields, 1024-1048576; larger is answered 431",
     false},
    {"QUIZBOT_MAX_CONNECTIONS", "512", "connections served at once, 1-1000000 (keep below the open file limit)", false},
    {"QUIZBOT_CONNECTIONS_PER_IP", "128",
     "connections one client address may hold, 1-1000000 (behind a proxy: every connection is the proxy's)", false},
    {"QUIZBOT_HEADER_TIMEOUT_MS", "10000", "from a request's first byte to the end of its header, 100-3600000", false},
    {"QUIZBOT_MIN_BODY_RATE", "240", "bytes a second a request body must average after 5 s, 0 (none)-1000000000",
     false},
    {"QUIZBOT_READ_TIMEOUT_MS", "10000", "longest wait for more bytes of a started request, 100-3600000", false},
    {"QUIZBOT_IDLE_TIMEOUT_MS", "30000", "keep-alive: longest wait for a connection's next request, 100-3600000",
     false},
    {"QUIZBOT_MAX_QUEUED_ACTIONS", "2000",
     "actions waiting for the database, 1-1000000, beyond which new ones are refused before acknowledgement (503, "
     "Discord: busy)",
     false},
    {"QUIZBOT_MAX_QUEUED_MESSAGES", "5000",
     "messages to the platforms waiting or in flight, 1-1000000, beyond which new actions are refused the same way",
     false},
    {"QUIZBOT_OUTBOX_LEASE_SECONDS", "30",
     "how long a node holds a message it is sending, 2-3600; one its node died holding is sent by another after this",
     false},
    {"QUIZBOT_REMINDER_LEASE_SECONDS", "600",
     "how long a node holds the reminders it claimed, 2-86400 (longer than a batch's deliveries: docs/reminders.md); "
     "one its node died holding is sent after this, by that node restarted or another",
     false},
    {"QUIZBOT_REQUEST_TIMEOUT_MS", "30000",
     "from a request's first byte to its answer, 100-3600000; a slower handler is answered 503", false},
});

/// A value as it may appear in an error message: quoted and cut short (never called for secrets).
std::string shown(std::string_view value)
{
    constexpr std::size_t limit = 80;
    std::string out = "\"";
    for (const char c : value.substr(0, limit)) {
        out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    }
    return out + (value.size() > limit ? "...\"" : "\"");
}

bool has_space_or_control(std::string_view value)
{
    return std::any_of(value.begin(), value.end(), [](char c) { return static_cast<unsigned char>(c) <= 0x20; });
}

bool all_digits(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

template <class Int>
std::optional<Int> parse_int(std::string_view text)
{
    Int value{};
    if (!all_digits(text)) {
        return std::nullopt;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

bool is_ipv4(const std::string& host)
{
    in_addr addr{};
    return inet_pton(AF_INET, host.c_str(), &addr) == 1;
}

bool is_ipv6(const std::string& host)
{
    in6_addr addr{};
    return inet_pton(AF_INET6, host.c_str(), &addr) == 1;
}

std::optional<listen_address> parse_listen(std::string_view text)
{
    listen_address out;
    std::string_view port_text;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            return std::nullopt;
        }
        out.host = std::string(text.substr(1, close - 1));
        port_text = text.substr(close + 2);
        if (!is_ipv6(out.host)) {
            return std::nullopt;
        }
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string_view::npos || text.find(':') != colon) {
            return std::nullopt; // no port, or an IPv6 address without brackets
        }
        out.host = std::string(text.substr(0, colon));
        port_text = text.substr(colon + 1);
        if (out.host == "localhost") {
            out.host = "127.0.0.1";
        }
        if (!is_ipv4(out.host)) {
            return std::nullopt;
        }
    }
    const auto port = parse_int<std::uint16_t>(port_text);
    if (!port) {
        return std::nullopt;
    }
    out.port = *port;
    return out;
}

/// http(s)://host[:port][/path], no query or fragment; returned without a trailing '/'.
std::optional<std::string> parse_base_url(std::string_view text)
{
    std::string_view rest;
    if (text.starts_with("https://")) {
        rest = text.substr(8);
    } else if (text.starts_with("http://")) {
        rest = text.substr(7);
    } else {
        return std::nullopt;
    }
    const auto host_end = rest.find('/');
    const std::string_view authority = rest.substr(0, host_end);
    if (authority.empty() || authority.front() == ':' || has_space_or_control(text) ||
        text.find_first_of("?#") != std::string_view::npos || authority.find('@') != std::string_view::npos) {
        return std::nullopt;
    }
    std::string out(text);
    while (out.back() == '/') {
        out.pop_back();
    }
    return out;
}

bool valid_host_name(std::string_view host)
{
    const auto colon = host.rfind(':');
    if (colon != std::string_view::npos) {
        if (!parse_int<std::uint16_t>(host.substr(colon + 1))) {
            return false;
        }
        host = host.substr(0, colon);
    }
    return !host.empty() && host.front() != '.' && host.front() != '-' &&
           std::all_of(host.begin(), host.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-'; });
}

std::string lowercase(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

/// Collects the problems so that one run reports every bad variable.
class reader {
public:
    explicit reader(const environment& env) : env_(env) {}

    std::optional<std::string> get(std::string_view name) const
    {
        auto value = env_(name);
        if (value && value->empty()) {
            return std::nullopt;
        }
        return value;
    }

    void problem(std::string_view name, std::string message)
    {
        problems_.push_back(std::string(name) + ": " + message);
    }

    [[nodiscard]] const std::vector<std::string>& problems() const noexcept { return problems_; }

private:
    const environment& env_;
    std::vector<std::string> problems_;
};

void read_secret(reader& in, std::string_view name, secret& out, std::size_t min_length = 1)
{
    auto value = in.get(name);
    if (!value) {
        return;
    }
    if (has_space_or_control(*value)) {
        in.problem(name, "must not contain spaces or control characters (value not shown)");
    } else if (value->size() < min_length) {
        in.problem(name, "must be at least " + std::to_string(min_length) + " characters long (value not shown)");
    } else {
        out = secret(std::move(*value));
    }
}

/// Comma-separated items, spaces around each trimmed, each `normal`ised then checked by `valid`; `out` is left alone
/// when the variable is unset or any item is invalid.
template <class Valid, class Normal>
void read_list(reader& in, std::string_view name, Valid valid, Normal normal, std::string_view expected,
               std::vector<std::string>& out)
{
    const auto value = in.get(name);
    if (!value) {
        return;
    }
    std::vector<std::string> items;
    std::string_view rest = *value;
    while (true) {
        const auto comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        while (!item.empty() && item.front() == ' ') {
            item.remove_prefix(1);
        }
        while (!item.empty() && item.back() == ' ') {
            item.remove_suffix(1);
        }
        items.push_back(normal(item));
        if (!valid(items.back())) {
            in.problem(name, std::string(expected) + ", got " + shown(*value));
            return;
        }
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    out = std::move(items);
}

/// A Discord id: digits, at most 20 of them.
bool snowflake(std::string_view text) { return !text.empty() && text.size() <= 20 && all_digits(text); }

/// A Slack user id: U or W, then capital letters and digits.
bool slack_user_id(std::string_view text)
{
    return text.size() >= 3 && text.size() <= 32 && (text[0] == 'U' || text[0] == 'W') &&
           std::all_of(text.begin() + 1, text.end(),
                       [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

/// A whole number from `min` to `max`; `out` is left alone when the variable is unset or invalid.
template <class Int>
void read_number(reader& in, std::string_view name, Int min, Int max, Int& out)
{
    if (const auto value = in.get(name)) {
        const auto number = parse_int<Int>(*value);
        if (number && *number >= min && *number <= max) {
            out = *number;
        } else {
            in.problem(name, "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                                 ", got " + shown(*value));
        }
    }
}

/// `on` or `off`; `out` is left alone when the variable is unset or invalid.
void read_switch(reader& in, std::string_view name, bool& out)
{
    if (const auto value = in.get(name)) {
        if (*value == "on" || *value == "off") {
            out = *value == "on";
        } else {
            in.problem(name, "expected on or off, got " + shown(*value));
        }
    }
}

/// A decimal number such as 0.85 (no exponent), the whole text; nullopt for anything else.
std::optional<double> parse_decimal(std::string_view text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

void read_milliseconds(reader& in, std::string_view name, std::chrono::milliseconds& out)
{
    auto ms = static_cast<std::uint32_t>(out.count());
    read_number<std::uint32_t>(in, name, 100, 3'600'000, ms);
    out = std::chrono::milliseconds(ms);
}

void read_limits(reader& in, http::server_limits& limits)
{
    read_number<std::size_t>(in, "QUIZBOT_MAX_BODY_BYTES", 1024, 64 * 1024 * 1024, limits.body_limit);
    read_number<std::size_t>(in, "QUIZBOT_MAX_HEADER_BYTES", 1024, 1024 * 1024, limits.header_limit);
    read_number<std::size_t>(in, "QUIZBOT_MAX_CONNECTIONS", 1, 1'000'000, limits.max_connections);
    read_number<std::size_t>(in, "QUIZBOT_CONNECTIONS_PER_IP", 1, 1'000'000, limits.max_connections_per_address);
    read_milliseconds(in, "QUIZBOT_HEADER_TIMEOUT_MS", limits.header_timeout);
    read_number<std::size_t>(in, "QUIZBOT_MIN_BODY_RATE", 0, 1'000'000'000, limits.min_body_rate);
    read_milliseconds(in, "QUIZBOT_READ_TIMEOUT_MS", limits.read_timeout);
    read_milliseconds(in, "QUIZBOT_IDLE_TIMEOUT_MS", limits.idle_timeout);
    read_milliseconds(in, "QUIZBOT_REQUEST_TIMEOUT_MS", limits.request_deadline);
}

void read_base_url(reader& in, std::string_view name, std::string& out)
{
    if (const auto value = in.get(name)) {
        if (auto url = parse_base_url(*value)) {
            out = std::move(*url);
        } else {
            in.problem(name, "expected an http:// or https:// URL without query, got " + shown(*value));
        }
    }
}

} // namespace

std::string listen_address::to_string() const
{
    const bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ':' + std::to_string(port);
}

bool listen_address::is_loopback() const
{
    if (is_ipv4(host)) {
        return host.starts_with("127.");
    }
    in6_addr addr{};
    return inet_pton(AF_INET6, host.c_str(), &addr) == 1 && IN6_IS_ADDR_LOOPBACK(&addr);
}

config_error::config_error(const std::vector<std::string>& problems)
    : std::runtime_error([&problems] {
          std::string text;
          for (const auto& p : problems) {
              text += (text.empty() ? "" : "\n") + p;
          }
          return text;
      }()),
      problems_(problems)
{
}

environment process_environment()
{
    return [](std::string_view name) -> std::optional<std::string> {
        const char* value = std::getenv(std::string(name).c_str());
        return value == nullptr ? std::nullopt : std::optional<std::string>(value);
    };
}

config load_config(const environment& env, unsigned hardware_threads)
{
    reader in(env);
    config cfg;
    cfg.threads = std::clamp(hardware_threads, 1U, 256U);

    if (const auto value = in.get("QUIZBOT_LISTEN")) {
        if (auto address = parse_listen(*value)) {
            cfg.listen = std::move(*address);
        } else {
            in.problem("QUIZBOT_LISTEN", "expected host:port with an IP address or localhost, such as 127.0.0.1:8080, "
                                         "0.0.0.0:8080 or [::1]:8080, got " +
                                             shown(*value));
        }
    }
    if (auto value = in.get("QUIZBOT_DB")) {
        if (const auto problem = database_location_problem(*value)) {
            in.problem("QUIZBOT_DB", *problem);
        } else {
            cfg.database_path = std::move(*value);
        }
    }
    read_number<int>(in, "QUIZBOT_DB_POOL", 1, 1000, cfg.database_pool);
    if (auto value = in.get("QUIZBOT_CONTENT")) {
        cfg.content_dir = std::move(*value);
    }
    cfg.public_url = "http://" + cfg.listen.to_string();
    read_base_url(in, "QUIZBOT_PUBLIC_URL", cfg.public_url);
    read_secret(in, "QUIZBOT_REPORT_SECRET", cfg.report_secret, 32);

    if (const auto value = in.get("QUIZBOT_LOG_FORMAT")) {
        if (*value == "plain" || *value == "json") {
            cfg.log = *value == "json" ? log_format::json : log_format::plain;
        } else {
            in.problem("QUIZBOT_LOG_FORMAT", "expected plain or json, got " + shown(*value));
        }
    }
    read_number(in, "QUIZBOT_THREADS", 1U, 256U, cfg.threads);
    read_number(in, "QUIZBOT_ROUND_MAX_PLAYERS", 2U, 10000U, cfg.round_max_players);
    read_number<std::size_t>(in, "QUIZBOT_MAX_QUEUED_ACTIONS", 1, 1'000'000, cfg.max_queued_actions);
    read_number<std::size_t>(in, "QUIZBOT_MAX_QUEUED_MESSAGES", 1, 1'000'000, cfg.max_queued_messages);
    read_number(in, "QUIZBOT_OUTBOX_LEASE_SECONDS", 2U, 3600U, cfg.outbox_lease_seconds);
    read_number(in, "QUIZBOT_REMINDER_LEASE_SECONDS", 2U, 86400U, cfg.reminder_lease_seconds);
    read_limits(in, cfg.limits);
    cfg.playground = cfg.listen.is_loopback();
    read_switch(in, "QUIZBOT_PLAYGROUND", cfg.playground);
    read_number<std::size_t>(in, "QUIZBOT_NEW_LEARNERS_PER_HOUR", 0, 1'000'000, cfg.playground_new_learners_per_hour);
    read_number<unsigned>(in, "QUIZBOT_EXPIRE_ANONYMOUS_DAYS", 0, 3650, cfg.playground_expire_days);
    if (const auto value = in.get("QUIZBOT_TARGET_RETENTION"); value && *value != "optimal") {
        const auto number = parse_decimal(*value);
        if (number && *number >= 0.70 && *number <= 0.97) {
            cfg.target_retention = *number;
        } else {
            in.problem("QUIZBOT_TARGET_RETENTION",
                       "expected optimal or a number from 0.70 to 0.97, got " + shown(*value));
        }
    }
    read_switch(in, "QUIZBOT_GRADE_BY_TIME", cfg.grade_by_response_time);
    read_number<std::size_t>(in, "QUIZBOT_KEPT_MODEL_ROWS", 0, 100'000'000, cfg.kept_model_rows);
    read_switch(in, "QUIZBOT_REMINDERS", cfg.reminders);

    if (const auto value = in.get("DISCORD_PUBLIC_KEY")) {
        const bool hex = value->size() == 64 && std::all_of(value->begin(), value->end(), [](char c) {
                             return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
                         });
        if (hex) {
            cfg.discord.public_key = lowercase(*value);
        } else {
            in.problem("DISCORD_PUBLIC_KEY", "expected 64 hexadecimal digits (the application's public key), got " +
                                                 std::to_string(value->size()) + " characters: " + shown(*value));
        }
    }
    if (const auto value = in.get("DISCORD_APPLICATION_ID")) {
        if (value->size() <= 20 && parse_int<std::uint64_t>(*value)) {
            cfg.discord.application_id = *value;
        } else {
            in.problem("DISCORD_APPLICATION_ID", "expected the application id (digits only), got " + shown(*value));
        }
    }
    read_list(
        in, "DISCORD_INSTRUCTOR_ROLES", snowflake, [](std::string_view id) { return std::string(id); },
        "expected role ids (digits) separated by commas", cfg.discord.instructor_roles);
    read_secret(in, "DISCORD_BOT_TOKEN", cfg.discord.bot_token);
    read_base_url(in, "DISCORD_API_BASE", cfg.discord.api_base);

    read_secret(in, "SLACK_SIGNING_SECRET", cfg.slack.signing_secret);
    read_secret(in, "SLACK_BOT_TOKEN", cfg.slack.bot_token);
    if (!cfg.slack.bot_token.empty() && !cfg.slack.bot_token.reveal().starts_with("xoxb-")) {
        in.problem("SLACK_BOT_TOKEN", "expected a bot token starting with xoxb- (value not shown)");
        cfg.slack.bot_token = secret();
    }
    read_base_url(in, "SLACK_API_BASE", cfg.slack.api_base);
    read_list(in, "SLACK_RESPONSE_URL_HOSTS", valid_host_name, lowercase,
              "expected host names separated by commas, such as hooks.slack.com", cfg.slack.response_url_hosts);
    read_list(
        in, "SLACK_INSTRUCTORS", slack_user_id, [](std::string_view id) { return std::string(id); },
        "expected Slack user ids separated by commas, such as U012AB3CD", cfg.slack.instructors);

    if (!in.problems().empty()) {
        throw config_error(in.problems());
    }
    return cfg;
}

std::span<const config_variable> config_variables() noexcept { return variables; }

std::string config_help()
{
    std::size_t width = 0;
    for (const auto& v : variables) {
        width = std::max(width, v.name.size());
    }
    std::string out = "Configuration (environment variables; an empty value counts as unset):\n";
    for (const auto& v : variables) {
        out += "  " + std::string(v.name) + std::string(width - v.name.size() + 2, ' ') + std::string(v.description);
        out += v.default_value.empty() ? "" : " (default: " + std::string(v.default_value) + ")";
        out += v.is_secret ? " [secret]\n" : "\n";
    }
    return out;
}

std::string describe(const config& cfg)
{
    std::string slack_hosts;
    for (const auto& h : cfg.slack.response_url_hosts) {
        slack_hosts += (slack_hosts.empty() ? "" : ",") + h;
    }
    return "listen=" + cfg.listen.to_string() + " public_url=" + cfg.public_url +
           " db=" + log_quote(shown_location(cfg.database_path)) + " db_pool=" + std::to_string(cfg.database_pool) +
           " content=" + log_quote(cfg.content_dir) + " threads=" + std::to_string(cfg.threads) +
           " log_format=" + (cfg.log == log_format::json ? "json" : "plain") +
           " playground=" + (cfg.playground ? "on" : "off") +
           " playground_new_learners_per_hour=" + std::to_string(cfg.playground_new_learners_per_hour) +
           " expire_anonymous_days=" + std::to_string(cfg.playground_expire_days) + " target_retention=" +
           (cfg.target_retention ? std::to_string(*cfg.target_retention).substr(0, 4) : "optimal") +
           " grade_by_time=" + (cfg.grade_by_response_time ? "on" : "off") +
           " kept_model_rows=" + std::to_string(cfg.kept_model_rows) +
           " max_body_bytes=" + std::to_string(cfg.limits.body_limit) +
           " max_header_bytes=" + std::to_string(cfg.limits.header_limit) +
           " max_connections=" + std::to_string(cfg.limits.max_connections) +
           " max_connections_per_address=" + std::to_string(cfg.limits.max_connections_per_address) +
           " header_timeout_ms=" + std::to_string(cfg.limits.header_timeout.count()) +
           " min_body_rate=" + std::to_string(cfg.limits.min_body_rate) +
           " read_timeout_ms=" + std::to_string(cfg.limits.read_timeout.count()) +
           " idle_timeout_ms=" + std::to_string(cfg.limits.idle_timeout.count()) +
           " request_timeout_ms=" + std::to_string(cfg.limits.request_deadline.count()) +
           " report_secret=" + std::string(cfg.report_secret.redacted()) +
           " discord=" + (cfg.discord.public_key.empty() ? "off" : "on") +
           " discord_bot_token=" + std::string(cfg.discord.bot_token.redacted()) +
           " discord_api=" + cfg.discord.api_base + " slack=" + (cfg.slack.signing_secret.empty() ? "off" : "on") +
           " slack_bot_token=" + std::string(cfg.slack.bot_token.redacted()) + " slack_api=" + cfg.slack.api_base +
           " slack_response_url_hosts=" + slack_hosts +
           " discord_instructor_roles=" + std::to_string(cfg.discord.instructor_roles.size()) +
           " slack_instructors=" + std::to_string(cfg.slack.instructors.size());
}

} // namespace quiz::bot
