// SPDX-License-Identifier: MIT
#include "bot/report/class_tables.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace quiz::bot::report {

namespace {

cell count(int value) { return static_cast<std::int64_t>(value); }

cell share(const std::optional<double>& value) { return value ? cell(number{*value, 3}) : cell(); }

/// Logits: two decimals, finer than their standard errors.
cell logits(const std::optional<double>& value) { return value ? cell(number{*value, 2}) : cell(); }

template <class Key>
cell keys(const std::vector<Key>& values)
{
    std::string text;
    for (const auto& key : values) {
        text += (text.empty() ? "" : " ") + key.value();
    }
    return text;
}

std::string day_text(std::chrono::sys_days day)
{
    const std::chrono::year_month_day date{day};
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return buffer;
}

cell instant_text(const std::optional<engine::instant>& at)
{
    if (!at) {
        return {};
    }
    const auto day = std::chrono::floor<std::chrono::days>(*at);
    const std::chrono::hh_mm_ss time{std::chrono::floor<std::chrono::seconds>(*at - day)};
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "T%02d:%02d:%02dZ", static_cast<int>(time.hours().count()),
                  static_cast<int>(time.minutes().count()), static_cast<int>(time.seconds().count()));
    return day_text(day) + buffer;
}

std::string flags_text(const engine::item_flags& f)
{
    std::string text;
    const auto add = [&text](bool on, const char* name) {
        if (on) {
            text += (text.empty() ? "" : " ") + std::string(name);
        }
    };
    add(f.broken, "broken");
    add(f.too_hard, "too_hard");
    add(f.too_easy, "too_easy");
    add(f.weak, "weak");
    add(f.dubious, "dubious");
    add(f.guessable, "guessable");
    return text;
}

} // namespace

table items_table(std::span<const engine::item_row> rows)
{
    table out{{"question", "concepts", "text", "n", "facility", "sd", "discrimination", "efficiency", "rest_pairs",
               "random_guess", "later_n", "later_facility", "difficulty", "difficulty_se", "flags"},
              {}};
    std::size_t choices = 0;
    for (const auto& row : rows) {
        choices = std::max(choices, row.choice_share.size());
    }
    for (std::size_t c = 1; c <= choices; ++c) {
        out.columns.push_back("choice_" + std::to_string(c) + "_share");
        out.columns.push_back("choice_" + std::to_string(c) + "_misconception");
    }
    for (const auto& row : rows) {
        const auto& s = row.stats;
        std::vector<cell> cells{row.key.value(),
                                keys(row.concepts),
                                row.excerpt,
                                count(s.n),
                                number{s.facility, 3},
                                share(s.sd),
                                share(s.discrimination),
                                share(s.efficiency),
                                count(s.rest_pairs),
                                number{s.random_guess, 3},
                                count(s.later_n),
                                share(s.later_facility),
                                logits(row.difficulty),
                                logits(row.difficulty_se),
                                flags_text(s.flags)};
        if (s.n == 0) {
            cells[4] = cell(); // no facility before a first answer
        }
        for (std::size_t c = 0; c < choices; ++c) {
            cells.push_back(c < row.choice_share.size() ? share(row.choice_share[c]) : cell());
            const bool tagged = c < row.choice_misconception.size() && row.choice_misconception[c];
            cells.push_back(tagged ? cell(row.choice_misconception[c]->value()) : cell());
        }
        out.rows.push_back(std::move(cells));
    }
    return out;
}

table learners_table(const engine::pack_index& index, std::span<const engine::learner_row> rows)
{
    table out{{"learner", "name", "seen", "questions", "answers", "first_answers", "first_accuracy", "recent_accuracy",
               "mastered_concepts", "due_now", "overdue", "last_active", "streak_days", "open_misconceptions",
               "reminders"},
              {}};
    for (const auto& tag : index.content().concepts) {
        out.columns.push_back("mastery:" + tag.key.value());
    }
    for (const auto& row : rows) {
        std::vector<cell> cells{row.identity.platform + ":" + row.identity.external_id,
                                row.name,
                                count(row.seen),
                                count(row.questions),
                                count(row.answers),
                                count(row.first_answers),
                                share(row.first_accuracy),
                                share(row.recent_accuracy),
                                count(row.mastered_concepts),
                                count(row.due_now),
                                count(row.overdue),
                                instant_text(row.last_active),
                                count(row.streak_days),
                                keys(row.open_misconceptions),
                                cell(std::string(row.reminders ? "on" : "off"))};
        for (const auto& view : row.concepts) {
            cells.emplace_back(number{view.mastery, 2});
        }
        out.rows.push_back(std::move(cells));
    }
    return out;
}

table concepts_table(std::span<const engine::concept_row> rows)
{
    table out{{"concept", "label", "questions", "learners", "mastered", "learning", "not_started", "first_answers",
               "facility", "open_misconceptions"},
              {}};
    for (const auto& row : rows) {
        out.rows.push_back({row.key.value(), row.label, count(row.questions), count(row.learners), count(row.mastered),
                            count(row.learning), count(row.not_started), count(row.first_answers), share(row.facility),
                            count(row.open_misconceptions)});
    }
    return out;
}

table activity_table(std::span<const engine::activity_day> rows)
{
    table out{{"day", "answers", "correct", "accuracy", "week", "week_answers", "week_accuracy"}, {}};
    for (const auto& row : rows) {
        char week[16];
        std::snprintf(week, sizeof week, "%04d-W%02d", row.week.year, row.week.week);
        const std::optional<double> accuracy =
            row.answers > 0 ? std::optional(static_cast<double>(row.correct) / row.answers) : std::nullopt;
        out.rows.push_back({day_text(row.day), count(row.answers), count(row.correct), share(accuracy),
                            std::string(week), count(row.week_answers), share(row.week_accuracy)});
    }
    return out;
}

} // namespace quiz::bot::report
