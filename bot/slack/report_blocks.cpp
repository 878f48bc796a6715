// SPDX-License-Identifier: MIT
#include "bot/slack/report_blocks.hpp"

#include "bot/overloaded.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/block_parts.hpp"
#include "bot/slack/blocks.hpp"
#include "engine/text/text_render.hpp"

namespace quiz::bot::slack {

namespace json = boost::json;

namespace {

/// Slack's limit on a button's URL.
constexpr std::size_t max_button_url = 3000;

} // namespace

json::object report_message(const tutoring::report_screen& shown)
{
    return std::visit(
        overloaded{
            [](const tutoring::notice_screen& n) { return notice_message(escape_mrkdwn(n.text)); },
            [](const tutoring::class_report_screen& report) {
                std::string body;
                for (const auto& line : report.lines) {
                    const bool heading = line.ends_with(':');
                    body += heading ? "*" + escape_mrkdwn(line) + "*\n" : "• " + escape_mrkdwn(line) + "\n";
                }
                json::object open{{"type", "button"},
                                  {"text", plain(report.link_label, max_button_text)},
                                  {"action_id", "report_link"},
                                  {"url", report.link.substr(0, max_button_url)},
                                  {"style", "primary"}};
                json::array blocks{json::object{{"type", "header"}, {"text", plain(report.title, max_header_text)}},
                                   section(body), actions(json::array{std::move(open)}),
                                   context(escape_mrkdwn(report.link_note))};
                return message_of(report.title + "\n" + engine::joined_lines(report.lines), std::move(blocks));
            },
        },
        shown.body);
}

} // namespace quiz::bot::slack
