// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "engine/core/language.hpp"
#include "engine/core/tutor_ids.hpp"
#include "engine/tutor/session.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace quiz::bot::tutoring {

// A learner's actions, as every front end expresses them. Packs and concepts are named as the learner typed
// them (keys, or a concept's label in either language); the tutoring layer looks them up.

/// Who acts, as their platform names them.
struct actor {
    engine::platform_identity identity;
    std::string display_name;
    /// The language the platform says they use (Discord's locale, Slack's users.info, the page's choice, the
    /// terminal's LANG): followed until the learner chooses one with a language action.
    std::optional<engine::language> platform_lang;
    /// Where they act (a Discord server, a Slack team, this machine): they join it as a learner. Optional.
    std::optional<engine::platform_identity> workspace;
    std::string workspace_name;
    /// Only for someone already known (the playground's answers and stats, whose learner token a start handed
    /// out): anyone else gets an unknown_learner notice and nothing is created.
    bool known_only = false;
};

/// A new session (ending the one under way).
struct start {
    std::optional<std::string> pack; ///< nullopt: the default pack
    std::optional<std::string> only_concept;
    engine::session_scope scope = engine::session_scope::everything;
    engine::venue where = engine::venue::dm;
};

/// An answer to the card whose token it carries.
struct answer {
    engine::session_id session;
    std::uint32_t sequence = 0;
    std::uint32_t choice = 0; ///< display position (0 = A)
    bool then_next = false;   ///< also show what comes next (front ends showing both at once)
};

/// An answer to whatever card is on screen in the learner's session (a letter typed in a chat).
struct answer_current {
    std::uint32_t choice = 0;
};

/// After the feedback: the next card or the summary. Without a session: the one under way, else a new one.
struct next {
    std::optional<engine::session_id> session;
};

/// Ends the session and shows its summary.
struct stop {
    engine::session_id session;
};

/// Progress in a pack; nullopt: the pack of the session under way, else the default one.
struct stats {
    std::optional<std::string> pack;
};

/// The learner chooses the language they are spoken to in.
struct choose_language {
    engine::language lang = engine::language::en;
};

/// Erasing everything kept about the learner: asked first, then confirmed or cancelled.
struct forget {
    enum class step : unsigned char { ask, confirm, cancel };
    step what = step::ask;
};

struct help {};

/// Reminders by DM (docs/reminders.md): shown, turned on at an hour in a time zone, or turned off.
struct remind {
    enum class mode : unsigned char { show, on, off };
    mode what = mode::show;
    std::optional<std::string> time; ///< "HH:MM" as typed; nullopt: the one set before, else 18:00
    std::optional<std::string> zone; ///< an IANA name as typed; nullopt: the one set before, else platform_zone
    std::optional<std::string> platform_zone; ///< the zone the platform knows for them (Slack's users.info tz)
};

using action = std::variant<start, answer, answer_current, next, stop, stats, choose_language, forget, help, remind>;

/// One action by one person. `delivery`: the platform's event id when it may deliver the same event again; a
/// redelivery then shows nothing and changes nothing.
struct request {
    actor who;
    action what;
    std::optional<std::string> delivery;
};

} // namespace quiz::bot::tutoring
