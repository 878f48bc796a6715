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

round_endpoint::round_endpoint(round_endpoint_parts parts) : p_(std::move(parts)), application_id_(p_.application_id)
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
    auto& rounds = p_.rounds;
    judgments_ = std::make_shared<round_judgments>(
        [&rounds](tutoring::round_request r, std::function<void(tutoring::round_reply)> show) {
            return rounds.perform(std::move(r), std::move(show));
        },
        // The endpoint outlives every reply: the router and the rounds' publish hook hold it until the server has
        // stopped running its IO threads.
        [this](const std::string& token, const json::object& body) { tell(token, body); },
        [public_url = p_.exchange.public_url](const tutoring::round_reply& r, const tutoring::round_screen& revealed) {
            return judged_note(r, revealed, {*public_url});
        },
        p_.clock, settings.token_lifetime);
}

void round_endpoint::learn_application(std::string_view id)
{
    letters_->learn_application(id);
    const std::lock_guard lock(mutex_);
    if (application_id_.empty()) {
        application_id_ = std::string(id);
    }
}

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
    // Before the acknowledgement: once the clicker has it, their next click finds this one remembered (an answer
    // for the reveal's judgment, a Next against a repeat).
    if (b.what == kind::answer) {
        judgments_->answering(b.round, b.sequence, clicked.request.who, in.token);
    }
    const bool repeated = b.what == kind::next && !first_next(b.round, b.sequence, in.user_id);
    // Acknowledged before anything runs: the click's token then edits the round's message (@original after a
    // deferred update), and what the member alone should see goes as an ephemeral follow-up.
    reply.send(json_answer(json::object{{"type", 6}}));
    if (repeated) {
        return; // the same Next again: the first one asked the next question
    }
    auto who = clicked.request.who;
    // The member's note keeps its place before the judgment the reveal sends through the same token: the reveal
    // this click causes reaches round_judgments on the writer's commit, possibly before this reply is rendered.
    const auto note_place = notes_.reserve(in.token);
    const bool queued = p_.rounds.perform(
        std::move(clicked.request), [self = shared_from_this(), in, b, who, note_place](tutoring::round_reply r) {
            if (r.replayed) {
                note_place.skip();
                return; // the first delivery of this click did (or does) everything, its pending judgment included
            }
            if (auto note = private_note(r, self->links())) {
                note_place.send(self->note_request(in.token, *note));
            } else {
                note_place.skip();
            }
            if (r.shared) {
                self->publish(*r.shared);
            }
            if (b.what == kind::answer && !std::holds_alternative<tutoring::answer_in_screen>(r.mine)) {
                self->judgments_->refused(b.round, in.user_id, in.token);
            }
            if (b.what == kind::next && std::holds_alternative<tutoring::notice_screen>(r.mine)) {
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

void round_endpoint::publish(const tutoring::round_screen& shown) { judgments_->publish(shown); }

void round_endpoint::tell(const std::string& token, const json::object& body)
{
    notes_.submit(token, note_request(token, body));
}

outbound::in_order::send_fn round_endpoint::note_request(const std::string& token, const json::object& body)
{
    webhook_base base;
    {
        const std::lock_guard lock(mutex_);
        base = {p_.exchange.api_base, application_id_, *p_.exchange.public_url};
    }
    auto& log = p_.exchange.log;
    auto& client = p_.exchange.outbound;
    return [&log, &client, request = follow_up(base, token, body)](std::function<void()> done) mutable {
        client.send(std::move(request), [&log, done = std::move(done)](outbound::result r) {
            if (!r.ok()) {
                log.warn("discord round note failed reason={}", r.message);
            } else if (r.resp.status >= 300) {
                log.warn("discord round note refused status={}", r.resp.status);
            }
            done();
        });
    };
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
