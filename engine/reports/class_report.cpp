// SPDX-License-Identifier: MIT
#include "engine/reports/class_report.hpp"

namespace quiz::engine {

class_data load_class(report_source& source, const report_scope& scope, const pack_key& pack)
{
    return {
        source.learners(scope),     source.answers(scope, pack), source.memories(scope, pack),
        source.skills(scope, pack), source.recall_models(scope), source.population(pack),
        source.typical_forms(pack),
    };
}

} // namespace quiz::engine
