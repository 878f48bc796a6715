// SPDX-License-Identifier: MIT
#include "engine/reports/class_summary.hpp"

#include <algorithm>
#include <map>

namespace quiz::engine {

namespace {

/// Mean mastery of the concepts the learner answered on; nullopt when they answered none.
std::optional<double> studied_mastery(const learner_row& l)
{
    double sum = 0;
    int n = 0;
    for (const auto& c : l.concepts) {
        if (c.answers > 0) {
            sum += c.mastery;
            ++n;
        }
    }
    return n > 0 ? std::optional(sum / n) : std::nullopt;
}

std::vector<hard_question> hardest(std::span<const item_row> items, const summary_options& options)
{
    std::vector<hard_question> out;
    for (const auto& item : items) {
        if (item.stats.n >= options.min_first_answers) {
            out.push_back({item.key, item.excerpt, item.stats.n, item.stats.facility});
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const hard_question& a, const hard_question& b) { return a.facility < b.facility; });
    out.resize(std::min(out.size(), options.top));
    return out;
}

std::vector<pulled_misconception> most_chosen(std::span<const item_row> items, const summary_options& options)
{
    // Keyed by the misconception's key, in first-seen (pack) order for equal counts.
    std::vector<pulled_misconception> out;
    std::map<std::string, std::size_t> at;
    for (const auto& item : items) {
        for (std::size_t c = 0; c < item.choice_misconception.size(); ++c) {
            const auto& m = item.choice_misconception[c];
            if (!m) {
                continue;
            }
            const auto [it, added] = at.try_emplace(m->value(), out.size());
            if (added) {
                out.push_back({*m, 0, 0});
            }
            auto& row = out[it->second];
            row.chosen += c < item.stats.choice_counts.size() ? item.stats.choice_counts[c] : 0;
        }
        // Each question probing a misconception counts its first answers once, however many choices carry it.
        std::vector<std::size_t> probed;
        for (const auto& m : item.choice_misconception) {
            if (m) {
                probed.push_back(at.at(m->value()));
            }
        }
        std::sort(probed.begin(), probed.end());
        probed.erase(std::unique(probed.begin(), probed.end()), probed.end());
        for (const auto i : probed) {
            out[i].out_of += item.stats.n;
        }
    }
    std::erase_if(out, [&](const pulled_misconception& m) { return m.chosen < options.min_first_answers; });
    std::stable_sort(out.begin(), out.end(),
                     [](const pulled_misconception& a, const pulled_misconception& b) { return a.chosen > b.chosen; });
    out.resize(std::min(out.size(), options.top));
    return out;
}

} // namespace

class_summary summarize_class(std::span<const learner_row> learners, std::span<const item_row> items, instant now,
                              const summary_options& options)
{
    class_summary s;
    int first_right = 0;
    for (const auto& l : learners) {
        ++s.learners;
        s.active += l.last_active && now - *l.last_active < options.active_window ? 1 : 0;
        s.answers += l.answers;
        s.first_answers += l.first_answers;
        first_right += l.first_right;
        const auto mastery = studied_mastery(l);
        learner_in_need n{l.id, l.identity, l.name, false, false, mastery.value_or(0), l.overdue};
        n.low_mastery = mastery && l.answers >= options.low_mastery_answers && *mastery < options.low_mastery;
        n.many_overdue = l.overdue >= options.many_overdue;
        if (n.low_mastery || n.many_overdue) {
            s.need_help.push_back(std::move(n));
        }
    }
    if (s.first_answers > 0) {
        s.first_accuracy = static_cast<double>(first_right) / s.first_answers;
    }
    std::stable_sort(s.need_help.begin(), s.need_help.end(), [](const learner_in_need& a, const learner_in_need& b) {
        return a.overdue != b.overdue ? a.overdue > b.overdue : a.mastery < b.mastery;
    });
    s.hardest = hardest(items, options);
    s.misconceptions = most_chosen(items, options);
    return s;
}

} // namespace quiz::engine
