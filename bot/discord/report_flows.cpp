// SPDX-License-Identifier: MIT
#include "bot/discord/report_flows.hpp"

#include "bot/discord/flows.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/discord/round_render.hpp"
#include "bot/overloaded.hpp"

#include <algorithm>
#include <cstdint>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

// Discord's permission bits (docs: Permissions, "Bitwise Permission Flags").
constexpr std::uint64_t administrator = std::uint64_t{1} << 3;
constexpr std::uint64_t manage_guild = std::uint64_t{1} << 5;

constexpr std::int64_t link_style = 5;

} // namespace

bool is_report_command(const interaction& in) noexcept
{
    return in.command && in.type == interaction_type::application_command && in.command->subcommand == "report";
}

bool is_instructor(const interaction& in, const std::vector<std::string>& instructor_roles) noexcept
{
    if (!in.in_guild()) {
        return false;
    }
    if ((in.member_permissions & (administrator | manage_guild)) != 0) {
        return true;
    }
    return std::ranges::any_of(in.member_roles, [&instructor_roles](const std::string& role) {
        return std::ranges::find(instructor_roles, role) != instructor_roles.end();
    });
}

tutoring::report_request report_request_of(const interaction& in, const std::vector<std::string>& instructor_roles)
{
    tutoring::report_request r;
    r.who = actor_of(in);
    r.as = is_instructor(in, instructor_roles) ? tutoring::standing::instructor : tutoring::standing::learner;
    if (in.command) {
        r.pack = in.command->option("pack");
        if (in.command->option("here") == "true" && !in.channel_id.empty()) {
            r.channel = in.channel_id;
        }
    }
    return r;
}

reply report_reply(const tutoring::report_screen& shown)
{
    return std::visit(overloaded{
                          [](const tutoring::notice_screen& n) { return note(n.text, true); },
                          [](const tutoring::class_report_screen& report) {
                              std::string body = "**" + plain_name(report.title) + "**";
                              for (const auto& line : report.lines) {
                                  const bool heading = line.ends_with(':');
                                  body += "\n" + std::string(heading ? "" : "- ") + plain_name(line);
                              }
                              // Long names and labels shorten the summary, never the note on the link.
                              auto content = fitted(body, "-# " + plain_name(report.link_note));
                              json::object link_button{{"type", 2},
                                                       {"style", link_style},
                                                       {"label", clip(report.link_label, max_label)},
                                                       {"url", report.link}};
                              return reply{reply_kind::new_message, true,
                                           message(std::move(content), json::array{row(json::array{link_button})})};
                          },
                      },
                      shown.body);
}

} // namespace quiz::bot::discord
