// SPDX-License-Identifier: MIT
#include "engine/reports/concept_report.hpp"

#include "engine/learner/learner_stats.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace quiz::engine {

std::vector<concept_row> concept_report(const pack_index& index, std::span<const learner_row> learners,
                                        std::span<const item_row> items, language lang)
{
    std::vector<concept_row> rows;
    for (std::uint32_t c = 0; c < index.concept_count(); ++c) {
        const auto& tag = index.content().concepts[c];
        concept_row row;
        row.key = tag.key;
        row.label = concept_label(tag, lang);
        std::set<misconception_key> probed;
        int first_right = 0;
        for (const auto q : index.questions_of(c)) {
            row.questions += 1;
            if (q < items.size()) {
                row.first_answers += items[q].stats.n;
                first_right += static_cast<int>(std::lround(items[q].stats.facility * items[q].stats.n));
            }
            for (const auto m : index.misconceptions_of(q)) {
                probed.insert(index.content().misconceptions[m].key);
            }
        }
        if (row.first_answers > 0) {
            row.facility = static_cast<double>(first_right) / row.first_answers;
        }
        for (const auto& learner : learners) {
            const concept_view& view = learner.concepts[c];
            if (view.mastered) {
                row.mastered += 1;
            } else if (view.answers > 0) {
                row.learning += 1;
            } else {
                row.not_started += 1;
            }
            row.learners += view.mastered || view.answers > 0 ? 1 : 0;
            row.open_misconceptions +=
                static_cast<int>(std::count_if(learner.open_misconceptions.begin(), learner.open_misconceptions.end(),
                                               [&](const misconception_key& m) { return probed.contains(m); }));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace quiz::engine
