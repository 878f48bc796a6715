// SPDX-License-Identifier: MIT
#include "bot/discord/round_endpoint.hpp"

#include "bot/discord/render_parts.hpp"
#include "bot/outbound/client.hpp"
#include "bot/tutoring/outbox_sender.hpp"
#include "bot/tutoring/rounds.hpp"

#include <spdlog/logger.h>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

/// Notices after which the click's fresh token may bring a message that fell behind up to date.
bool about_the_question(const tutoring::round_reply& r)
{
    const auto* n = std::get_if<tutoring::notice_screen>(&r.mine);
    return n != nullptr && (n->kind == tutoring::notice_kind::round_closed || n->kind == tutoring::notice_kind::stale ||
                            n->kind == tutoring::notice_kind::not_host || n->kind == tutoring::notice_kind::ended);
}

} // namespace

round_endpoint::round_endpoint(round_endpoint_parts parts) : p_(std::move(parts))
{
    round_letter_settings settings;
    settings.api_base = p_.exchange.api_base;
    settings.application_id = p_.application_id;
    settings.public_url = p_.exchange.public_url;
    letters_ = std::make_shared<round_letters>(p_.exchange.outbound, p_.exchange.log, settings);
    // Edits of one message start at least edit_spacing apart: within the per-webhook rate limits Discord applies
    // without documenting a number, a burst of answers becomes a few edits.
    p_.letters.add_sender(
        std::string(round_edit_kind),
        [letters = letters_](const std::string& payload, std::function<void(tutoring::delivery)> done) {
            letters->send(payload, std::move(done));
        },
        round_letters::edit_spacing);
    p_.rounds.write_letters("discord", [letters = letters_](const tutoring::round_screen& shown, engine::instant now) {
        return letters->write(shown, now);
    });
    p_.rounds.write_notes(
        "discord",
        [letters = letters_](const tutoring::round_note& note, engine::instant now) {
            return letters->write_note(note, now);
        },
        true);
}

void round_endpoint::learn_application(std::string_view id) { letters_->learn_application(id); }

void round_endpoint::command(interaction in, const http::responder& reply)
{
    auto request = group_request(in);
    if (const auto* refused = std::get_if<discord::reply>(&request)) {
        reply.send(json_answer(callback_body(*refused)));
        return;
    }
    auto open = std::get<tutoring::round_request>(std::move(request));
    // A deferral is public: the round's message is what this command is for, and its answer carries it (no letter).
    answer_interaction(p_.exchange, std::move(in), reply, false,
                       [self = shared_from_this(), open = std::move(open)](
                           std::function<void(const discord::reply&)> done, deferral_check) mutable {
                           return self->p_.rounds.perform(std::move(open),
                                                          [self, done = std::move(done)](tutoring::round_reply r) {
                                                              done(group_reply(r, self->links()));
                                                          });
                       });
}

void round_endpoint::click(interaction in, round_click clicked, const http::responder& reply)
{
    const auto& b = clicked.button;
    using kind = round_button::kind;
    const bool repeated = b.what == kind::next && !first_next(b.round, b.sequence, in.user_id);
    // Acknowledged before anything runs: the click's token then edits the round's message (@original after a
    // deferred update), and what the member alone should see goes as an ephemeral follow-up, a letter of the
    // click's unit (and, for an answer, of the unit that reveals the question: their judgment).
    reply.send(json_answer(json::object{{"type", 6}}));
    if (repeated) {
        return; // the same Next again: the first one asked the next question
    }
    auto who = clicked.request.who;
    const bool queued =
        p_.rounds.perform(std::move(clicked.request), [self = shared_from_this(), in, b, who](tutoring::round_reply r) {
            if (r.replayed) {
                return; // the first delivery of this click did (or does) everything
            }
            const auto* notice = std::get_if<tutoring::notice_screen>(&r.mine);
            if (notice != nullptr && notice->kind == tutoring::notice_kind::failed) {
                self->tell_unrecorded(in, b.round, r); // its unit rolled back, and the note it wrote with it
            }
            if (b.what == kind::next && notice != nullptr) {
                self->forget_next(b.round, b.sequence, in.user_id); // refused: a later Next may still go ahead
            }
            if (!r.shared && about_the_question(r) && self->letters_->behind(b.round)) {
                // The round's message fell behind (its token had expired): this click's token brings it up to date,
                // through the letter the look writes with it.
                tutoring::round_request look{who, tutoring::look_at_round{b.round}, std::nullopt,
                                             tutoring::message_news{std::nullopt, in.token}};
                (void)self->p_.rounds.perform(std::move(look), [](const tutoring::round_reply&) {});
            }
        });
    if (!queued) {
        p_.exchange.log.warn("discord round click dropped: the server is stopping");
    }
}

void round_endpoint::tell_unrecorded(const interaction& in, engine::round_id round, const tutoring::round_reply& r)
{
    const auto now = p_.clock();
    const tutoring::round_note note{
        round,        "click:" + in.delivery_key().value_or(in.id), in.token, now, r, std::nullopt, false, in.user_id,
        in.channel_id};
    if (auto l = letters_->write_note(note, now)) {
        p_.letters.send_unrecorded(*l);
    }
}

bool round_endpoint::first_next(engine::round_id round, std::uint32_t sequence, const std::string& user)
{
    const std::lock_guard lock(mutex_);
    if (nexts_.size() > 10'000) {
        nexts_.clear(); // old rounds' questions; a repeat that old is not a double click
    }
    return nexts_.emplace(round, sequence, user).second;
}

void round_endpoint::forget_next(engine::round_id round, std::uint32_t sequence, const std::string& user)
{
    const std::lock_guard lock(mutex_);
    nexts_.erase({round, sequence, user});
}

} // namespace quiz::bot::discord
