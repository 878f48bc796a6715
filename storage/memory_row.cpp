// SPDX-License-Identifier: MIT
#include "storage/memory_row.hpp"

#include "storage/sql_values.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace quiz::storage {

namespace {

using engine::fsrs::card_state;

constexpr std::array<std::pair<card_state, const char*>, 4> phase_names{{{card_state::new_card, "new"},
                                                                         {card_state::learning, "learning"},
                                                                         {card_state::review, "review"},
                                                                         {card_state::relearning, "relearning"}}};

card_state parse_phase(const std::string& word)
{
    for (const auto& [s, name] : phase_names) {
        if (word == name) {
            return s;
        }
    }
    throw std::runtime_error("memory row has unknown phase '" + word + "'");
}

} // namespace

const char* phase_name(card_state state)
{
    for (const auto& [s, word] : phase_names) {
        if (s == state) {
            return word;
        }
    }
    throw std::logic_error("unknown card state");
}

engine::question_memory read_memory(const SQLite::Statement& row, int first)
{
    const auto column = [&row, first](int i) { return row.getColumn(first + i); };
    engine::question_memory m;
    m.question = engine::question_key{column(0).getString()};
    m.content_hash = column(1).getString();
    m.card.state = parse_phase(column(2).getString());
    m.card.stability = column(3).getDouble();
    m.card.difficulty = column(4).getDouble();
    m.card.scheduled_days = checked_int<int>(column(5));
    m.card.learning_step = checked_int<int>(column(6));
    m.card.reps = checked_int<int>(column(7));
    m.card.lapses = checked_int<int>(column(8));
    m.card.due = from_ms(column(9).getInt64());
    if (const auto last = optional_int(column(10))) {
        m.card.last_review = from_ms(*last);
    }
    m.attempts = checked_int<int>(column(11));
    m.wrong = checked_int<int>(column(12));
    if (!column(13).isNull()) {
        m.last_wrong_choice = checked_int<std::uint32_t>(column(13));
    }
    if (const auto misconception = optional_text(column(14))) {
        m.last_misconception = engine::misconception_key{*misconception};
    }
    if (const auto correct = optional_int(column(15))) {
        m.first_attempt_correct = *correct != 0;
    }
    if (const auto first_at = optional_int(column(16))) {
        m.first_answered_at = from_ms(*first_at);
    }
    return m;
}

} // namespace quiz::storage
