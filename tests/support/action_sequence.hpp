// SPDX-License-Identifier: MIT
#pragma once
// The same action sequence for every front end (Discord, Slack, the playground, the terminal): each front end's
// test drives its own requests through it and names what its rendering showed at each step; all of them must show
// these screens, in this order.

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::test {

/// What a step showed, read off the front end's own rendering.
enum class seen {
    card,           ///< start: the first question, with a way to answer each choice
    wrong_feedback, ///< a wrong answer: judged wrong, the chosen choice's explanation and the right answer
    same_feedback,  ///< the same answer delivered again: the first answer's feedback, nothing recorded twice
    next_card,      ///< next: the second question
    heads_up,       ///< said first, once: reminders were turned off because the platform refused one
    stats,          ///< the learner's progress, counting the one answer
    confirm,        ///< forget-me: asked first
    nothing_erased, ///< refused: said so, every answer kept
    erased,         ///< confirmed: said so, nothing left in the database
    other,          ///< anything else (a failure to look into)
};

/// start, wrong answer, replayed answer, next; then the platform refuses the learner's reminders
/// (refuse_reminders), and stats shows the heads-up before the stats, and stats again the stats alone; forget-me
/// refused (asked, then no), forget-me confirmed (asked, then yes).
inline const std::vector<seen> expected_screens{
    seen::card,  seen::wrong_feedback, seen::same_feedback,  seen::next_card, seen::heads_up, seen::stats,
    seen::stats, seen::confirm,        seen::nothing_erased, seen::confirm,   seen::erased};

inline std::string_view name(seen s)
{
    constexpr std::array<std::string_view, 10> names{"card",     "wrong_feedback", "same_feedback", "next_card",
                                                     "heads_up", "stats",          "confirm",       "nothing_erased",
                                                     "erased",   "other"};
    return names[static_cast<std::size_t>(s)];
}

/// How the heads-up begins, in English.
inline constexpr std::string_view heads_up_text = "Your reminders by DM are off: the last one could not reach you";

/// What a reminder the platform refused leaves in the database (docs/reminders.md): reminders off, and the flag
/// that the learner is told about it; for every learner of the database at `path`, which the server has open.
inline void refuse_reminders(const std::string& path)
{
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.setBusyTimeout(10'000);
    db.exec("UPDATE learner SET reminders_enabled = 0");
    db.exec("INSERT INTO reminder_schedule (learner_id, refused) SELECT id, 1 FROM learner WHERE true"
            " ON CONFLICT (learner_id) DO UPDATE SET refused = 1, next_at_ms = NULL");
}

} // namespace quiz::test

namespace Catch {
template <>
struct StringMaker<quiz::test::seen> {
    static std::string convert(quiz::test::seen s) { return std::string(quiz::test::name(s)); }
};
} // namespace Catch
