// SPDX-License-Identifier: MIT
#include "bot/dashboard/pages.hpp"
#include "bot/dashboard/svg_chart.hpp"
#include "bot/http/url_encoding.hpp"
#include "bot/web/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace quiz::bot::dashboard {

namespace {

/// Rankings only count questions with this many first answers: fewer make a share of chance.
constexpr int min_first_answers = 5;

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

std::string hardest(const page_context& at, const class_view& view)
{
    std::vector<const engine::item_row*> ranked;
    for (const auto& item : view.rows.items) {
        if (item.stats.n >= min_first_answers) {
            ranked.push_back(&item);
        }
    }
    std::ranges::stable_sort(ranked, {}, [](const engine::item_row* r) { return r->stats.facility; });
    ranked.resize(std::min<std::size_t>(ranked.size(), 3));
    std::string out = heading(at, phrase::hardest, ranked.empty());
    if (ranked.empty()) {
        return out;
    }
    out += "<ol class=\"ranked\">";
    for (const auto* item : ranked) {
        out += "<li><a href=\"" +
               at.href("/reports/items", "question=" + http::percent_encode(item->key.value()) + "#q-" +
                                             http::percent_encode(item->key.value())) +
               "\"><code>";
        web::append_escaped(out, item->key.value());
        out += "</code></a> ";
        web::append_escaped(out, item->excerpt);
        out += " — " + percent(item->stats.facility) + " (" + std::to_string(item->stats.n) + " ";
        web::append_escaped(out, at.say(phrase::chosen_first));
        out += ")</li>";
    }
    return out + "</ol>\n";
}

std::string misconceptions(const page_context& at, const class_view& view)
{
    std::map<std::string, int> chosen;
    for (const auto& item : view.rows.items) {
        if (item.stats.n < min_first_answers) {
            continue;
        }
        for (std::size_t c = 0; c < item.choice_misconception.size() && c < item.stats.choice_counts.size(); ++c) {
            if (item.choice_misconception[c]) {
                chosen[item.choice_misconception[c]->value()] += item.stats.choice_counts[c];
            }
        }
    }
    std::vector<std::pair<std::string, int>> ranked(chosen.begin(), chosen.end());
    std::ranges::stable_sort(ranked, std::ranges::greater{}, &std::pair<std::string, int>::second);
    std::erase_if(ranked, [](const auto& p) { return p.second == 0; });
    ranked.resize(std::min<std::size_t>(ranked.size(), 3));
    std::string out = heading(at, phrase::misconceptions, ranked.empty());
    if (ranked.empty()) {
        return out;
    }
    out += "<ol class=\"ranked\">";
    for (const auto& [key, count] : ranked) {
        out += "<li>";
        web::append_escaped(out, label_of(*view.index, engine::misconception_key{key}, at.lang));
        out += " <code>";
        web::append_escaped(out, key);
        out += "</code> — " + std::to_string(count) + " ";
        web::append_escaped(out, at.say(phrase::chosen_first));
        out += "</li>";
    }
    return out + "</ol>\n";
}

std::string help_list(const page_context& at, const class_view& view)
{
    std::string out = "<h2>";
    web::append_escaped(out, at.say(phrase::needing_help));
    out += "</h2>\n<p class=\"meta\">";
    web::append_escaped(out, at.say(phrase::help_rule));
    out += "</p>\n<ul class=\"help\">";
    int listed = 0;
    for (const auto& learner : view.rows.learners) {
        if (!needs_help(learner)) {
            continue;
        }
        ++listed;
        out += "<li>";
        web::append_escaped(out, learner.name);
        out += " <code>";
        web::append_escaped(out, learner.identity.platform + ":" + learner.identity.external_id);
        out += "</code>";
        if (learner.first_accuracy) {
            out += " — " + percent(*learner.first_accuracy);
        }
        if (learner.overdue > 0) {
            out += ", " + std::to_string(learner.overdue) + " ";
            web::append_escaped(out, at.say(phrase::overdue));
        }
        out += "</li>";
    }
    if (listed == 0) {
        out += "<li>";
        web::append_escaped(out, at.say(phrase::nobody));
        out += "</li>";
    }
    return out + "</ul>\n";
}

} // namespace

bool needs_help(const engine::learner_row& learner) noexcept
{
    constexpr int min_answers = 5;
    constexpr int many_overdue = 5;
    constexpr double low_mastery = 0.3;
    if (learner.overdue >= many_overdue) {
        return true;
    }
    double sum = 0;
    int started = 0;
    for (const auto& c : learner.concepts) {
        if (c.answers > 0) {
            sum += c.mastery;
            ++started;
        }
    }
    return learner.first_answers >= min_answers && started > 0 && sum / started < low_mastery;
}

std::string overview_page(const page_context& at, const class_view& view, engine::instant now)
{
    const auto week_ago = now - std::chrono::days{7};
    int active = 0;
    int first_answers = 0;
    double first_right = 0;
    for (const auto& learner : view.rows.learners) {
        active += learner.last_active && *learner.last_active >= week_ago ? 1 : 0;
    }
    for (const auto& item : view.rows.items) {
        first_answers += item.stats.n;
        first_right += item.stats.facility * item.stats.n;
    }
    int answers = 0;
    for (const auto& day : view.activity) {
        answers += day.answers;
    }
    std::string main = "<dl class=\"figures\">";
    main += figure(at.say(phrase::active_week), std::to_string(active));
    main += figure(at.say(phrase::learners_all), std::to_string(view.rows.learners.size()));
    main += figure(at.say(phrase::answers), std::to_string(answers));
    main += figure(at.say(phrase::first_accuracy), first_answers > 0 ? percent(first_right / first_answers) : "–");
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
        main += hardest(at, view);
        main += misconceptions(at, view);
    }
    main += help_list(at, view);
    return dashboard_page(at, at.say(phrase::overview), main);
}

} // namespace quiz::bot::dashboard
