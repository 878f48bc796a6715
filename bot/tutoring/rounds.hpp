// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/letter.hpp"
#include "bot/tutoring/pack_shelf.hpp"
#include "bot/tutoring/round_actions.hpp"
#include "bot/tutoring/round_screens.hpp"
#include "bot/tutoring/unit_runner.hpp"

#include "engine/core/identity_ports.hpp"
#include "engine/rounds/round_service.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

struct learner_context;
class outbox_sender;
struct held_letter;

/// Renders a change of a round as the letter that shows it on its platform; nullopt: nothing to send. Pure (logs
/// aside): it runs inside the unit, at `now`.
using round_letter_writer = std::function<std::optional<letter>(const round_screen&, engine::instant now)>;

/// What a round tells one member privately, through the credential their own click brought (a Discord click's
/// interaction token): the reply to that click, or, written by the unit that reveals a question, how their answer to
/// it is judged (docs/reliability.md, "The outbox").
struct round_note {
    engine::round_id round;
    /// Unique per note ("click:<delivery or token>", "judged:<round>:<question>:<learner>"): the letter's key names it.
    std::string about;
    std::string token;
    engine::instant token_at; ///< when the token was received
    round_reply said;         ///< a click's whole reply; a judgment's lang and mine
    /// A judgment: the reveal it belongs to.
    std::optional<round_screen> revealed;
    bool looking = false; ///< the click asked to see their own judgment (look_at_round)
    std::string member;   ///< a click's: the clicker's platform identity (Slack's "team:user")
    std::string channel;  ///< a click's: where the round is, when known (Slack's chat.postEphemeral names both)
};

/// Renders a round's note as its letter; nullopt: nothing to send (nothing to say, or the token too old). Pure (logs
/// aside): it runs inside the unit, at `now`.
using round_note_writer = std::function<std::optional<letter>(const round_note&, engine::instant now)>;

/// What the rounds work with; as service_parts, and all of it must outlive the rounds and the queue's units.
struct rounds_parts {
    engine::group_tutor& groups;
    engine::tutor& tutor; ///< a member's review of their misses
    engine::identity_directory& identities;
    engine::round_messages& messages;
    engine::action_queue& queue;
    const pack_shelf& shelf;
    std::function<engine::instant()> clock; ///< required, as service_parts::clock
    std::function<std::uint64_t()> seeds;   ///< a round's choice order; required, as service_parts::seeds
    spdlog::logger& log;
    /// As service_parts::hand_over.
    std::function<void(std::function<void()>)> hand_over;
    std::function<void(const std::string& platform)> on_answer_recorded;
    /// Asks for tick(round) at `deadline` (the server: a timer on its IO threads). An earlier request for the same
    /// round may still fire: tick is harmless before the deadline.
    std::function<void(engine::round_id, engine::instant deadline)> wake_at;
    /// Every change of a round, for the front end of its platform to show in its channel; through hand_over.
    std::function<void(const round_screen&)> publish;
    round_limits limits;
    /// Where the letters of write_letters go, in the unit that made the change; null: none are written.
    outbox_sender* letters = nullptr;
};

/// Study groups' rounds, once for every front end: each action is one unit of the action queue, from the person's
/// platform identity to what they see privately and what the channel sees. Deadlines are kept in the database
/// with the round; the server's timer calls tick, and look_for_deadlines finds those it set no timer for
/// (docs/groups.md).
class rounds {
public:
    explicit rounds(rounds_parts parts);

    /// Queues the action; `show` gets the reply through hand_over. false when the queue is stopping.
    bool perform(round_request r, std::function<void(round_reply)> show);
    /// The same, waiting for the reply (tests); never from the queue's thread.
    round_reply run(round_request r);

    /// Every change of a round of `platform` (but the command's own answer, which carries the message it opens) is
    /// also written as `writer`'s letter in the unit that made it, and sent once that unit commits
    /// (docs/reliability.md, "The outbox"). Before the server runs.
    void write_letters(std::string platform, round_letter_writer writer);

