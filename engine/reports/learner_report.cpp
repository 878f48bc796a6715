// SPDX-License-Identifier: MIT
#include "engine/reports/learner_report.hpp"

#include "engine/learner/learner_model.hpp"
#include "engine/learner/learner_stats.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>

namespace quiz::engine {

namespace {

struct answers_in_scope {
    int answers = 0;
    int first = 0;
    int first_right = 0;
    std::deque<bool> recent; ///< right or not, oldest first, at most recent_answer_count
    std::optional<instant> last;
};

struct learner_rows_of {
    std::vector<question_memory> memories;
    std::vector<concept_skill> skills;
    const recall::learner_recall_model* recall = nullptr;
};

std::optional<double> share(int right, int of)
{
    return of > 0 ? std::optional(static_cast<double>(right) / of) : std::nullopt;
}

} // namespace

std::vector<learner_row> learner_report(const pack_index& index, const class_data& data, const tutor_config& config,
                                        instant now, language lang)
{
    std::map<learner_id, answers_in_scope> answered;
    for (const auto& a : data.answers) {
        auto& who = answered[a.learner];
        who.answers += 1;
        who.first += a.first_attempt ? 1 : 0;
        who.first_right += a.first_attempt && a.correct ? 1 : 0;
        who.recent.push_back(a.correct);
        if (who.recent.size() > recent_answer_count) {
            who.recent.pop_front();
        }
        who.last = a.answered_at;
    }
    std::map<learner_id, learner_rows_of> stored;
    for (const auto& row : data.memories) {
        stored[row.learner].memories.push_back(row.memory);
    }
    for (const auto& row : data.skills) {
        stored[row.learner].skills.push_back(row.skill);
    }
    for (const auto& row : data.recall_models) {
        stored[row.learner].recall = &row.model;
    }

    std::vector<learner_row> rows;
    rows.reserve(data.learners.size());
    const auto priors = make_population_priors(index, data.population, config); // one pass over the pack, shared
    for (const auto& learner : data.learners) {
        const auto& mine = stored[learner.id];
        auto model = learner_model_on(priors, index, mine.memories, mine.skills, config, data.typical);
        if (mine.recall != nullptr) {
            model.recall = *mine.recall;
        }
        const auto stats = compute_stats(index, model, learner.profile, config, now, lang);
        const auto& scope = answered[learner.id];
        learner_row row;
        row.id = learner.id;
        row.identity = learner.identity;
        row.name = learner.display_name;
        row.reminders = learner.reminders;
        row.seen = stats.seen;
        row.questions = stats.total;
        row.answers = scope.answers;
        row.first_answers = scope.first;
        row.first_right = scope.first_right;
        row.first_accuracy = share(scope.first_right, scope.first);
        row.recent_accuracy = share(static_cast<int>(std::count(scope.recent.begin(), scope.recent.end(), true)),
                                    static_cast<int>(scope.recent.size()));
        row.concepts = stats.concepts;
        row.mastered_concepts = stats.mastered_concepts;
        row.due_now = stats.due_now;
        for (const auto& memory : model.memory) {
            // The date the learner was told, missed by a whole day: a reminder went unanswered.
            row.overdue += memory.seen() && memory.card.due + std::chrono::days{1} <= now ? 1 : 0;
        }
        row.last_active = scope.last;
        row.streak_days = stats.streak_days;
        for (std::uint32_t m = 0; m < model.open_misconception.size(); ++m) {
            if (model.open_misconception[m] != 0) {
                row.open_misconceptions.push_back(index.content().misconceptions[m].key);
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace quiz::engine
