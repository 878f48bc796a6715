// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/exchange.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/round_flows.hpp"
#include "bot/discord/round_letters.hpp"
#include "bot/http/router.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

namespace quiz::bot::tutoring {
class rounds;
class outbox_sender;
} // namespace quiz::bot::tutoring

namespace quiz::bot::discord {

struct round_endpoint_parts {
    tutoring::rounds& rounds;
    exchange_parts exchange;
    std::function<engine::instant()> clock; ///< the rounds' clock: tokens' ages are measured with it
    std::string application_id;             ///< "" until an interaction tells it
    tutoring::outbox_sender& letters;       ///< sends the edits of rounds' messages and members' notes
};

/// Study-group rounds on Discord (docs/discord.md, "Study-group rounds"): `/quiz group` answers with the round's
/// message; a click on its buttons is acknowledged at once with a deferred update (type 6, so that the click's
/// token edits the round's message), runs as a round action with that token as the message's freshest
/// credential, and the member is told privately through an ephemeral follow-up; every change of a round edits
/// its message, and each reveal tells the members how their answers are judged, through the outbox (round_letters:
/// letters written in the unit that decided them).
class round_endpoint : public std::enable_shared_from_this<round_endpoint> {
public:
    explicit round_endpoint(round_endpoint_parts parts);

    void command(interaction in, const http::responder& reply);
    void click(interaction in, round_click clicked, const http::responder& reply);
    /// The application's id, as every interaction carries it: used when DISCORD_APPLICATION_ID is not set.
    void learn_application(std::string_view id);

private:
    /// A click's private answer when its unit failed: sent once, recorded nowhere (the unit wrote nothing).
    void tell_unrecorded(const interaction& in, engine::round_id round, const tutoring::round_reply& r);
    /// Once per question and person for Next: the host's double click would otherwise skip a question. false for a
    /// repeat. In memory: after a restart, a Next clicked before it counts once more.
    bool first_next(engine::round_id round, std::uint32_t sequence, const std::string& user);
    void forget_next(engine::round_id round, std::uint32_t sequence, const std::string& user);
    [[nodiscard]] tutoring::link_base links() const { return {*p_.exchange.public_url}; }

    round_endpoint_parts p_;
    std::shared_ptr<round_letters> letters_;
    std::mutex mutex_;
    std::set<std::tuple<engine::round_id, std::uint32_t, std::string>> nexts_;
};

} // namespace quiz::bot::discord
