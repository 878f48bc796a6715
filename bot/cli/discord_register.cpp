// SPDX-License-Identifier: MIT
#include "bot/cli/discord_register.hpp"

#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"
#include "bot/discord/command_set.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/user_agent.hpp"
#include "bot/logging.hpp"
#include "bot/metrics.hpp"
#include "bot/outbound/client.hpp"
#include "bot/service_metrics.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>
#include <spdlog/sinks/null_sink.h>

#include <ostream>
#include <thread>

namespace quiz::bot::cli {

namespace {

namespace json = boost::json;

/// Discord's field errors nest by path: {"0": {"name": {"_errors": [{"code", "message"}]}}}. One line each.
void print_field_errors(std::ostream& out, const json::value& node, const std::string& path)
{
    if (!node.is_object()) {
        return;
    }
    for (const auto& [key, value] : node.as_object()) {
        if (key == "_errors" && value.is_array()) {
            for (const auto& e : value.as_array()) {
                if (!e.is_object()) {
                    continue;
                }
                const auto* code = e.as_object().if_contains("code");
                const auto* message = e.as_object().if_contains("message");
                out << "  " << (path.empty() ? "(body)" : path) << ": "
                    << (message != nullptr && message->is_string() ? std::string(message->as_string()) : "?");
                if (code != nullptr && code->is_string()) {
                    out << " [" << code->as_string().c_str() << "]";
                }
                out << '\n';
            }
        } else {
            print_field_errors(out, value, path.empty() ? std::string(key) : path + "." + std::string(key));
        }
    }
}

void print_refusal(std::ostream& err, const outbound::response& resp)
{
    err << "error: Discord refused the commands (HTTP " << resp.status << ")";
    boost::system::error_code ec;
    const auto body = json::parse(resp.body, ec);
    if (ec || !body.is_object()) {
        err << '\n';
        return;
    }
    const auto& o = body.as_object();
    if (const auto* code = o.if_contains("code")) {
        err << ": code " << json::serialize(*code);
    }
    if (const auto* message = o.if_contains("message"); message != nullptr && message->is_string()) {
        err << ", " << message->as_string().c_str();
    }
    err << '\n';
    if (const auto* errors = o.if_contains("errors")) {
        print_field_errors(err, *errors, "");
    }
    if (resp.status == 401) {
        err << "Check DISCORD_BOT_TOKEN (the Bot token of this application, not its public key or secret).\n";
    } else if (resp.status == 403 || resp.status == 404) {
        err << "Check DISCORD_APPLICATION_ID, and for --guild that the application is installed in that server.\n";
    }
}

int run_register(const std::vector<std::string_view>& words, io streams)
{
    const args parsed = args::parse(words, {"guild"});
    if (!parsed.positionals().empty()) {
        throw usage_error("unexpected argument '" + parsed.positionals().front() + "'");
    }
    return register_discord_commands(process_environment(), parsed.value("guild"), streams);
}

} // namespace

int register_discord_commands(const environment& env, const std::optional<std::string>& guild, io streams)
{
    config cfg;
    try {
        cfg = load_config(env, 1);
    } catch (const config_error& e) {
        for (const auto& problem : e.problems()) {
            streams.err << "error: " << problem << '\n';
        }
        return exit_usage;
    }
    bool ready = true;
    if (cfg.discord.application_id.empty()) {
        streams.err << "error: DISCORD_APPLICATION_ID is not set (the portal's General Information page shows it)\n";
        ready = false;
    }
    if (cfg.discord.bot_token.empty()) {
        streams.err << "error: DISCORD_BOT_TOKEN is not set (the portal's Bot page resets and shows it)\n";
        ready = false;
    }
    if (guild && !discord::is_snowflake(*guild)) {
        streams.err << "error: --guild expects a server id (digits only)\n";
        ready = false;
    }
    if (!ready) {
        return exit_usage;
    }

    boost::asio::io_context context;
    auto logger = make_logger(cfg.log, std::make_shared<spdlog::sinks::null_sink_mt>());
    metrics::registry registry;
    service_metrics metrics(registry);
    outbound::client_options options;
    options.user_agent = discord::user_agent(cfg.public_url);
    outbound::client client(context, options, *logger, metrics);

    const json::array commands = discord::command_set();
    outbound::request req;
    req.method = http::verb::put;
    req.url = cfg.discord.api_base + "/applications/" + cfg.discord.application_id +
              (guild ? "/guilds/" + *guild : std::string{}) + "/commands";
    req.fields.set("Authorization", "Bot " + std::string(cfg.discord.bot_token.reveal()));
    req.fields.set("Content-Type", "application/json");
    req.body = json::serialize(commands);
    req.label = "discord.bulk_overwrite_commands";
    req.idempotent = true; // a bulk overwrite gives the same result when repeated

    std::optional<outbound::result> done;
    client.send(std::move(req), [&done](outbound::result r) { done = std::move(r); });
    context.run();
    if (!done || !done->ok()) {
        streams.err << "error: could not reach Discord at " << cfg.discord.api_base << ": "
                    << (done ? done->message : std::string("no answer")) << '\n';
        return exit_failure;
    }
    if (done->resp.status != 200) {
        print_refusal(streams.err, done->resp);
        return exit_failure;
    }
    boost::system::error_code ec;
    const auto body = json::parse(done->resp.body, ec);
    streams.out << "registered " << (guild ? "in server " + *guild : std::string("globally")) << ":";
    if (!ec && body.is_array()) {
        for (const auto& c : body.as_array()) {
            const auto* name = c.is_object() ? c.as_object().if_contains("name") : nullptr;
            const auto* id = c.is_object() ? c.as_object().if_contains("id") : nullptr;
            streams.out << " /" << (name != nullptr && name->is_string() ? std::string(name->as_string()) : "?");
            if (id != nullptr && id->is_string()) {
                streams.out << " (id " << id->as_string().c_str() << ")";
            }
        }
    }
    streams.out << '\n';
    if (!guild) {
        streams.out << "Global commands can take a few minutes to appear in clients.\n";
    }
    return exit_ok;
}

const command discord_register_command{
    {"discord", "register-commands"},
    "[--guild ID]",
    "register quizbot's /quiz command with Discord (globally, or in one server with --guild)",
    run_register,
    "Reads DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN and DISCORD_API_BASE (default https://discord.com/api/v10).\n"
    "Replaces the application's whole command set (bulk overwrite). A server's commands cannot be used in DMs:\n"
    "register globally for DMs.\n",
};

} // namespace quiz::bot::cli
