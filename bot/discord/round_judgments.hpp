// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/round_actions.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace quiz::bot::discord {

/// At each reveal, tells every member who answered the question, privately, how their answer is judged: an
/// ephemeral follow-up through the token of their latest answer click (kept in memory from the click until the
/// reveal; a restart in between loses it, and the member sees the reveal on the round's message only). Thread-safe.
class round_judgments : public std::enable_shared_from_this<round_judgments> {
public:
    /// Runs a round action (the server: tutoring::rounds::perform); false when the queue is stopping.
    using perform_fn = std::function<bool(tutoring::round_request, std::function<void(tutoring::round_reply)>)>;
    /// Sends `body` as an ephemeral follow-up through `token`.
    using note_fn = std::function<void(const std::string& token, boost::json::object body)>;
    /// The judged answer (the reply to the member's look at the round) as their follow-up, for the question
    /// `revealed` shows; nullopt when there is nothing to tell.
    using render_fn = std::function<std::optional<boost::json::object>(const tutoring::round_reply&,
                                                                       const tutoring::round_screen& revealed)>;

    round_judgments(perform_fn perform, note_fn note, render_fn render, std::function<engine::instant()> clock,
                    std::chrono::milliseconds token_lifetime);

    /// A member clicked an answer to question `sequence` (before the answer runs: its reveal may come first).
    void answering(engine::round_id round, std::uint32_t sequence, const tutoring::actor& who,
                   const std::string& token);
    /// That click was not an answer (the question was closed, stale): forgotten, unless a later click replaced it.
    void refused(engine::round_id round, const std::string& user, const std::string& token);

    /// A change of a round: at a question's first reveal, each member who answered it is told.
    void publish(const tutoring::round_screen& shown);

private:
    struct member {
        tutoring::actor who;
        std::string token;
        engine::instant clicked;
    };
    struct question {
        std::uint32_t sequence = 0;
        std::uint32_t judged = 0; ///< the last sequence whose reveal was told
        std::map<std::string, member> members;
    };

    perform_fn perform_;
    note_fn note_;
    render_fn render_;
    std::function<engine::instant()> clock_;
    std::chrono::milliseconds token_lifetime_;
    std::mutex mutex_;
    std::map<engine::round_id, question> rounds_;
};

} // namespace quiz::bot::discord
