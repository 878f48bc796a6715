// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/learner/learner_stats.hpp"
#include "engine/tutor/next_question.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// Everything a front end shows is one of these values; the texts in them are the pack's words in the learner's
// language, and the catalogue (engine/text/catalog.hpp) supplies the rest. engine/text/text_render.hpp turns them into
// plain text; platform renderers format them their own way.

/// Which question on screen an answer is for: the session (or round) and the presentation number. An answer
/// carrying any other token is stale.
struct session_token {
    session_id session;
    std::uint32_t sequence = 0;
    friend bool operator==(const session_token&, const session_token&) = default;
};
struct round_token {
    round_id round;
    std::uint32_t sequence = 0;
    friend bool operator==(const round_token&, const round_token&) = default;
};

/// "Review 3 of 10, 5 more due".
struct card_progress {
    int position = 0;      ///< 1-based, in this session or round
    int planned = 0;       ///< questions planned so far (grows when a missed question is queued again)
    int due_remaining = 0; ///< due questions not yet asked, besides this one
    friend bool operator==(const card_progress&, const card_progress&) = default;
};

/// A question as shown: stem and choices in display order (A, B, ...).
struct question_card {
    std::uint32_t sequence = 0; ///< goes into the token of the answer
    question_key question;
    pick_reason reason = pick_reason::review;
    language lang = language::en;
    std::string stem;
    std::vector<std::string> choices;
    section_key section;
    std::string section_title;
    card_progress progress;
    std::optional<std::string> misconception_label; ///< for a follow-up: the confusion it probes
    std::optional<instant> deadline;                ///< rounds only
};

/// One choice as the feedback quotes it.
struct choice_view {
    std::uint32_t position = 0; ///< display position (0 = A)
    std::string text;
    std::string explanation;
};

/// What the learner is told after an answer.
struct feedback {
    question_key question;
    bool correct = false;
    choice_view chosen;
    choice_view answer;                             ///< the correct choice (the same as `chosen` when right)
    std::optional<std::string> misconception_label; ///< the chosen choice's confusion, when wrong and tagged
    bool follow_up_next = false;                    ///< the next question probes the same confusion
    section_key section;
    std::string section_title;
    bool retry_in_session = false; ///< it comes back a few questions later
    int interval_days = 0;         ///< and then in this many days
    instant next_due;
    bool replayed = false; ///< the same action delivered again: this is the recorded outcome, nothing was recorded
};

/// The end of a session.
struct session_summary {
    int answered = 0;
    int correct = 0;
    int reviews = 0;
    int fresh = 0;
    int practice = 0;
    int asked_again = 0;                  ///< missed earlier in the session and asked again (retries)
    int follow_ups = 0;                   ///< probing a confusion a wrong answer showed
    std::vector<question_key> to_revisit; ///< answered wrong at least once in the session
    int due_remaining = 0;
    std::optional<instant> next_due; ///< when nothing is due: the next review
    int streak_days = 0;
};

} // namespace quiz::engine
