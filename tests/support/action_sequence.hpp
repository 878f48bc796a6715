// SPDX-License-Identifier: MIT
#pragma once
// The same action sequence for every front end (Discord, Slack, the playground, the terminal): each front end's
// test drives its own requests through it and names what its rendering showed at each step; all of them must show
// these screens, in this order.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace quiz::test {

/// What a step showed, read off the front end's own rendering.
enum class seen {
    card,           ///< start: the first question, with a way to answer each choice
    wrong_feedback, ///< a wrong answer: judged wrong, the chosen choice's explanation and the right answer
    same_feedback,  ///< the same answer delivered again: the first answer's feedback, nothing recorded twice
    next_card,      ///< next: the second question
    stats,          ///< the learner's progress, counting the one answer
    confirm,        ///< forget-me: asked first
    nothing_erased, ///< refused: said so, every answer kept
    erased,         ///< confirmed: said so, nothing left in the database
    other,          ///< anything else (a failure to look into)
};

/// start, wrong answer, replayed answer, next, stats, forget-me refused (asked, then no), forget-me confirmed
/// (asked, then yes).
inline const std::vector<seen> expected_screens{seen::card,           seen::wrong_feedback, seen::same_feedback,
                                                seen::next_card,      seen::stats,          seen::confirm,
                                                seen::nothing_erased, seen::confirm,        seen::erased};

inline std::string_view name(seen s)
{
    constexpr std::array<std::string_view, 9> names{"card",    "wrong_feedback", "same_feedback", "next_card", "stats",
                                                    "confirm", "nothing_erased", "erased",        "other"};
    return names[static_cast<std::size_t>(s)];
}

} // namespace quiz::test

namespace Catch {
template <>
struct StringMaker<quiz::test::seen> {
    static std::string convert(quiz::test::seen s) { return std::string(quiz::test::name(s)); }
};
} // namespace Catch
