// SPDX-License-Identifier: MIT
#pragma once

#include "bot/dashboard/class_view.hpp"
#include "bot/dashboard/page_frame.hpp"
#include "bot/dashboard/report_link.hpp"

#include <string>

namespace quiz::bot::dashboard {

// The dashboard's pages, rendered from a class already read; pure functions of their inputs.

/// Figures, the charts of answers per day and mastery per concept, the hardest questions, the most chosen
/// misconceptions and the learners needing help (engine::summarize_class).
[[nodiscard]] std::string overview_page(const page_context& at, const class_view& view, engine::instant now);

/// The item analysis table, the facility–discrimination map and each question's choices.
/// `open_question`: the question whose choices are shown open ("" for none).
[[nodiscard]] std::string items_page(const page_context& at, const class_view& view, std::string_view open_question);

[[nodiscard]] std::string learners_page(const page_context& at, const class_view& view);
[[nodiscard]] std::string concepts_page(const page_context& at, const class_view& view);
/// Answers per day (chart), accuracy per week, and the table.
[[nodiscard]] std::string activity_page(const page_context& at, const class_view& view);

/// The 401 page: why the link was refused, and nothing else.
[[nodiscard]] std::string refusal_page(engine::language lang, link_refusal why);

} // namespace quiz::bot::dashboard
