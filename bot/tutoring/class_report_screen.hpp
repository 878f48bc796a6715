// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/screens.hpp"
#include "engine/core/language.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/reports/class_summary.hpp"

#include <string>
#include <variant>
#include <vector>

namespace quiz::bot::tutoring {

/// `/quiz report`: the class's summary in the instructor's language and the signed link to its dashboard
/// (docs/reports.md, "Summary in chat").
struct class_report_screen {
    std::string title;              ///< "Class report · <pack>", and "· this channel" when narrowed
    std::vector<std::string> lines; ///< one sentence or list item each; headings end with ':'
    std::string link;               ///< the dashboard, signed for this instructor and this class
    std::string link_label;         ///< the link button's text
    std::string link_note;          ///< says the link is theirs and for how long
    engine::class_summary summary;
};

/// What `/quiz report` shows: the report, or a notice (not an instructor, not in a class, an unknown pack, failed).
struct report_screen {
    engine::language lang = engine::language::en;
    std::variant<class_report_screen, notice_screen> body;
};

/// The summary's sentences in `lang`; misconceptions named by their label in `index`'s pack.
[[nodiscard]] std::vector<std::string> class_report_lines(const engine::class_summary& summary,
                                                          const engine::pack_index& index, engine::language lang);

} // namespace quiz::bot::tutoring
