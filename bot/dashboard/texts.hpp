// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"

#include <string_view>

namespace quiz::bot::dashboard {

/// The dashboard's sentences; `say` gives each in French or English.
enum class phrase : unsigned char {
    title,
    overview,
    items,
    learners,
    concepts,
    activity,
    class_of,
    pack,
    active_week,
    learners_all,
    answers,
    first_accuracy,
    answers_per_day,
    mastery_per_concept,
    hardest,
    misconceptions,
    chosen_first,
    needing_help,
    help_rule,
    nobody,
    nothing_yet,
    export_csv,
    export_json,
    switch_language,
    language_name,
    refused_title,
    refused_missing,
    refused_forged,
    refused_expired,
    ask_again,
    item_map,
    facility,
    discrimination,
    distractors,
    right_answer,
    per_week,
    week,
    accuracy,
    flag_broken,
    flag_too_hard,
    flag_too_easy,
    flag_weak,
    flag_dubious,
    flag_guessable,
    overdue,
    valid_until,
};

[[nodiscard]] std::string_view say(engine::language lang, phrase p) noexcept;

} // namespace quiz::bot::dashboard
