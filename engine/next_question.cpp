// SPDX-License-Identifier: MIT
#include "engine/next_question.hpp"

#include "engine/recall_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace quiz::engine {

namespace {

constexpr std::array reason_names{"retry", "follow_up", "review", "new", "practice"};

bool in_concept(const pack_index& index, std::uint32_t q, std::optional<std::uint32_t> only_concept)
{
    if (!only_concept) {
        return true;
    }
    const auto concepts = index.concepts_of(q);
    return std::find(concepts.begin(), concepts.end(), *only_concept) != concepts.end();
}

/// The UTC day number of an instant (as fsrs::calendar_days_between counts days), inline for the scans.
std::int64_t day_of(instant t) noexcept { return std::chrono::floor<std::chrono::days>(t).time_since_epoch().count(); }

/// Due once the memory model's recall has fallen to the target, on a later day than the last answer. Without a
/// calibration layer that is round(S × factor) days (closed form); with one, recall::days_until.
bool due_with(const learner_model& model, const question_memory& memory, const group_view& group, std::int64_t today,
              const tutor_config& config)
{
    if (!memory.seen() || !memory.card.last_review) {
        return false;
    }
    const auto days = today - day_of(*memory.card.last_review);
    if (model.recall.layer.identity()) {
        return days >= interval_days(memory.card.stability, group.factor, config);
    }
    return days >=
           recall::days_until(model.recall, card_view_of(memory), config.target_retention, config.maximum_interval);
}

bool probes_open_misconception(const pack_index& index, const learner_model& model, std::uint32_t q)
{
    for (const auto m : index.misconceptions_of(q)) {
        if (model.open_misconception[m] != 0) {
            return true;
        }
    }
    return false;
}

/// Urgency from the question's curve key (recall_curve::key) and its bonus level.
double urgency_at(double key, int missed, bool misconception, const recall_curve& curve, const tutor_config& config)
{
    double value = config.target_retention - curve.at(key);
    value += config.missed_bonus * static_cast<double>(missed);
    if (misconception) {
        value += config.misconception_bonus;
    }
    return value;
}

double urgency_with(const pack_index& index, const learner_model& model, std::uint32_t q, const recall_curve& curve,
                    instant now, const tutor_config& config)
{
    const auto& memory = model.memory[q];
    return urgency_at(curve.key(memory, now), std::min(memory.wrong, 3), probes_open_misconception(index, model, q),
                      curve, config);
}

/// The question with the largest curve key in one bucket; the first in guide order on a tie.
struct candidate {
    double key = -1.0;
    std::uint32_t question = 0;

    void offer(double k, std::uint32_t q) noexcept
    {
        if (k > key) {
            key = k;
            question = q;
        }
    }
    [[nodiscard]] bool empty() const noexcept { return key < 0.0; }
};

// Rules 3 and 5 rank by the memory model's recall, plus (rule 3) a bonus of one of eight levels
// (earlier misses 0..3, an open misconception or not). Within one group and one level the ranking follows the
// curve key alone, so the scan keeps the best key per group and level, and only those few candidates get a power.
constexpr std::size_t bonus_levels = 8;

std::size_t bonus_level(int missed, bool misconception) noexcept
{
    return static_cast<std::size_t>(missed) * 2U + (misconception ? 1U : 0U);
}

bool contains(std::span<const std::uint32_t> values, std::uint32_t value)
{
    return std::find(values.begin(), values.end(), value) != values.end();
}

} // namespace

std::vector<group_view> view_groups(const pack_index& index, const learner_model& model, const tutor_config& config)
{
    std::vector<group_view> groups(index.group_count());
    for (std::uint32_t g = 0; g < index.group_count(); ++g) {
        const auto concepts = index.group_concepts(g);
        double sum = 0.0;
        double relative = 0.0;
        double weakest = 0.0;
        for (const auto c : concepts) {
            sum += model.skills[c].form;
            relative += model.skills[c].form - (c < model.typical_form.size() ? model.typical_form[c] : 0.0);
            weakest = std::min(weakest, model.skills[c].form);
        }
        auto& view = groups[g];
        const double n = concepts.empty() ? 1.0 : static_cast<double>(concepts.size());
        view.form = sum / n;
        view.factor = interval_factor(relative / n, config, model.recall.w);
        view.weak = !concepts.empty() && weakest <= config.weak_form;
    }
    return groups;
}

std::string_view name(pick_reason reason) noexcept { return reason_names[static_cast<std::size_t>(reason)]; }

std::optional<pick_reason> parse_pick_reason(std::string_view text) noexcept
{
    for (std::size_t i = 0; i < reason_names.size(); ++i) {
        if (text == reason_names[i]) {
            return static_cast<pick_reason>(i);
        }
    }
    return std::nullopt;
}

