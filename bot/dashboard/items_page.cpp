// SPDX-License-Identifier: MIT
#include "bot/dashboard/html_table.hpp"
#include "bot/dashboard/pages.hpp"
#include "bot/dashboard/svg_chart.hpp"
#include "bot/report/class_tables.hpp"
#include "bot/web/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <sstream>

namespace quiz::bot::dashboard {

namespace {

struct flag_word {
    std::string_view key;
    phrase word;
};
constexpr std::array flag_words{
    flag_word{"broken", phrase::flag_broken},     flag_word{"too_hard", phrase::flag_too_hard},
    flag_word{"too_easy", phrase::flag_too_easy}, flag_word{"weak", phrase::flag_weak},
    flag_word{"dubious", phrase::flag_dubious},   flag_word{"guessable", phrase::flag_guessable},
};

/// "too_hard weak" as words of the page's language: "too hard, weak".
std::string flags_in_words(const page_context& at, const std::string& keys)
{
    std::istringstream in(keys);
    std::string key;
    std::string out;
    while (in >> key) {
        const auto it = std::ranges::find(flag_words, key, &flag_word::key);
        out += (out.empty() ? "" : ", ") + (it == flag_words.end() ? key : std::string(at.say(it->word)));
    }
    return out;
}

bool flagged(const engine::item_flags& f) noexcept
{
    return f.broken || f.too_hard || f.too_easy || f.weak || f.dubious || f.guessable;
}

std::string scatter(const page_context& at, const class_view& view)
{
    std::vector<point> points;
    std::size_t number = 0;
    for (const auto& item : view.rows.items) {
        ++number; // the question's number in the pack: keys beside 30 points would hide one another
        const double y = item.stats.discrimination.value_or(std::numeric_limits<double>::quiet_NaN());
        points.push_back({item.stats.n > 0 ? item.stats.facility : std::numeric_limits<double>::quiet_NaN(), y,
                          std::to_string(number),
                          fmt::format("{}. {}: {} {:.2f}, {} {:.2f}", number, item.key.value(),
                                      at.say(phrase::facility), item.stats.facility, at.say(phrase::discrimination), y),
                          flagged(item.stats.flags)});
    }
    const axis x{std::string(at.say(phrase::facility)), 0, 1, {0.2, 0.9}};
    const axis y{std::string(at.say(phrase::discrimination)), -1, 1, {0, 0.2}};
    return scatter_chart(std::string(at.say(phrase::item_map)), x, y, points);
}

std::string choices(const page_context& at, const class_view& view, const engine::item_row& item, std::size_t number,
                    std::string_view open_question)
{
    const auto q = view.index->find(item.key);
    if (!q) {
        return {};
    }
    const engine::question& question = view.index->at(*q);
    const engine::question_text* text = question.text.best(at.lang);
    std::vector<row_bar> rows;
    for (std::size_t c = 0; c < item.choice_share.size(); ++c) {
        std::string label = fmt::format("{}. ", static_cast<char>('A' + std::min<std::size_t>(c, 25)));
        if (text != nullptr && c < text->choices.size()) {
            label += engine::stem_excerpt(text->choices[c].text); // whole words, whole UTF-8 characters
        }
        if (c < item.choice_misconception.size() && item.choice_misconception[c]) {
            label += " [" + item.choice_misconception[c]->value() + "]";
        }
        const double share = item.choice_share[c].value_or(0.0);
        std::string value = fmt::format("{:.0f} %", share * 100);
        if (c == question.correct) {
            value += " · " + std::string(at.say(phrase::right_answer));
        }
        rows.push_back({label, share, value, c == question.correct});
    }
    std::string out = "<details id=\"q-";
    web::append_escaped(out, item.key.value());
    out += item.key.value() == open_question ? "\" open><summary>" : "\"><summary>";
    out += std::to_string(number) + ". <code>";
    web::append_escaped(out, item.key.value());
    out += "</code> ";
    web::append_escaped(out, text != nullptr ? text->stem : item.excerpt);
    out += "</summary>\n";
    out += bar_rows(std::string(at.say(phrase::distractors)) + " · " + item.key.value(), rows);
    return out + "</details>\n";
}

} // namespace

std::string items_page(const page_context& at, const class_view& view, std::string_view open_question)
{
    std::string main = export_links(at, "/reports/items");
    if (view.index == nullptr) {
        main += "<p>" + web::html_escape(at.say(phrase::nothing_yet)) + "</p>\n";
        return dashboard_page(at, at.say(phrase::items), main);
    }
    main += scatter(at, view) + "\n";
    auto rows = report::items_table(view.rows.items);
    const auto flags_at = std::ranges::find(rows.columns, "flags") - rows.columns.begin();
    for (auto& row : rows.rows) {
        if (auto* keys = std::get_if<std::string>(&row[static_cast<std::size_t>(flags_at)])) {
            *keys = flags_in_words(at, *keys);
        }
    }
    main += html_table(rows);
    main += "<h2>";
    web::append_escaped(main, at.say(phrase::distractors));
    main += "</h2>\n";
    for (std::size_t i = 0; i < view.rows.items.size(); ++i) {
        main += choices(at, view, view.rows.items[i], i + 1, open_question);
    }
    return dashboard_page(at, at.say(phrase::items), main);
}

} // namespace quiz::bot::dashboard
