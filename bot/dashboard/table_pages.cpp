// SPDX-License-Identifier: MIT
#include "bot/dashboard/html_table.hpp"
#include "bot/dashboard/pages.hpp"
#include "bot/dashboard/svg_chart.hpp"
#include "bot/report/class_tables.hpp"
#include "bot/web/html.hpp"

#include <fmt/format.h>

namespace quiz::bot::dashboard {

namespace {

std::string nothing_yet(const page_context& at)
{
    return "<p>" + web::html_escape(at.say(phrase::nothing_yet)) + "</p>\n";
}

} // namespace

std::string learners_page(const page_context& at, const class_view& view)
{
    std::string main = export_links(at, "/reports/learners");
    main += view.index == nullptr ? nothing_yet(at)
                                  : html_table(report::learners_table(*view.index, view.rows.learners));
    return dashboard_page(at, at.say(phrase::learners), main);
}

std::string concepts_page(const page_context& at, const class_view& view)
{
    std::string main = export_links(at, "/reports/concepts");
    main += view.index == nullptr ? nothing_yet(at) : html_table(report::concepts_table(view.rows.concepts));
    return dashboard_page(at, at.say(phrase::concepts), main);
}

std::string activity_page(const page_context& at, const class_view& view)
{
    std::string main = export_links(at, "/reports/activity");
    if (view.activity.empty()) {
        return dashboard_page(at, at.say(phrase::activity), main + nothing_yet(at));
    }
    const auto table = report::activity_table(view.activity);
    std::vector<bar> days;
    std::vector<row_bar> weeks;
    for (std::size_t i = 0; i < view.activity.size(); ++i) {
        const auto& day = view.activity[i];
        const auto& date = std::get<std::string>(table.rows[i][0]);
        days.push_back({date.substr(5), static_cast<double>(day.answers),
                        fmt::format("{}: {} {}", date, day.answers, at.say(phrase::answers))});
        const auto& week = std::get<std::string>(table.rows[i][4]);
        if (weeks.empty() || weeks.back().label != week) {
            const double share = day.week_accuracy.value_or(0.0);
            weeks.push_back({week, share,
                             fmt::format("{:.0f} % ({} {})", share * 100, day.week_answers, at.say(phrase::answers)),
                             false});
        }
    }
    main += "<h2>" + web::html_escape(at.say(phrase::answers)) + "</h2>\n";
    main += column_chart(std::string(at.say(phrase::answers)), days, days.size() > 20 ? 7 : 1) + "\n";
    main += "<h2>" + web::html_escape(at.say(phrase::per_week)) + "</h2>\n";
    main += bar_rows(std::string(at.say(phrase::per_week)), weeks) + "\n";
    main += html_table(table);
    return dashboard_page(at, at.say(phrase::activity), main);
}

std::string refusal_page(engine::language lang, link_refusal why)
{
    const phrase reason = why == link_refusal::missing  ? phrase::refused_missing
                          : why == link_refusal::forged ? phrase::refused_forged
                                                        : phrase::refused_expired;
    std::string main = "<p class=\"refusal\">" + web::html_escape(say(lang, reason)) + "</p>\n<p>" +
                       web::html_escape(say(lang, phrase::ask_again)) + "</p>\n";
    return bare_page(lang, say(lang, phrase::refused_title), main);
}

} // namespace quiz::bot::dashboard