    /// A click on a round of `platform` that carries a token (message_news::edit_token) is answered privately as
    /// `writer`'s letter, in the click's unit. With `judgments`, the token is also kept as the member's once they
    /// answer, and the unit that reveals a question writes each member who answered it their judgment with their
    /// token. Before the server runs.
    void write_notes(std::string platform, round_note_writer writer, bool judgments);

    /// Saves what a front end learnt about a round's message outside a request (a Slack message's ts once posted).
    void record_message(engine::round_id round, message_news news);

    /// A question's deadline may have come: closes it if so, exactly once, and publishes the reveal.
    void tick(engine::round_id round);
    /// As tick, and publishes the round as it stands even when nothing changed: what another node sharing the
    /// database did to it reaches this node's pages (the playground's rooms poll with it).
    void refresh(engine::round_id round);
    /// Reads every open question's deadline in the database (a unit) and asks wake_at for each (an overdue one fires
    /// at once): at start, those the last run left open; then periodically, those opened through other nodes on the
    /// same database or left by a node that died (engine::group_tutor::open_deadlines).
    void look_for_deadlines();

private:
    round_reply decide(const round_request& r, engine::instant now, std::uint64_t seed);
    round_reply open(const learner_context& ctx, const open_round& o, engine::instant now, std::uint64_t seed);
    round_reply answer(const learner_context& ctx, const answer_round& a, engine::instant now);
    round_reply host_action(const learner_context& ctx, const round_action& what, engine::round_id round,
                            engine::instant now);
    round_reply join(const learner_context& ctx, engine::round_id round, engine::instant now);
    round_reply look(const learner_context& ctx, engine::round_id round, engine::instant now);
    round_reply review(const learner_context& ctx, engine::round_id round, engine::instant now, std::uint64_t seed);
    /// The shared message for an outcome; with wake_at asked for when a question is open.
    round_screen shared_of(const engine::round_outcome& outcome);
    /// tick and refresh: closes the question if its deadline has passed, and publishes it if so or if asked to.
    void close_if_due(engine::round_id round, bool publish_unchanged);
    /// Merges `news` into the round's stored message; inside the unit.
    void remember(engine::round_id round, const message_news& news, engine::instant now);
    /// One log line per question closed: the reveal happens once.
    void log_reveal(const round_screen& shown);
    /// Hands the screen to publish, off the queue's thread.
    void announce(const round_screen& shown);
    /// Inside the unit: writes the letter of `shown` for its platform, if it has a writer, into `held`.
    void write_letter(const round_screen& shown, engine::instant now, std::vector<held_letter>& held);
    /// Inside the click's unit: its private answer as a note letter, and the member's token kept once they answered.
    void write_click_note(const round_request& r, const round_reply& reply, engine::instant now,
                          std::vector<held_letter>& held);
    /// Inside the unit that revealed `revealed`'s question: each member who answered it is told how it is judged.
    void write_judgments(const round_screen& revealed, engine::instant now, std::vector<held_letter>& held);
    /// Whether the reveals of `platform`'s rounds tell each member their judgment (write_notes).
    [[nodiscard]] bool judges(const std::string& platform) const;
    /// Inside the unit: writes `l`, if any, to the outbox, into `held` when this node is to send it.
    void hold(const std::optional<letter>& l, engine::instant now, std::vector<held_letter>& held);
    /// After the unit: sends what it held.
    void send_letters(std::vector<held_letter>& held);

    rounds_parts p_;
    std::map<std::string, round_letter_writer, std::less<>> writers_;
    struct note_writer {
        round_note_writer write;
        bool judgments = false;
    };
    std::map<std::string, note_writer, std::less<>> note_writers_;
    unit_runner runner_;
};

/// The round's platform and the channel the front end named, from the stored channel ("web:K7Q2", "slack:C01").
struct round_channel {
    std::string platform;
    std::string channel;
};
[[nodiscard]] std::string stored_channel(const round_place& where);
[[nodiscard]] round_channel channel_of(const std::string& stored);

} // namespace quiz::bot::tutoring
