// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack_index.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/tutor_config.hpp"
#include "engine/tutor/tutor_outcomes.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quiz::engine {

// A study group's round in a channel: one shared question at a time, private answers, a reveal, a scoreboard.
// Plain values, like a session: the front end stores the state and tells the engine the time; the engine never
// waits (the timer is a deadline the front end checks with close_if_due when its own timer fires).

enum class round_phase : std::uint8_t {
    open,   ///< a question is open for answers
    closed, ///< revealed; the host (or the front end) asks the next one
    ended,
};
enum class close_reason : std::uint8_t { timer, all_answered, host };

struct round_options {
    int questions = 5;
    std::chrono::seconds min_time{30}; ///< the shortest answer time, for the shortest questions
    std::chrono::seconds max_time{120};
    friend bool operator==(const round_options&, const round_options&) = default;
};

/// One member's answer to the open question.
struct round_answer {
    learner_id learner;
    std::uint32_t displayed = 0;
    std::uint32_t chosen = 0; ///< pack order
    bool correct = false;
    std::chrono::milliseconds response_time{0};
    friend bool operator==(const round_answer&, const round_answer&) = default;
};

struct round_player {
    learner_id learner;
    instant joined_at;
    int present = 0; ///< questions closed while they were in the round
    int answered = 0;
    int correct = 0;
    std::chrono::milliseconds answer_time{0}; ///< summed over their answers: breaks ties only
    friend bool operator==(const round_player&, const round_player&) = default;
};

/// A round whose question is open, and when it closes.
struct round_deadline {
    round_id round;
    instant deadline;
    friend bool operator==(const round_deadline&, const round_deadline&) = default;
};

/// One answer given in a round, as the attempt log keeps it.
struct round_attempt {
    learner_id learner;
    question_key question;
    bool correct = false;
    friend bool operator==(const round_attempt&, const round_attempt&) = default;
};

struct round_state {
    round_id id;
    workspace_id workspace;
    std::string channel; ///< the platform's channel id
    learner_id host;
    pack_key pack;
    language lang = language::en;
    std::uint64_t seed = 0;
    round_options options;
    round_phase phase = round_phase::closed;
    std::uint32_t sequence = 0; ///< questions asked so far: the open question's token
    std::optional<question_key> question;
    std::vector<std::uint32_t> order; ///< the shared display order of its choices
    instant opened_at;
    instant deadline;
    std::optional<close_reason> closed_by;
    std::vector<round_answer> answers; ///< for the open (or just closed) question
    std::vector<round_player> players;
    std::vector<question_key> asked;
    friend bool operator==(const round_state&, const round_state&) = default;
};

/// A round with the host and `members` as players; no question is open until ask_next.
[[nodiscard]] round_state open_round(workspace_id workspace, std::string channel, learner_id host, pack_key pack,
                                     language lang, round_options options, std::uint64_t seed, instant now,
                                     std::span<const learner_id> members = {});

/// How long a question stays open: 10 s plus the time to read it at 3 words a second (180 words a minute, slow
/// enough for second-language and dyslexic readers), within [min_time, max_time].
[[nodiscard]] std::chrono::seconds answer_time(const pack_index& index, std::uint32_t q, language lang,
                                               const round_options& options) noexcept;

/// The question for the group: the one with the largest combined need over the members, need being
/// 1 - predicted recall (+ missed_bonus per earlier wrong answer, + misconception_bonus for an open
/// misconception) for a member who has seen it, and half the chance of missing it for one who has not (new
/// material counts less than forgotten material). Ties go to guide order. `exclude` lists questions not to ask.
[[nodiscard]] std::optional<std::uint32_t> choose_for_group(const pack_index& index,
                                                            std::span<const learner_model* const> members,
                                                            const tutor_config& config, instant now,
                                                            std::span<const std::uint32_t> exclude);

/// Opens the next question for everyone, or ends the round (nullopt) when its questions are done or nothing is
/// left. `members` are the players' models.
std::optional<question_card> ask_next(round_state& state, const pack_index& index,
                                      std::span<const learner_model* const> members, const tutor_config& config,
                                      instant now);

/// The open question as everyone sees it.
[[nodiscard]] question_card round_card(const round_state& state, const pack_index& index);

/// Adds a player (no effect if already in).
void join_round(round_state& state, learner_id learner, instant now);

enum class round_answer_status : std::uint8_t {
    accepted,
    stale,            ///< not the open question
    closed,           ///< the question is closed (timer, everyone answered, host)
    already_answered, ///< one answer per member per question
    invalid_choice,
    ended,
};
[[nodiscard]] round_answer_status check_round_answer(const round_state& state, learner_id learner,
                                                     const round_token& token, std::uint32_t displayed,
                                                     instant now) noexcept;

/// Records an accepted answer (joining the learner if needed); closes the question when every player has
/// answered. Returns the answer as recorded.
round_answer submit_answer(round_state& state, const pack_index& index, learner_id learner, std::uint32_t displayed,
                           instant now);

/// Closes the open question if its deadline has passed; true if it closed now.
bool close_if_due(round_state& state, instant now);

enum class reveal_status : std::uint8_t { revealed, not_host, not_open };
/// The host closes the open question early.
reveal_status reveal_by_host(round_state& state, learner_id by);

/// What everyone sees once a question closes.
struct round_reveal {
    question_key question;
    close_reason closed_by = close_reason::timer;
    choice_view answer;            ///< the correct choice and its explanation
    std::vector<int> distribution; ///< answers per display position
    int answered = 0;
    int players = 0;
    std::optional<std::string> common_misconception; ///< the label of the most chosen wrong choice's confusion
    std::optional<choice_view> common_wrong;         ///< the most chosen wrong choice, with its explanation
    section_key section;                             ///< where the guide explains it
    std::string section_title;
};
[[nodiscard]] round_reveal make_reveal(const round_state& state, const pack_index& index);

/// The shared view of an open question: how many answered, not what.
struct round_view {
    question_card card;
    int answered = 0;
    int players = 0;
    std::chrono::seconds remaining{0};
};
[[nodiscard]] round_view view_round(const round_state& state, const pack_index& index, instant now);

struct score_line {
    learner_id learner;
    int rank = 0; ///< 1-based; equal lines share a rank
    int present = 0;
    int answered = 0;
    int correct = 0;
    std::chrono::milliseconds mean_answer_time{0};
    friend bool operator==(const score_line&, const score_line&) = default;
};
/// Ranked by accuracy (correct answers over the questions each player was present for, so skipping a question
/// does not help), then by correct answers, and only then by mean answer time: speed breaks ties, never beats
/// correctness.
[[nodiscard]] std::vector<score_line> scoreboard(const round_state& state);

void end_round(round_state& state) noexcept;

/// How the member's answer to the question just closed is judged, in their language; nullopt when they did not
/// answer it or it is still open (nobody learns anything before the reveal).
[[nodiscard]] std::optional<feedback> judged_answer(const round_state& state, const pack_index& index,
                                                    learner_id learner, language lang);

/// The round's hardest question: the smallest share of right answers (at least one answer), ties to the one with
/// more answers, then to the one asked first.
[[nodiscard]] std::optional<question_key> hardest_question(std::span<const round_attempt> attempts);

/// The questions the learner missed in the round, each once, in the order they were asked.
[[nodiscard]] std::vector<question_key> missed_by(std::span<const round_attempt> attempts, learner_id learner);

} // namespace quiz::engine
