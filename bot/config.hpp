// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/limits.hpp"
#include "bot/logging.hpp"
#include "bot/secret.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot {

struct listen_address {
    std::string host = "127.0.0.1"; ///< an IP literal, IPv6 without brackets
    std::uint16_t port = 8080;

    /// "127.0.0.1:8080", "[::1]:8080".
    [[nodiscard]] std::string to_string() const;
    [[nodiscard]] bool is_loopback() const;
};

struct discord_settings {
    std::string public_key;     ///< 64 lowercase hex digits (Ed25519), "" when Discord is not configured
    std::string application_id; ///< a snowflake, digits only
    secret bot_token;
    std::string api_base = "https://discord.com/api/v10"; ///< no trailing '/'
    /// Role ids whose members see class reports, besides Administrator and Manage Server (docs/reports.md).
    std::vector<std::string> instructor_roles;
};

struct slack_settings {
    secret signing_secret;
    secret bot_token;
    std::string api_base = "https://slack.com/api"; ///< no trailing '/'
    /// Hosts (lowercase, optionally with ":port") that `response_url`s may point at; others are refused.
    std::vector<std::string> response_url_hosts{"hooks.slack.com"};
    /// User ids who see class reports, besides the workspace's admins and owners (docs/reports.md).
    std::vector<std::string> instructors;
};

/// Everything `quizbot serve` reads from its environment, validated.
struct config {
    listen_address listen;
    std::string database_path = "./data/quizbot.db"; ///< or a postgresql:// URI (may hold a password: shown_location)
    int database_pool = 8;                           ///< QUIZBOT_DB_POOL
    std::string content_dir = "./content/packs";
    std::string public_url; ///< base for links in messages, no trailing '/'; default "http://<listen>"
    secret report_secret;   ///< signs dashboard links; empty: the key kept in the database
    log_format log = log_format::plain;
    unsigned threads = 1;
    bool playground = true;
    /// New playground learners one client address may create an hour (a bucket that refills); 0: no limit.
    std::size_t playground_new_learners_per_hour = 60;
    /// Playground learners whose only visit is this many days old are erased; 0 keeps them.
    unsigned playground_expire_days = 30;
    /// The tutor's target retention: nullopt chooses the one with the most knowledge per minute (docs/tutor.md).
    std::optional<double> target_retention;
    bool grade_by_response_time = false;
    /// QUIZBOT_KEPT_MODEL_ROWS: engine::tutor_config::kept_model_rows (docs/storage.md, "Models kept between actions").
    std::size_t kept_model_rows = 200'000;
    bool reminders = true; ///< QUIZBOT_REMINDERS: reminders by DM (docs/reminders.md)
    /// QUIZBOT_MAX_QUEUED_ACTIONS, QUIZBOT_MAX_QUEUED_MESSAGES: beyond these, new actions are refused before they
    /// are acknowledged (tutoring::admission_limits, docs/reliability.md).
    std::size_t max_queued_actions = 2'000;
    std::size_t max_queued_messages = 5'000;
    /// QUIZBOT_OUTBOX_LEASE_SECONDS: a message a node took to send is another's after this (docs/reliability.md).
    unsigned outbox_lease_seconds = 30;
    /// QUIZBOT_REMINDER_LEASE_SECONDS: reminders a node claimed are another's after this (docs/reminders.md).
    unsigned reminder_lease_seconds = 600;
    unsigned round_max_players = 100; ///< QUIZBOT_ROUND_MAX_PLAYERS
    /// QUIZBOT_MAX_BODY_BYTES, QUIZBOT_MAX_HEADER_BYTES, QUIZBOT_MAX_CONNECTIONS, QUIZBOT_READ_TIMEOUT_MS,
    /// QUIZBOT_IDLE_TIMEOUT_MS, QUIZBOT_REQUEST_TIMEOUT_MS; the others keep their defaults.
    http::server_limits limits;
    discord_settings discord;
    slack_settings slack;
};

/// One or more invalid variables; `what()` has one line per problem, each starting with the variable's name.
/// Secret values never appear in it.
class config_error : public std::runtime_error {
public:
    explicit config_error(const std::vector<std::string>& problems);
    [[nodiscard]] const std::vector<std::string>& problems() const noexcept { return problems_; }

private:
    std::vector<std::string> problems_;
};

/// Reads one variable; nullopt when unset. An empty value counts as unset.
using environment = std::function<std::optional<std::string>(std::string_view name)>;

/// The process's environment (getenv).
[[nodiscard]] environment process_environment();

/// Reads and checks every variable, reporting all the bad ones at once. `hardware_threads` is the default for
/// QUIZBOT_THREADS (the number of cores; 0 counts as 1). Throws config_error.
[[nodiscard]] config load_config(const environment& env, unsigned hardware_threads);

/// A variable for `quizbot serve --help`.
struct config_variable {
    std::string_view name;
    std::string_view default_value; ///< as shown in help; "" for none
    std::string_view description;
    bool is_secret;
};

[[nodiscard]] std::span<const config_variable> config_variables() noexcept;

/// The help text listing every variable with its default (no current values, so no secret).
[[nodiscard]] std::string config_help();

/// One line for the startup log: where it listens, the paths, which platforms are configured. Secrets appear only
/// as "<redacted>"/"<unset>".
[[nodiscard]] std::string describe(const config& cfg);

} // namespace quiz::bot
