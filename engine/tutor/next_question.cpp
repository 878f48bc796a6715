// SPDX-License-Identifier: MIT
#include "engine/tutor/next_question.hpp"

#include "engine/learner/due.hpp"
#include "engine/learner/recall_view.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace quiz::engine {

namespace {

constexpr std::array reason_names{"retry", "follow_up", "review", "new", "practice"};

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

/// Rule 4: the first question never answered, in pack order, of a weak group if one has any, else of any group. Each
/// group is walked from its start past the questions met, so the walk costs what the learner has met, not the pack;
/// the questions met are marked in a bit set first (a bit per question: 1.25 KB for 10,000) so that each step is a bit
/// test rather than a search.
std::optional<std::uint32_t> first_new_question(const pack_index& index, const learner_model& model,
                                                const std::vector<group_view>& groups, const selection_request& request)
{
    std::vector<std::uint64_t> met((index.question_count() + 63) / 64, 0);
    const auto questions = model.memory.questions();
    const auto rows = model.memory.rows();
    for (std::size_t i = 0; i < questions.size(); ++i) {
        if (rows[i].seen()) {
            met[questions[i] / 64] |= std::uint64_t{1} << (questions[i] % 64);
        }
    }
    const auto is_met = [&](std::uint32_t q) { return (met[q / 64] >> (q % 64) & 1U) != 0; };
    std::optional<std::uint32_t> first;
    std::optional<std::uint32_t> first_weak;
    for (std::uint32_t g = 0; g < groups.size(); ++g) {
        if (request.only_concept && !contains(index.group_concepts(g), *request.only_concept)) {
            continue; // a group's questions share its concepts: none of them is in the concept
        }
        for (const auto q : index.group_questions(g)) {
            if (q == request.previous || is_met(q)) {
                continue;
            }
            first = std::min(first.value_or(q), q);
            if (groups[g].weak) {
                first_weak = std::min(first_weak.value_or(q), q);
            }
            break;
        }
    }
    return first_weak ? first_weak : first;
}

} // namespace

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
    std::vector<candidate> due(groups.size() * bonus_levels);
    // Only the questions met can be due or practised: the scans follow them, in question order (so a tie goes to the
    // first in guide order), not the pack. A question's recall key is computed only where it ranks: the due ones
    // here, every one met only when practice (rule 5) is reached.
    const auto met = model.memory.questions();
    const auto rows = model.memory.rows();
    const auto days = due_days(index, model, groups, config);
    const auto eligible = [&](std::size_t i) {
        return days[i].due != not_seen_day && allowed(met[i]) && in_concept(index, met[i], request.only_concept);
    };
    for (std::size_t i = 0; i < met.size(); ++i) {
        if (days[i].due == not_seen_day || today < days[i].due || !eligible(i)) {
            continue;
        }
        const auto q = met[i];
        const auto& memory = rows[i];
        const auto g = index.group_of(q);
        const auto level = bonus_level(std::min(memory.wrong, 3), probes_open_misconception(index, model, q));
        due[g * bonus_levels + level].offer(kept_key(curve, days[i], memory, request.now, today), q);
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
    if (!request.reviews_only && request.new_allowed > 0) {
        if (const auto first_new = first_new_question(index, model, groups, request)) {
            return pick{*first_new, pick_reason::fresh};
        }
    }

    if (!request.reviews_only) {
        // Practice: per group, the largest key among the questions met; then the lowest recall of those.
        std::vector<candidate> weakest_of(groups.size());
        for (std::size_t i = 0; i < met.size(); ++i) {
            if (eligible(i)) {
                weakest_of[index.group_of(met[i])].offer(kept_key(curve, days[i], rows[i], request.now, today), met[i]);
            }
        }
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

std::optional<std::uint32_t> find_follow_up(const pack_index& index, const learner_model& model,
                                            const tutor_config& config, std::uint32_t m, instant now,
                                            std::span<const std::uint32_t> exclude, bool allow_new)
{
    std::optional<std::uint32_t> best_due;
    double best_urgency = -std::numeric_limits<double>::infinity();
    std::optional<std::uint32_t> first_new;
    std::optional<std::uint32_t> weakest;
    double lowest = std::numeric_limits<double>::infinity();
    // Without form moving due dates (the default) every question's interval factor is the same: made once.
    const bool form_moves_due = config.form_moves_due != form_scheduling::none;
    const double flat_factor = interval_factor(0.0, config, model.recall.w);
    const std::int64_t today = day_of(now);
    // The probing questions and the ones met are both in question order: walked side by side, not searched.
    const auto met = model.memory.questions();
    const auto rows = model.memory.rows();
    std::size_t next = 0;
    for (const auto q : index.probing(m)) {
        while (next < met.size() && met[next] < q) {
            ++next;
        }
        if (contains(exclude, q)) {
            continue;
        }
        if (next == met.size() || met[next] != q || !rows[next].seen()) {
            if (allow_new && !first_new) {
                first_new = q;
            }
            continue;
        }
        const auto& memory = rows[next];
        group_view group; // as is_due makes it
        group.factor = form_moves_due ? interval_factor(schedule_form(index, model, q), config, model.recall.w)
                                      : flat_factor;
        if (due_with(model, memory, group, today, config)) {
            const double value = urgency(index, model, q, now, config);
            if (value > best_urgency) {
                best_urgency = value;
                best_due = q;
            }
        }
        if (config.follow_up_beyond_due) { // the weakest is used only then
            const double recall = memory_recall(model, memory, now);
            if (recall < lowest) {
                lowest = recall;
                weakest = q;
            }
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
