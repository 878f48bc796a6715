// SPDX-License-Identifier: MIT
#include "bot/dashboard/pages.hpp"
#include "bot/dashboard/svg_chart.hpp"
#include "bot/http/url_encoding.hpp"
#include "bot/web/html.hpp"
#include "engine/reports/class_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace quiz::bot::dashboard {

namespace {

std::string figure(std::string_view name, const std::string& value)
{
    std::string out = "<div><dt>";
    web::append_escaped(out, name);
    out += "</dt><dd>";
    web::append_escaped(out, value);
    return out + "</dd></div>";
}

std::string day_text(std::chrono::sys_days day)
{
    const std::chrono::year_month_day date{day};
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                       static_cast<unsigned>(date.day()));
}

std::string percent(double share) { return fmt::format("{:.0f} %", share * 100); }

/// A section's heading, then "no answers yet" when it has nothing to list.
std::string heading(const page_context& at, phrase title, bool empty)
{
    std::string out = "<h2>";
    web::append_escaped(out, at.say(title));
    out += "</h2>\n";
    if (empty) {
        out += "<p>";
        web::append_escaped(out, at.say(phrase::nothing_yet));
        out += "</p>\n";
    }
    return out;
}

std::string label_of(const engine::pack_index& index, const engine::misconception_key& key, engine::language lang)
{
    if (const auto i = index.find(key)) {
        if (const auto* label = index.content().misconceptions[*i].label.best(lang)) {
            return *label;
        }
    }
    return key.value();
}

std::string hardest(const page_context& at, const std::vector<engine::hard_question>& ranked)
{
    std::string out = heading(at, phrase::hardest, ranked.empty());
    if (ranked.empty()) {
        return out;
    }
    out += "<ol class=\"ranked\">";
    for (const auto& item : ranked) {
        out += "<li><a href=\"" +
               at.href("/reports/items", "question=" + http::percent_encode(item.key.value()) + "#q-" +
                                             http::percent_encode(item.key.value())) +
               "\"><code>";
        web::append_escaped(out, item.key.value());
        out += "</code></a> ";
        web::append_escaped(out, item.excerpt);
        out += " — " + percent(item.facility) + " (" + std::to_string(item.first_answers) + " ";
        web::append_escaped(out, at.say(phrase::chosen_first));
        out += ")</li>";
    }
    return out + "</ol>\n";
}

std::string misconceptions(const page_context& at, const class_view& view,
                           const std::vector<engine::pulled_misconception>& ranked)
{
    std::string out = heading(at, phrase::misconceptions, ranked.empty());
    if (ranked.empty()) {
        return out;
    }
    out += "<ol class=\"ranked\">";
    for (const auto& m : ranked) {
        out += "<li>";
        web::append_escaped(out, label_of(*view.index, m.key, at.lang));
        out += " <code>";
        web::append_escaped(out, m.key.value());
        out += "</code> — " + std::to_string(m.chosen) + " / " + std::to_string(m.out_of) + " ";
        web::append_escaped(out, at.say(phrase::chosen_first));
        out += "</li>";
    }
    return out + "</ol>\n";
}

std::string help_list(const page_context& at, const std::vector<engine::learner_in_need>& need_help)
{
    std::string out = "<h2>";
    web::append_escaped(out, at.say(phrase::needing_help));
    out += "</h2>\n<p class=\"meta\">";
    web::append_escaped(out, at.say(phrase::help_rule));
    out += "</p>\n<ul class=\"help\">";
    for (const auto& learner : need_help) {
        out += "<li>";
        web::append_escaped(out, learner.name);
        out += " <code>";
        web::append_escaped(out, learner.identity.platform + ":" + learner.identity.external_id);
        out += "</code> — " + percent(learner.mastery);
        if (learner.overdue > 0) {
            out += ", " + std::to_string(learner.overdue) + " ";
            web::append_escaped(out, at.say(phrase::overdue));
        }
        out += "</li>";
    }
    if (need_help.empty()) {
        out += "<li>";
        web::append_escaped(out, at.say(phrase::nobody));
        out += "</li>";
    }
    return out + "</ul>\n";
}

} // namespace

std::string overview_page(const page_context& at, const class_view& view, engine::instant now)
{
    // The same summary as the chat's, from the same rows (docs/reports.md, "Summary").
    const auto summary = engine::summarize_class(view.rows.learners, view.rows.items, now);
    std::string main = "<dl class=\"figures\">";
    main += figure(at.say(phrase::active_week), std::to_string(summary.active));
    main += figure(at.say(phrase::learners_all), std::to_string(summary.learners));
    main += figure(at.say(phrase::answers), std::to_string(summary.answers));
    main += figure(at.say(phrase::first_accuracy), summary.first_accuracy ? percent(*summary.first_accuracy) : "–");
    main += "</dl>\n";

    std::vector<bar> days;
    const auto from = view.activity.size() > 30 ? view.activity.end() - 30 : view.activity.begin();
    for (auto it = from; it != view.activity.end(); ++it) {
        const auto date = day_text(it->day);
        days.push_back({date.substr(5), static_cast<double>(it->answers),
                        fmt::format("{}: {} {}", date, it->answers, at.say(phrase::answers))});
    }
    main += heading(at, phrase::answers_per_day, days.empty());
    if (!days.empty()) {
        main += column_chart(std::string(at.say(phrase::answers_per_day)), days, 5) + "\n";
    }

    std::vector<row_bar> mastery;
    for (const auto& c : view.rows.concepts) {
        const int all = c.mastered + c.learning + c.not_started;
        const double share = all > 0 ? static_cast<double>(c.mastered) / all : 0.0;
        mastery.push_back({c.label.empty() ? c.key.value() : c.label, share, percent(share), false});
    }
    main += heading(at, phrase::mastery_per_concept, mastery.empty());
    if (!mastery.empty()) {
        main += bar_rows(std::string(at.say(phrase::mastery_per_concept)), mastery) + "\n";
    }
    if (view.index != nullptr) {
        main += hardest(at, summary.hardest);
        main += misconceptions(at, view, summary.misconceptions);
    }
    main += help_list(at, summary.need_help);
    return dashboard_page(at, at.say(phrase::overview), main);
}

} // namespace quiz::bot::dashboard
