// SPDX-License-Identifier: MIT
#include "bot/report/pack_rows.hpp"

#include "engine/learner/tutor_config.hpp"
#include "engine/reports/class_report.hpp"

namespace quiz::bot::report {

pack_rows load_pack_rows(engine::report_source& source, const engine::report_scope& scope,
                         const engine::pack_index& index, engine::instant now)
{
    const engine::language lang = index.content().languages.empty() ? engine::language::en
                                                                    : index.content().languages.front();
    const auto data = engine::load_class(source, scope, index.content().key);
    pack_rows rows;
    rows.items = engine::item_report(index, data.answers, lang);
    rows.learners = engine::learner_report(index, data, engine::tutor_config{}, now, lang);
    rows.concepts = engine::concept_report(index, rows.learners, rows.items, lang);
    return rows;
}

const engine::pack_index* report_pack(const engine::pack_library& library,
                                      const std::vector<engine::pack_key>& answered,
                                      const std::optional<engine::pack_key>& wanted)
{
    if (wanted) {
        if (const auto* index = library.find(*wanted)) {
            return index;
        }
    }
    for (const auto& key : answered) {
        if (const auto* index = library.find(key)) {
            return index;
        }
    }
    return nullptr;
}

} // namespace quiz::bot::report