std::optional<pick> choose_next(const pack_index& index, const learner_model& model, const tutor_config& config,
                                const selection_request& request)
{
    const auto allowed = [&](std::uint32_t q) { return q != request.previous; };

    for (const auto& retry : request.retries) {
        if (retry.ready_at <= request.presented && allowed(retry.question)) {
            return pick{retry.question, pick_reason::retry};
        }
    }
    if (request.follow_up && allowed(*request.follow_up)) {
        return pick{*request.follow_up, pick_reason::follow_up};
    }

    const auto groups = view_groups(index, model, config);
    const recall_curve curve(model);
    const std::int64_t today = day_of(request.now);
    const bool offer_new = !request.reviews_only && request.new_allowed > 0;
    std::vector<candidate> due(groups.size() * bonus_levels);
    // Questions probing a misconception still open, marked from the few open ones rather than tested per question.
    std::vector<std::uint8_t> probes_open;
    for (std::uint32_t m = 0; m < model.open_misconception.size(); ++m) {
        if (model.open_misconception[m] != 0) {
            probes_open.resize(index.question_count(), 0);
            for (const auto q : index.probing(m)) {
                probes_open[q] = 1;
            }
        }
    }
    // Practice (rule 5) needs the same scan: per group, the largest key among seen questions.
    const bool practice = !request.reviews_only;
    std::vector<candidate> weakest_of(practice ? groups.size() : 0);
    std::optional<std::uint32_t> first_new;
    bool first_new_weak = false;
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        if (!allowed(q) || !in_concept(index, q, request.only_concept)) {
            continue;
        }
        const auto& memory = model.memory[q];
        const auto g = index.group_of(q);
        if (!memory.seen()) {
            if (offer_new && (!first_new || (groups[g].weak && !first_new_weak))) {
                first_new = q;
                first_new_weak = groups[g].weak;
            }
            continue;
        }
        const double key = curve.key(memory, request.now);
        if (practice) {
            weakest_of[g].offer(key, q);
        }
        if (due_with(model, memory, groups[g], today, config)) {
            const auto level = bonus_level(std::min(memory.wrong, 3), !probes_open.empty() && probes_open[q] != 0);
            due[g * bonus_levels + level].offer(key, q);
        }
    }
    std::optional<std::uint32_t> best_due;
    double best_urgency = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < due.size(); ++i) {
        const auto& c = due[i];
        if (c.empty()) {
            continue;
        }
        const auto level = static_cast<int>(i % bonus_levels);
        const double value = urgency_at(c.key, level / 2, level % 2 == 1, curve, config);
        if (value > best_urgency || (value == best_urgency && c.question < *best_due)) {
            best_urgency = value;
            best_due = c.question;
        }
    }
    if (best_due) {
        return pick{*best_due, pick_reason::review};
    }
    if (first_new) {
        return pick{*first_new, pick_reason::fresh};
    }

    if (practice) {
        // The lowest recall: the best of each group's largest key.
        std::optional<std::uint32_t> weakest;
        double lowest = std::numeric_limits<double>::infinity();
        for (std::size_t g = 0; g < weakest_of.size(); ++g) {
            const auto& c = weakest_of[g];
            if (c.empty()) {
                continue;
            }
            const double recall = curve.at(c.key);
            if (recall < lowest || (recall == lowest && c.question < *weakest)) {
                lowest = recall;
                weakest = c.question;
            }
        }
        if (weakest) {
            return pick{*weakest, pick_reason::practice};
        }
    }

    for (const auto& retry : request.retries) {
        if (allowed(retry.question)) {
            return pick{retry.question, pick_reason::retry};
        }
    }
    return std::nullopt;
}

bool is_due(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
            const tutor_config& config)
{
    group_view group;
    group.form = question_form(index, model, q);
    group.factor = interval_factor(schedule_form(index, model, q), config, model.recall.w);
    return due_with(model, model.memory[q], group, day_of(now), config);
}

double urgency(const pack_index& index, const learner_model& model, std::uint32_t q, instant now,
               const tutor_config& config)
{
    return urgency_with(index, model, q, recall_curve(model), now, config);
}

due_summary summarize_due(const pack_index& index, const learner_model& model, const tutor_config& config, instant now,
                          std::optional<std::uint32_t> only_concept)
{
    const auto groups = view_groups(index, model, config);
    const std::int64_t today = day_of(now);
    due_summary summary;
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        if (!in_concept(index, q, only_concept)) {
            continue;
        }
        const auto& memory = model.memory[q];
        if (!memory.seen()) {
            ++summary.unseen;
            continue;
        }
        const auto& group = groups[index.group_of(q)];
        if (due_with(model, memory, group, today, config)) {
            ++summary.due;
        } else if (memory.card.last_review) {
            const int days = model.recall.layer.identity()
                                 ? interval_days(memory.card.stability, group.factor, config)
                                 : recall::days_until(model.recall, card_view_of(memory), config.target_retention,
                                                      config.maximum_interval);
            const auto last_day = std::chrono::floor<std::chrono::days>(*memory.card.last_review);
            const instant due = last_day + std::chrono::days{days};
            if (!summary.next_due || due < *summary.next_due) {
                summary.next_due = due;
            }
        }
    }
    if (summary.due > 0) {
        summary.next_due.reset();
    }
    return summary;
}

std::optional<std::uint32_t> find_follow_up(const pack_index& index, const learner_model& model,
                                            const tutor_config& config, std::uint32_t m, instant now,
                                            std::span<const std::uint32_t> exclude, bool allow_new)
{
    std::optional<std::uint32_t> best_due;
    double best_urgency = -std::numeric_limits<double>::infinity();
    std::optional<std::uint32_t> first_new;
    std::optional<std::uint32_t> weakest;
    double lowest = std::numeric_limits<double>::infinity();
    for (const auto q : index.probing(m)) {
        if (contains(exclude, q)) {
            continue;
        }
        if (!model.memory[q].seen()) {
            if (allow_new && !first_new) {
                first_new = q;
            }
            continue;
        }
        if (is_due(index, model, q, now, config)) {
            const double value = urgency(index, model, q, now, config);
            if (value > best_urgency) {
                best_urgency = value;
                best_due = q;
            }
        }
        const double recall = predicted_recall(index, model, q, now, config);
        if (recall < lowest) {
            lowest = recall;
            weakest = q;
        }
    }
    if (best_due) {
        return best_due;
    }
    if (first_new) {
        return first_new;
    }
    return config.follow_up_beyond_due ? weakest : std::nullopt;
}

} // namespace quiz::engine
