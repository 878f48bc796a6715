// SPDX-License-Identifier: MIT
#pragma once

#include "bot/assembly/core.hpp"
#include "bot/cli/serve.hpp"
#include "bot/config.hpp"
#include "bot/http/executors.hpp"
#include "bot/http/router.hpp"
#include "bot/outbound/client.hpp"
#include "bot/tutoring/admission.hpp"
#include "bot/tutoring/class_reports.hpp"
#include "bot/tutoring/reminders.hpp"
#include "bot/tutoring/round_screens.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/room_hub.hpp"

#include <spdlog/fwd.h>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace quiz::bot::cli {

struct report_access;

/// The front ends `quizbot serve` runs (the playground, Slack, Discord: each when configured) and what the core
/// reaches them through: the round publisher and the reminder sender of each platform. Declared before the server:
/// the playground's rooms outlive it, whose timers may still hold their waiting pages.
class front_ends {
public:
    /// What front ends work with besides the core; all of it outlives them.
    struct parts {
        assembly::core& core;
        config& cfg; ///< its public URL is read at each use: known once the server listens
        const serve_hooks& hooks;
        http::router& routes;
        boost::asio::io_context& context; ///< the server's: Discord's deferral timers
        const http::executors& run_on;
        outbound::client& outbound;
        report_access& reports;
        const tutoring::class_reports& class_reports;
        /// Refuses new actions before acknowledging them when too much work waits.
        const tutoring::admission& admission;
        spdlog::logger& log;
    };

    /// Registers each configured front end's routes, and the platforms' reminder senders (QUIZBOT_REMINDERS).
    void add(const parts& p);

    /// Shows a round's change on its platform (the rounds' publish hook).
    void publish(const tutoring::round_screen& shown) const;
    [[nodiscard]] bool can_send_reminders(const std::string& platform) const;
    [[nodiscard]] const std::map<std::string, tutoring::reminder_sender, std::less<>>& reminder_senders() const
    {
        return reminder_senders_;
    }

private:
    void add_playground(const parts& p);
    void add_slack(const parts& p);
    void add_discord(const parts& p);
    void add_reminder_senders(const parts& p);

    std::map<std::string, std::function<void(const tutoring::round_screen&)>, std::less<>> round_publishers_;
    std::map<std::string, tutoring::reminder_sender, std::less<>> reminder_senders_;
    std::optional<web::learner_gate> learner_gate_;
    std::optional<web::room_hub> rooms_;
};

} // namespace quiz::bot::cli
