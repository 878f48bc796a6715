// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/text/text_render.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace quiz::bot::tutoring {

// What a learner's action shows, whatever the front end: the tutor's values with what every front end needs to
// render them (the session for its buttons, the pack and its guide section) and every sentence the learner reads,
// composed once here in their language. Front ends lay screens out their own way (Block Kit, Discord components,
// JSON, text) but compose no sentence, and none parses a text back into structure.

/// A guide section, for a link: each front end turns it into its own link (guide_link.hpp), on `line`.
struct guide_section {
    engine::pack_key pack;
    engine::section_key section;
    std::string title;
    engine::language lang = engine::language::en;
    std::string line; ///< the sentence that leads there: "Guide: <title>" under a card, "Read more: <title>" after
    friend bool operator==(const guide_section&, const guide_section&) = default;
};

/// The question on screen.
struct card_screen {
    engine::session_id session;
    engine::question_card card;
    std::string progress;            ///< "Review 3 of 10 · 5 more due"
    std::optional<std::string> note; ///< why it is asked: a follow-up's confusion, practice, a retry
    guide_section guide;
    engine::instant shown_at;
};

/// The end of a session.
struct summary_screen {
    engine::session_id session;
    engine::pack_key pack; ///< for "start again"
    engine::session_summary summary;
    std::vector<std::string> lines; ///< the summary, one sentence each
};

/// After an answer: its judgement, and (for front ends that show them together) what comes next.
struct feedback_screen {
    engine::session_id session;
    engine::pack_key pack;
    engine::feedback told;
    bool replayed = false;           ///< the answer had been given before: this is the recorded outcome
    engine::feedback_sentences said; ///< the verdict, what was chosen, the answer, what comes next
    guide_section guide;             ///< with "Read more: <section>"
    std::optional<std::variant<card_screen, summary_screen>> next; ///< when the action asked for it
};

/// The learner's progress in a pack.
struct stats_screen {
    engine::pack_key pack;
    std::string pack_title;
    engine::learner_stats stats;
    std::vector<std::string> lines; ///< the stats, one sentence each
};

/// One sentence, and why it is said (front ends may lay some kinds out differently).
enum class notice_kind : unsigned char {
    help, ///< the front end's own help: `text` is empty
    language_set,
    forgotten,
    nothing_to_forget,
    forget_cancelled,
    stale, ///< an answer to a question no longer on screen
    invalid_choice,
    ended,
    no_session,
    unknown_pack,
    unknown_concept,
    unknown_learner, ///< a known_only request from someone unknown
    failed,          ///< the action was not recorded (an infrastructure failure)
    // Rounds (round_reply::mine):
    round_busy,    ///< the channel already has a round
    round_full,    ///< no more players
    not_host,      ///< only the host may do that
    round_closed,  ///< an answer after the question closed
    round_unknown, ///< no such round
    round_options, ///< questions or seconds out of bounds
    no_misses,     ///< nothing to review
    // Class reports (class_reports.hpp):
    not_instructor,     ///< the person may not see the class's report
    report_needs_class, ///< asked outside a server or workspace
    // Reminders by DM (service: remind):
    reminders_shown,       ///< the setting
    reminders_on,          ///< turned on: when the next one comes
    reminders_off,         ///< turned off
    reminder_bad_time,     ///< not HH:MM
    reminder_bad_zone,     ///< not an IANA time zone
    reminder_needs_zone,   ///< turned on with no zone known: asked for one
    reminders_unavailable, ///< the server sends none (QUIZBOT_REMINDERS=off)
};

struct notice_screen {
    notice_kind kind = notice_kind::help;
    std::string text;
};

/// A question to confirm before something that cannot be undone.
enum class confirmation : unsigned char { forget_me };

struct confirm_screen {
    confirmation what = confirmation::forget_me;
    std::string question;
    std::string yes; ///< the button that goes ahead
    std::string no;  ///< the button that cancels
};

/// Nothing to show: a redelivered event, a button of another version.
struct nothing_screen {};

using screen_body = std::variant<nothing_screen, card_screen, feedback_screen, summary_screen, stats_screen,
                                 notice_screen, confirm_screen>;

struct screen {
    engine::language lang = engine::language::en;
    screen_body body;
    bool answer_recorded = false; ///< the action recorded a new answer
    bool learner_erased = false;  ///< the action erased the learner (front ends drop what they cache about them)
    /// The answer to a confirmation's question (forget-me's yes or no): front ends that showed the question with
    /// its buttons replace it with this screen.
    bool closes_confirmation = false;
    /// Said before the screen, once, by every front end: reminders were turned off because the platform refused to
    /// deliver them. Empty when there is nothing to say.
    std::string heads_up;
};

} // namespace quiz::bot::tutoring
