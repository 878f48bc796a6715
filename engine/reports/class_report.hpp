// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reports/report_ports.hpp"

#include <vector>

namespace quiz::engine {

/// Everything the reports on one pack read about a scope, fetched once (one read per kind of row).
struct class_data {
    std::vector<report_learner> learners;
    std::vector<report_answer> answers; ///< this pack's, in the order they were given
    std::vector<report_memory> memories;
    std::vector<report_skill> skills;
    std::vector<report_recall_model> recall_models;
    std::vector<question_stats> population;
    std::vector<concept_skill> typical;
};

[[nodiscard]] class_data load_class(report_source& source, const report_scope& scope, const pack_key& pack);

} // namespace quiz::engine
