// SPDX-License-Identifier: MIT
#include "engine/learner/learner_stats.hpp"

#include "engine/learner/due.hpp"

#include <algorithm>

namespace quiz::engine {

void record_study_day(learner_profile& profile, instant now) noexcept
{
    const auto today = day_number(now);
    if (profile.last_study_day && *profile.last_study_day == today) {
        return;
    }
    const bool consecutive = profile.last_study_day && *profile.last_study_day == today - 1;
    profile.streak_days = consecutive ? profile.streak_days + 1 : 1;
    profile.best_streak_days = std::max(profile.best_streak_days, profile.streak_days);
    profile.last_study_day = today;
}

std::string concept_label(const tag<concept_key>& concept_tag, language lang)
{
    const std::string* label = concept_tag.label.best(lang);
    return label != nullptr ? *label : concept_tag.key.value();
}

int current_streak(const learner_profile& profile, instant now) noexcept
{
    if (!profile.last_study_day || *profile.last_study_day < day_number(now) - 1) {
        return 0;
    }
    return profile.streak_days;
}

learner_stats compute_stats(const pack_index& index, const learner_model& model, const learner_profile& profile,
                            const tutor_config& config, instant now, language lang)
{
    learner_stats stats;
    const auto due = summarize_due(index, model, config, now);
    stats.due_now = due.due;
    stats.unseen = due.unseen;
    stats.total = static_cast<int>(index.question_count());
    stats.seen = stats.total - stats.unseen;
    stats.next_due = due.next_due;
    for (const auto& memory : model.memory) {
        stats.answered += memory.attempts;
        stats.correct += memory.attempts - memory.wrong;
    }

    const instant later = now + config.mastery_horizon;
    for (std::uint32_t c = 0; c < index.concept_count(); ++c) {
        const auto& tag = index.content().concepts[c];
        concept_view view;
        view.key = tag.key;
        view.label = concept_label(tag, lang);
        view.answers = model.skills[c].answers;
        const auto questions = index.questions_of(c);
        double now_sum = 0.0;
        double later_sum = 0.0;
        bool all_seen = !questions.empty();
        for (const auto q : questions) {
            now_sum += predicted_recall(index, model, q, now, config);
            later_sum += predicted_recall(index, model, q, later, config);
            all_seen = all_seen && model.memory[q].seen();
        }
        const double n = std::max<double>(1.0, static_cast<double>(questions.size()));
        view.mastery = now_sum / n;
        view.mastered = all_seen && later_sum / n >= config.mastery_recall;
        stats.mastered_concepts += view.mastered ? 1 : 0;
        stats.concepts.push_back(view);
    }
    for (const auto& view : stats.concepts) {
        if (view.answers > 0 && !view.mastered) {
            stats.weakest.push_back(view);
        }
    }
    std::stable_sort(stats.weakest.begin(), stats.weakest.end(),
                     [](const concept_view& a, const concept_view& b) { return a.mastery < b.mastery; });
    if (stats.weakest.size() > 3) {
        stats.weakest.resize(3);
    }
    stats.streak_days = current_streak(profile, now);
    stats.best_streak_days = profile.best_streak_days;
    return stats;
}

} // namespace quiz::engine
