// SPDX-License-Identifier: MIT
#include "bot/cli/front_ends.hpp"

#include "bot/cli/serve_startup.hpp"
#include "bot/discord/reminder_dm.hpp"
#include "bot/discord/routes.hpp"
#include "bot/outbound/client.hpp"
#include "bot/slack/reminder_dm.hpp"
#include "bot/slack/routes.hpp"
#include "bot/web/playground.hpp"
#include "bot/web/rooms.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>

namespace quiz::bot::cli {

void front_ends::add(const parts& p)
{
    if (p.cfg.playground) {
        add_playground(p);
    }
    // The platforms: each registers its routes when its credentials are configured.
    if (!p.cfg.slack.signing_secret.empty()) {
        add_slack(p);
    }
    if (!p.cfg.discord.public_key.empty()) {
        add_discord(p);
    }
    if (p.cfg.reminders) {
        add_reminder_senders(p);
    }
}

void front_ends::publish(const tutoring::round_screen& shown) const
{
    if (const auto it = round_publishers_.find(shown.platform); it != round_publishers_.end()) {
        it->second(shown);
    }
}

bool front_ends::can_send_reminders(const std::string& platform) const { return reminder_senders_.contains(platform); }

void front_ends::add_playground(const parts& p)
{
    auto& log = p.log;
    learner_gate_.emplace(p.reports.learner_tokens, web::creation_limit{p.cfg.playground_new_learners_per_hour},
                          [&log](const std::string& warning) { log.warn("{}", warning); });
    if (p.cfg.playground_new_learners_per_hour == 0 && p.cfg.listen.is_loopback()) {
        log.warn("the playground creates learners without a limit (QUIZBOT_NEW_LEARNERS_PER_HOUR=0); behind a reverse "
                 "proxy it is open to anyone who reaches the proxy");
    }
    web::add_playground_routes(p.routes, p.core.tutoring(), *learner_gate_, p.admission);
    // A waiting page is answered well before the server's own request deadline would answer it 503.
    const auto hold = std::clamp(p.cfg.limits.request_deadline * 5 / 6, std::chrono::milliseconds{100},
                                 std::chrono::milliseconds{25'000});
    // Polled while pages wait, so that what other nodes on the database did to a room reaches this node's pages.
    rooms_.emplace(p.run_on.later, hold, 1000,
                   [&rounds = p.core.rounds()](engine::round_id round) { rounds.refresh(round); });
    web::add_room_routes(p.routes, p.core.rounds(), *rooms_, *learner_gate_, p.admission, p.core.seeds());
    round_publishers_["web"] = [this](const tutoring::round_screen& shown) { rooms_->publish(shown); };
}

void front_ends::add_slack(const parts& p)
{
    round_publishers_["slack"] = slack::add_slack_routes(p.routes, {.tutoring = p.core.tutoring(),
                                                                    .settings = p.cfg.slack,
                                                                    .public_url = p.cfg.public_url,
                                                                    .outbound = p.outbound,
                                                                    .log = p.log,
                                                                    .rounds = &p.core.rounds(),
                                                                    .clock = p.core.clock(),
                                                                    .reports = &p.class_reports,
                                                                    .admission = &p.admission,
                                                                    .letters = p.core.letters()});
    p.log.info("slack routes on /slack/commands /slack/interactions /slack/events");
}

void front_ends::add_discord(const parts& p)
{
    discord::endpoint_settings settings;
    settings.public_key = p.cfg.discord.public_key;
    settings.api_base = p.cfg.discord.api_base;
    settings.defer_after = p.hooks.discord_defer_after;
    settings.application_id = p.cfg.discord.application_id;
    settings.instructor_roles = p.cfg.discord.instructor_roles;
    discord::add_discord_routes(p.routes,
                                {p.core.tutoring(), p.core.rounds(), p.context, p.outbound, p.log, settings,
                                 &p.cfg.public_url, p.core.clock(), &p.class_reports, &p.admission, p.core.letters()});
    p.log.info("discord route on /discord/interactions");
}

void front_ends::add_reminder_senders(const parts& p)
{
    const auto& cfg = p.cfg;
    if (!cfg.discord.public_key.empty() && !cfg.discord.bot_token.empty()) {
        reminder_senders_["discord"] = discord::reminder_dm_sender(
            p.outbound, {cfg.discord.api_base, cfg.discord.bot_token, cfg.public_url}, p.log);
    }
    if (!cfg.slack.signing_secret.empty() && !cfg.slack.bot_token.empty()) {
        reminder_senders_["slack"] =
            slack::reminder_dm_sender(p.outbound, cfg.slack.api_base, std::string(cfg.slack.bot_token.reveal()), p.log);
    }
}

} // namespace quiz::bot::cli
