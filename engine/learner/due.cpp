// SPDX-License-Identifier: MIT
#include "engine/learner/due.hpp"

#include "engine/learner/recall_view.hpp"

#include <algorithm>
#include <chrono>

namespace quiz::engine {

bool in_concept(const pack_index& index, std::uint32_t q, std::optional<std::uint32_t> only_concept)
{
    if (!only_concept) {
        return true;
    }
    const auto concepts = index.concepts_of(q);
    return std::find(concepts.begin(), concepts.end(), *only_concept) != concepts.end();
}

namespace {

// Without a calibration layer a question's interval is round(S × factor) days (closed form); with one,
// recall::days_until.
int interval_with(const learner_model& model, const question_memory& memory, const group_view& group,
                  const tutor_config& config)
{
    if (model.recall.layer.identity()) {
        return interval_days(memory.card.stability, group.factor, config);
    }
    return recall::days_until(model.recall, card_view_of(memory), config.target_retention, config.maximum_interval);
}

} // namespace

std::span<memory_table::row_days> due_days(const pack_index& index, const learner_model& model,
                                           const std::vector<group_view>& groups, const tutor_config& config)
{
    const auto days = model.memory.days();
    auto& basis = model.due_days_basis;
    const bool same_basis = basis.set && basis.target_retention == config.target_retention &&
                            basis.maximum_interval == config.maximum_interval && basis.recall == model.recall &&
                            basis.factors.size() == groups.size() &&
                            std::equal(groups.begin(), groups.end(), basis.factors.begin(),
                                       [](const group_view& g, double factor) { return g.factor == factor; });
    if (!same_basis) {
        for (auto& d : days) {
            d.due = memory_table::unknown_day;
            d.key_day = memory_table::unknown_day; // the keys follow the memory model too (kept_key)
        }
        basis.set = true;
        basis.target_retention = config.target_retention;
        basis.maximum_interval = config.maximum_interval;
        basis.recall = model.recall;
        basis.factors.resize(groups.size());
        std::transform(groups.begin(), groups.end(), basis.factors.begin(),
                       [](const group_view& g) { return g.factor; });
    }
    const auto questions = model.memory.questions();
    const auto rows = model.memory.rows();
    for (std::size_t i = 0; i < days.size(); ++i) {
        if (days[i].due != memory_table::unknown_day) {
            continue;
        }
        const auto& memory = rows[i];
        if (!memory.seen()) {
            days[i].due = not_seen_day;
        } else if (!memory.card.last_review) {
            days[i].due = never_due_day;
        } else {
            days[i].due = day_of(*memory.card.last_review) +
                          interval_with(model, memory, groups[index.group_of(questions[i])], config);
        }
    }
    return days;
}

bool due_with(const learner_model& model, const question_memory& memory, const group_view& group, std::int64_t today,
              const tutor_config& config)
{
    if (!memory.seen() || !memory.card.last_review) {
        return false;
    }
    return today - day_of(*memory.card.last_review) >= interval_with(model, memory, group, config);
}

bool probes_open_misconception(const pack_index& index, const learner_model& model, std::uint32_t q) noexcept
{
    for (const auto m : index.misconceptions_of(q)) {
        if (model.open_misconception[m] != 0) {
            return true;
        }
    }
    return false;
}

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
    // Only the questions met can be due; the others are counted, not visited. The due days kept in the model are
    // read rather than the memories.
    int met = 0;
    const auto questions = model.memory.questions();
    const auto days = due_days(index, model, groups, config);
    for (std::size_t i = 0; i < questions.size(); ++i) {
        const auto due = days[i].due;
        if (due == not_seen_day || !in_concept(index, questions[i], only_concept)) {
            continue;
        }
        ++met;
        if (due == never_due_day) {
            continue;
        }
        if (today >= due) {
            ++summary.due;
        } else {
            const instant when{std::chrono::days{due}};
            if (!summary.next_due || when < *summary.next_due) {
                summary.next_due = when;
            }
        }
    }
    const auto in_scope = only_concept ? index.questions_of(*only_concept).size() : index.question_count();
    summary.unseen = static_cast<int>(in_scope) - met;
    if (summary.due > 0) {
        summary.next_due.reset();
    }
    return summary;
}

} // namespace quiz::engine
