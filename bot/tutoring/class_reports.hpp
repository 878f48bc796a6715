// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/actions.hpp"
#include "bot/tutoring/class_report_screen.hpp"

#include "engine/reports/report_ports.hpp"

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

class pack_shelf;

/// Whether the person asking may see their class's report, as their front end established it from the platform
/// (Discord's member permissions and roles, Slack's users.info, the configured ids: docs/reports.md, "Who sees what").
enum class standing : unsigned char { learner, instructor };

/// `/quiz report`: the summary of the class the person acts in (`who.workspace`), for an instructor.
struct report_request {
    actor who;
    standing as = standing::learner;
    std::optional<std::string> channel; ///< narrows the class to those who played a round in this channel
    std::optional<std::string> pack;    ///< as typed; nullopt: the first pack answered in the class
};

/// What class reports work with; everything must outlive the object and its pending reads.
struct class_report_parts {
    engine::report_source& source; ///< only used in the work handed to `run`
    const engine::pack_library& library;
    const pack_shelf& shelf;
    /// Runs a class's read away from the IO threads and the writer (the server: the reports' own thread).
    std::function<void(std::function<void()>)> run;
    /// Hands the screen back to the front end (the server: a post to the IO threads).
    std::function<void(std::function<void()>)> hand_over;
    /// The dashboard's URL for a class (report::scope_text) and an instructor ("discord:<user>", "slack:<team>:<user>"),
    /// signed at `now` for the link's lifetime, without the language and pack parameters.
    std::function<std::string(const std::string& scope, const std::string& by, engine::instant now)> sign;
    std::function<engine::instant()> clock;
    spdlog::logger& log;
};

/// The instructor's side of the chat front ends: who may see a class's summary, the summary itself read through the
/// report port and summarised by the engine, and the signed dashboard link; once for Discord and Slack.
class class_reports {
public:
    explicit class_reports(class_report_parts parts);

    /// Shows the summary, or why not (a notice): refusals at once, the summary once read. `show` runs through
    /// hand_over, once.
    void perform(report_request r, std::function<void(report_screen)> show) const;

private:
    [[nodiscard]] report_screen summarize(const report_request& r, engine::instant now) const;

    class_report_parts p_;
};

/// How long the dashboard link `/quiz report` hands out stays valid.
inline constexpr std::chrono::hours report_link_lifetime{1};

} // namespace quiz::bot::tutoring
