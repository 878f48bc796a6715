// SPDX-License-Identifier: MIT
#include "bot/dashboard/class_view.hpp"

namespace quiz::bot::dashboard {

class_view load_class_view(engine::report_source& source, const engine::pack_library& library,
                           const engine::report_scope& scope, const std::optional<engine::pack_key>& pack,
                           engine::instant now)
{
    class_view view;
    view.packs = source.packs(scope);
    view.index = report::report_pack(library, view.packs, pack);
    if (view.index != nullptr) {
        view.rows = report::load_pack_rows(source, scope, *view.index, now);
    }
    view.activity = engine::activity_report(source.answers(scope, std::nullopt));
    return view;
}

} // namespace quiz::bot::dashboard
