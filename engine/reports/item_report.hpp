// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/reports/item_analysis.hpp"
#include "engine/reports/report_ports.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quiz::engine {

/// One question of a pack as the class answered it.
struct item_row {
    question_key key;
    std::vector<concept_key> concepts;
    std::string excerpt;   ///< the stem's beginning, on one line
    item_statistics stats; ///< analyse_items over the scope's answers
    /// Per choice in pack order: the share of first answers that chose it (none before any first answer) and the
    /// misconception the choice is tagged with.
    std::vector<std::optional<double>> choice_share;
    std::vector<std::optional<misconception_key>> choice_misconception;
    /// The Rasch difficulty of the question from the scope's first answers (logits, fit_rasch) and its standard
    /// error; none for a question nobody answered.
    std::optional<double> difficulty{};
    std::optional<double> difficulty_se{};
};

/// Longest excerpt of a stem, in bytes (cut at a word, never inside a UTF-8 character).
inline constexpr std::size_t excerpt_bytes = 60;

/// The stem's beginning on one line: at most `excerpt_bytes`, cut after a whole word, "…" when cut.
[[nodiscard]] std::string stem_excerpt(std::string_view stem);

/// Every question of the pack, in pack order. Answers to questions the pack no longer has are left out.
[[nodiscard]] std::vector<item_row> item_report(const pack_index& index, std::span<const report_answer> answers,
                                                language lang);

} // namespace quiz::engine
