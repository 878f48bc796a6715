// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/actions.hpp"
#include "bot/tutoring/outbox_sender.hpp"
#include "bot/tutoring/pack_shelf.hpp"
#include "bot/tutoring/screens.hpp"
#include "bot/tutoring/unit_runner.hpp"

#include "engine/core/identity_ports.hpp"
#include "engine/reminders/reminder_book.hpp"
#include "engine/tutor/tutor_service.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {

struct learner_context;

/// Learners' reminder settings, on the queue's connection like the identity directory.
struct reminder_settings {
    engine::reminder_book& book;
    const engine::zone_directory& zones;
    /// A learner's next reminder was set (the server's timer may need to wake sooner).
    std::function<void(engine::instant)> scheduled;
    /// Whether reminders can be sent on the platform (its bot token is configured).
    std::function<bool(const std::string& platform)> can_send;
};

/// What the tutoring layer works with. The tutor and the identity directory sit on the queue's connection: they are
/// only called from units run by `queue`. Everything must outlive the service and the queue's pending units.
struct service_parts {
    engine::tutor& tutor;
    engine::identity_directory& identities;
    engine::action_queue& queue;
    const engine::pack_library& library;
    std::vector<engine::pack_key> packs; ///< listing order; the first is the default
    /// The time and the seeds (a new session's choice order) every action is stamped with: given by the composition
    /// root (bot/assembly), never read here. Both are required.
    std::function<engine::instant()> clock;
    std::function<std::uint64_t()> seeds;
    spdlog::logger& log;
    /// Hands a screen to its front end off the queue's thread (the server: a post to its IO threads), so that the
    /// queue runs units and nothing else. Empty: on the queue's thread.
    std::function<void(std::function<void()>)> hand_over;
    /// Once a unit that recorded an answer has committed, with the platform that sent it (the answers metric).
    std::function<void(const std::string& platform)> on_answer_recorded;
    /// Runs at the start of every unit (tests slow units down with it).
    std::function<void()> before_unit;
    /// Null: this server sends no reminders (QUIZBOT_REMINDERS=off) and `remind` says so.
    const reminder_settings* reminders = nullptr;
    /// Sends requests' letters (request::post) through the outbox; null: requests carry none.
    outbox_sender* letters = nullptr;
};

/// The learner's side of quizbot, once for every front end: each request is one user action run as one unit of the
/// action queue (one transaction), from the person's platform identity to the screen to show. It owns identity and
/// language, the answers' idempotency keys, pack and concept lookup, failure logging and the answers metric.
/// Front ends translate their requests into actions and render screens.
class service {
public:
    explicit service(service_parts parts);

    /// Queues the action; `show` gets its screen (a `failed` notice when the unit failed) through hand_over.
    /// Never waits. false when the queue is stopping (nothing was queued).
    /// With `post` (and service_parts::letters), the screen is sent as that letter, written to the outbox in the
    /// action's transaction, and `show` only does what else the screen asks; a failed unit's notice is sent the
    /// same way, unrecorded (its transaction wrote nothing).
    bool perform(request r, std::function<void(screen)> show, letter_writer post = {});

    /// The same, waiting for the screen (the terminal, tests); never from the queue's thread. Throws
    /// std::logic_error when the queue is stopping.
    screen run(request r);

    [[nodiscard]] const pack_shelf& shelf() const noexcept { return shelf_; }

private:
    bool submit(request r, std::function<void(screen)> show, letter_writer post, bool hand_over);
    screen decide(const request& r, engine::instant now, std::uint64_t seed);
    screen start_session(const learner_context& ctx, const tutoring::start& s, engine::instant now, std::uint64_t seed);
    screen answer_card(const learner_context& ctx, const tutoring::answer& a, engine::instant now);
    screen next_card(const learner_context& ctx, const tutoring::next& n, engine::instant now, std::uint64_t seed);
    screen stop_session(const learner_context& ctx, engine::session_id session, engine::instant now);
    screen show_stats(const learner_context& ctx, const tutoring::stats& s, engine::instant now);
    screen forget_me(const actor& who, forget::step step);
    screen remind_me(const learner_context& ctx, const remind& r, engine::instant now);
    std::string setting_line(const learner_context& ctx);

    service_parts p_;
    pack_shelf shelf_;
    unit_runner runner_;
};

} // namespace quiz::bot::tutoring
