// SPDX-License-Identifier: MIT
#include "bot/tutoring/rounds.hpp"

#include "bot/overloaded.hpp"
#include "bot/tutoring/learner_entry.hpp"
#include "bot/tutoring/outbox_sender.hpp"
#include "bot/tutoring/screen_parts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/tutor/choice_order.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <future>
#include <memory>
#include <stdexcept>

namespace quiz::bot::tutoring {

namespace {

using engine::language;
using engine::round_status;
using arg = engine::message_arg;

round_reply said(notice_kind kind, language lang, std::string text)
{
    return {lang, notice_screen{kind, std::move(text)}, std::nullopt, false};
}

round_reply said(notice_kind kind, language lang, text t, std::initializer_list<engine::message_arg> args = {})
{
    return said(kind, lang, say(t, lang, args));
}

/// The notice for a round action the engine refused.
round_reply refused(round_status status, language lang)
{
    switch (status) {
    case round_status::busy:
        return said(notice_kind::round_busy, lang, text::round_busy);
    case round_status::not_host:
        return said(notice_kind::not_host, lang, text::round_not_host);
    case round_status::ended:
        return said(notice_kind::ended, lang, text::round_ended);
    case round_status::unknown_pack:
        return said(notice_kind::unknown_pack, lang, text::round_unknown);
    case round_status::no_round:
    case round_status::ok:
        break;
    }
    return said(notice_kind::round_unknown, lang, text::round_unknown);
}

/// What one member is told privately, without the round's message.
round_reply privately(language lang, decltype(round_reply::mine) mine)
{
    round_reply r;
    r.lang = lang;
    r.mine = std::move(mine);
    return r;
}

std::string letter_of(std::uint32_t position) { return std::string(1, engine::choice_letter(position)); }

/// Grows with every change: the question's number, then its stage, then its answers, then its players (both
/// below 65536).
std::uint64_t revision_of(const round_screen& s)
{
    const auto stage = static_cast<std::uint64_t>(s.at);
    return ((static_cast<std::uint64_t>(s.number) * 4 + stage) << 32) + (static_cast<std::uint64_t>(s.answered) << 16) +
           static_cast<std::uint64_t>(s.players);
}

} // namespace

std::string stored_channel(const round_place& where) { return where.workspace.platform + ":" + where.channel; }

round_channel channel_of(const std::string& stored)
{
    const auto colon = stored.find(':');
    if (colon == std::string::npos) {
        return {{}, stored};
    }
    return {stored.substr(0, colon), stored.substr(colon + 1)};
}

rounds::rounds(rounds_parts parts) : p_(std::move(parts)), runner_(p_.queue, p_.log, p_.hand_over, {})
{
    if (!p_.clock || !p_.seeds) {
        throw std::invalid_argument("tutoring::rounds needs a clock and seeds");
    }
}

bool rounds::perform(round_request r, std::function<void(round_reply)> show)
{
    const auto now = p_.clock();
    const auto seed = p_.seeds();
    const language guess = r.who.platform_lang.value_or(language::en);
    auto result = std::make_shared<round_reply>();
    auto shared = std::make_shared<round_request>(std::move(r));
    auto held = std::make_shared<std::vector<held_letter>>();
    const std::string platform = shared->who.identity.platform;
    return runner_.submit(
        platform,
        [this, shared, result, held, now, seed] {
            *result = decide(*shared, now, seed);
            // The change goes out as a letter of this transaction (docs/reliability.md, "The outbox"); the command
            // that opens a round answers with its message itself. A click's fresh token shows the round again.
            const bool fresh_token = shared->message && shared->message->edit_token;
            const bool opening = std::holds_alternative<open_round>(shared->what);
            if (result->shared && (result->changed || fresh_token) && !opening) {
                write_letter(*result->shared, now, *held);
            }
            if (!opening) {
                write_click_note(*shared, *result, now, *held);
            }
            if (result->revealed_now && result->shared) {
                write_judgments(*result->shared, now, *held);
            }
        },
        [this, result, held, guess, platform](bool failed) {
            if (failed) {
                held->clear();
                *result = said(notice_kind::failed, guess, text::failed);
            } else {
                if (result->answer_recorded && p_.on_answer_recorded) {
                    p_.on_answer_recorded(platform);
                }
                if (result->changed && result->shared) {
                    if (result->revealed_now) {
                        log_reveal(*result->shared);
                    }
                    announce(*result->shared); // once committed: nobody sees a change that could still roll back
                }
            }
        },
        [this, show = std::move(show), result, held] {
            send_letters(*held);
            show(std::move(*result));
        },
        true);
}

round_reply rounds::run(round_request r)
{
    std::promise<round_reply> promise;
    auto future = promise.get_future();
    if (!perform(std::move(r), [&promise](round_reply reply) { promise.set_value(std::move(reply)); })) {
        throw std::logic_error("the action queue is stopping");
    }
    return future.get();
}

void rounds::tick(engine::round_id round) { close_if_due(round, false); }

void rounds::refresh(engine::round_id round) { close_if_due(round, true); }

void rounds::close_if_due(engine::round_id round, bool publish_unchanged)
{
    struct seen {
        std::optional<round_screen> screen;
        bool changed = false;
    };
    auto shown = std::make_shared<seen>();
    auto held = std::make_shared<std::vector<held_letter>>();
    const auto now = p_.clock();
    (void)runner_.submit(
        "timer",
        [this, round, now, shown, held, publish_unchanged] {
            const auto outcome = p_.groups.tick(round, now);
            if (outcome.status != round_status::ok) {
                return;
            }
            shown->changed = outcome.changed;
            if (outcome.changed || publish_unchanged) {
                shown->screen = shared_of(outcome);
                if (outcome.changed) {
                    write_letter(*shown->screen, now, *held);
                    write_judgments(*shown->screen, now, *held); // a tick changes a round by closing its question
                }
            } else if (outcome.view && outcome.card && outcome.card->deadline) {
                p_.wake_at(round, *outcome.card->deadline); // woken early: wait again
            }
        },
        [this, shown, held](bool failed) {
            if (failed || !shown->screen) {
                held->clear();
                return;
            }
            if (shown->changed) {
                log_reveal(*shown->screen);
            }
            announce(*shown->screen);
        },
        [this, held] { send_letters(*held); }, false);
}

void rounds::look_for_deadlines()
{
    auto open = std::make_shared<std::vector<engine::round_deadline>>();
    (void)runner_.submit(
        "timer", [this, open] { *open = p_.groups.open_deadlines(); },
        [this, open](bool failed) {
            if (failed) {
                return; // logged by the runner; the next look tries again
            }
            for (const auto& question : *open) {
                p_.wake_at(question.round, question.deadline);
            }
        },
        [] {}, false);
}

void rounds::log_reveal(const round_screen& shown)
{
    const auto by = shown.reveal ? shown.reveal->closed_by : engine::close_reason::timer;
    p_.log.info("round revealed round={} question={} by={}", shown.round.value(), shown.number,
                by == engine::close_reason::timer          ? "timer"
                : by == engine::close_reason::all_answered ? "everyone"
                                                           : "host");
}

void rounds::write_letters(std::string platform, round_letter_writer writer)
{
    if (p_.letters != nullptr) {
        writers_[std::move(platform)] = std::move(writer);
    }
}

void rounds::write_notes(std::string platform, round_note_writer writer, bool judgments)
{
    if (p_.letters != nullptr) {
        note_writers_[std::move(platform)] = {std::move(writer), judgments};
    }
}

void rounds::write_letter(const round_screen& shown, engine::instant now, std::vector<held_letter>& held)
{
    const auto it = writers_.find(shown.platform);
    if (it == writers_.end()) {
        return;
    }
    hold(it->second(shown, now), now, held);
}

void rounds::write_click_note(const round_request& r, const round_reply& reply, engine::instant now,
                              std::vector<held_letter>& held)
{
    const auto it = note_writers_.find(r.who.identity.platform);
    if (it == note_writers_.end() || reply.replayed || !r.message || !r.message->edit_token) {
        return; // a replay: its first delivery said it (or says it)
    }
    if (it->second.judgments && reply.revealed_now && std::holds_alternative<answer_in_screen>(reply.mine)) {
        return; // the last answer in: its judgment, written with the reveal, says more
    }
    const auto round = std::visit(
        overloaded{[](const open_round&) { return engine::round_id{0}; }, [](const auto& on) { return on.round; }},
        r.what);
    // A click's token is its own (a Slack response_url): it names the note when no delivery id does.
    std::string channel = reply.shared ? reply.shared->channel : std::string{};
    if (channel.empty() && r.message->reference) {
        channel = r.message->reference->substr(0, r.message->reference->find(':')); // Slack's "channel:ts"
    }
    round_note note{round,
                    "click:" + r.delivery.value_or(*r.message->edit_token),
                    *r.message->edit_token,
                    now,
                    reply,
                    std::nullopt,
                    std::holds_alternative<look_at_round>(r.what),
                    r.who.identity.external_id,
                    std::move(channel)};
    hold(it->second.write(note, now), now, held);
}

void rounds::write_judgments(const round_screen& revealed, engine::instant now, std::vector<held_letter>& held)
{
    const auto it = note_writers_.find(revealed.platform);
    if (it == note_writers_.end() || !it->second.judgments || revealed.at != round_screen::stage::revealed ||
        !revealed.card) {
        return;
    }
    for (auto& member : p_.messages.note_tokens(revealed.round)) {
        const auto stored = p_.identities.language_of(member.learner);
        const auto lang = stored ? stored->lang : revealed.lang;
        const auto outcome = p_.groups.look(revealed.round, member.learner, lang, now);
        if (outcome.status != round_status::ok || !outcome.mine) {
            continue; // they did not answer this question
        }
        round_note note{revealed.round,
                        "judged:" + std::to_string(revealed.round.value()) + ":" +
                            std::to_string(revealed.card->sequence) + ":" + std::to_string(member.learner.value()),
                        std::move(member.token),
                        member.at,
                        privately(lang, judged_of(revealed.round, outcome.pack, *outcome.mine, lang)),
                        revealed,
                        false,
                        {},
                        {}};
        hold(it->second.write(note, now), now, held);
    }
}

bool rounds::judges(const std::string& platform) const
{
    const auto it = note_writers_.find(platform);
    return it != note_writers_.end() && it->second.judgments;
}

void rounds::hold(const std::optional<letter>& l, engine::instant now, std::vector<held_letter>& held)
{
    if (!l) {
        return;
    }
    if (auto h = p_.letters->write(*l, now)) {
        held.push_back(std::move(*h));
    }
}

void rounds::send_letters(std::vector<held_letter>& held)
{
    for (auto& h : held) {
        p_.letters->send_held(std::move(h));
    }
    held.clear();
}

void rounds::announce(const round_screen& shown)
{
    if (p_.publish) {
        runner_.hand_over([publish = p_.publish, shown] { publish(shown); });
    }
}

round_reply rounds::decide(const round_request& r, engine::instant now, std::uint64_t seed)
{
    if (r.delivery && !p_.identities.first_delivery(r.who.identity.platform, *r.delivery, now)) {
        round_reply replay;
        replay.replayed = true;
        return replay;
    }
    const auto entered = enter(p_.identities, r.who);
    if (!entered) {
        return said(notice_kind::unknown_learner, r.who.platform_lang.value_or(language::en), std::string{});
    }
    const learner_context& ctx = *entered;
    auto reply = std::visit(overloaded{
                                [&](const open_round& o) { return open(ctx, o, now, seed); },
                                [&](const join_round& j) { return join(ctx, j.round, now); },
                                [&](const answer_round& a) { return answer(ctx, a, now); },
                                [&](const reveal_round& h) { return host_action(ctx, r.what, h.round, now); },
                                [&](const next_round_question& h) { return host_action(ctx, r.what, h.round, now); },
                                [&](const end_round& h) { return host_action(ctx, r.what, h.round, now); },
                                [&](const look_at_round& l) { return look(ctx, l.round, now); },
                                [&](const review_misses& m) { return review(ctx, m.round, now, seed); },
                            },
                            r.what);
    if (r.message && reply.shared) {
        remember(reply.shared->round, *r.message, now);
        reply.shared->message = p_.messages.find(reply.shared->round);
    }
    const auto* answered = std::get_if<answer_round>(&r.what);
    if (answered != nullptr && std::holds_alternative<answer_in_screen>(reply.mine) && r.message &&
        r.message->edit_token && judges(ctx.platform)) {
        // Their latest answer click's token (a double click's too) tells them their judgment at the reveal,
        // whichever node's unit reveals it.
        p_.messages.save_note_token(answered->round, {ctx.learner, *r.message->edit_token, now});
    }
    return reply;
}

void rounds::remember(engine::round_id round, const message_news& news, engine::instant now)
{
    auto stored = p_.messages.find(round).value_or(engine::round_message{});
    if (news.reference) {
        stored.reference = *news.reference;
    }
    if (news.edit_token && *news.edit_token != stored.edit_token) {
        stored.edit_token = *news.edit_token;
        stored.token_at = now;
        stored.token_uses = 0;
    }
    p_.messages.save(round, stored);
}

void rounds::record_message(engine::round_id round, message_news news)
{
    const auto now = p_.clock();
    (void)runner_.submit(
        "rounds", [this, round, news = std::move(news), now] { remember(round, news, now); }, [](bool) {}, [] {},
        false);
}

round_reply rounds::open(const learner_context& ctx, const open_round& o, engine::instant now, std::uint64_t seed)
{
    const auto& limits = p_.limits;
    const bool questions_ok = !o.questions || (*o.questions >= 1 && *o.questions <= limits.max_questions);
    const bool seconds_ok = !o.seconds || (*o.seconds >= limits.min_seconds && *o.seconds <= limits.max_seconds);
    if (!questions_ok || !seconds_ok) {
        return said(notice_kind::round_options, ctx.lang, text::round_options,
                    {arg::num("max_questions", limits.max_questions), arg::num("min_seconds", limits.min_seconds),
                     arg::num("max_seconds", limits.max_seconds)});
    }
    const auto* content = p_.shelf.find(o.pack);
    if (content == nullptr) {
        return said(notice_kind::unknown_pack, ctx.lang, text::unknown_pack,
                    {arg::str("pack", o.pack.value_or("")), arg::str("list", p_.shelf.key_list())});
    }
    engine::round_start_request request;
    request.workspace = p_.identities.join_workspace(o.where.workspace, o.where.workspace_name, ctx.learner);
    request.channel = stored_channel(o.where);
    request.host = ctx.learner;
    request.pack = content->key;
    request.lang = ctx.lang; // the round speaks the host's language
    request.options.questions = o.questions.value_or(request.options.questions);
    if (o.seconds) {
        request.options.min_time = request.options.max_time = std::chrono::seconds{*o.seconds};
    }
    request.seed = seed;
    request.now = now;
    const auto outcome = p_.groups.start(request);
    if (outcome.status != round_status::ok) {
        return refused(outcome.status, ctx.lang);
    }
    return {ctx.lang, nothing_screen{}, shared_of(outcome), false, true};
}

round_reply rounds::answer(const learner_context& ctx, const answer_round& a, engine::instant now)
{
    const auto before = p_.groups.look(a.round, ctx.learner, ctx.lang, now);
    if (before.status != round_status::ok) {
        return refused(before.status, ctx.lang);
    }
    const bool playing = std::find(before.players.begin(), before.players.end(), ctx.learner) != before.players.end();
    if (!playing && static_cast<int>(before.players.size()) >= p_.limits.max_players) {
        return said(notice_kind::round_full, ctx.lang, text::round_full, {arg::num("max", p_.limits.max_players)});
    }
    engine::round_answer_request request;
    request.learner = ctx.learner;
    request.token = {a.round, a.sequence};
    request.displayed = a.choice;
    // One key per member and question: a double click or a retried request is the same answer.
    request.key = engine::idempotency_key{ctx.platform + ":round:" + std::to_string(a.round.value()) + ":" +
                                          std::to_string(a.sequence) + ":" + std::to_string(ctx.learner.value())};
    request.now = now;
    const auto outcome = p_.groups.answer(request);
    round_reply reply{ctx.lang, nothing_screen{}, std::nullopt, false};
    const bool closed_now = outcome.reveal.has_value();
    if (outcome.status == engine::round_answer_status::accepted && outcome.told) {
        const auto position = outcome.told->chosen.position;
        reply.mine = answer_in_screen{a.round, position,
                                      say(outcome.replayed ? text::round_answer_kept : text::round_answer_in, ctx.lang,
                                          {arg::str("letter", letter_of(position))})};
        reply.answer_recorded = !outcome.replayed;
    } else {
        switch (outcome.status) {
        case engine::round_answer_status::closed:
            reply = said(notice_kind::round_closed, ctx.lang, text::round_closed);
            break;
        case engine::round_answer_status::invalid_choice:
            reply = said(notice_kind::invalid_choice, ctx.lang,
                         engine::format_message(engine::message::answer_invalid_choice, ctx.lang, {}));
            break;
        case engine::round_answer_status::ended:
            reply = said(notice_kind::ended, ctx.lang, text::round_ended);
            break;
        default:
            reply = said(notice_kind::stale, ctx.lang, text::round_stale);
            break;
        }
    }
    // A replay changes nothing, but its click may bring a fresher credential for the message (message_news).
    if (reply.answer_recorded || closed_now || outcome.replayed) {
        reply.shared = shared_of(p_.groups.look(a.round, ctx.learner, ctx.lang, now));
        reply.changed = reply.answer_recorded || closed_now;
        reply.revealed_now = closed_now;
    }
    return reply;
}

round_reply rounds::host_action(const learner_context& ctx, const round_action& what, engine::round_id round,
                                engine::instant now)
{
    const auto outcome =
        std::visit(overloaded{
                       [&](const reveal_round&) { return p_.groups.reveal(round, ctx.learner, now); },
                       [&](const next_round_question&) { return p_.groups.next(round, ctx.learner, now); },
                       [&](const end_round&) { return p_.groups.end(round, ctx.learner, now); },
                       [&](const auto&) {
                           engine::round_outcome none;
                           none.status = round_status::no_round;
                           return none;
                       },
                   },
                   what);
    if (outcome.status != round_status::ok) {
        return refused(outcome.status, ctx.lang);
    }
    return {ctx.lang, nothing_screen{}, shared_of(outcome), false, true, outcome.changed};
}

round_reply rounds::join(const learner_context& ctx, engine::round_id round, engine::instant now)
{
    const auto before = p_.groups.look(round, ctx.learner, ctx.lang, now);
    if (before.status != round_status::ok) {
        return refused(before.status, ctx.lang);
    }
    const bool playing = std::find(before.players.begin(), before.players.end(), ctx.learner) != before.players.end();
    if (playing || before.ended) {
        return look(ctx, round, now);
    }
    if (static_cast<int>(before.players.size()) >= p_.limits.max_players) {
        return said(notice_kind::round_full, ctx.lang, text::round_full, {arg::num("max", p_.limits.max_players)});
    }
    const auto joined = p_.groups.join(round, ctx.learner, now);
    if (joined.status != round_status::ok) {
        return refused(joined.status, ctx.lang);
    }
    auto reply = look(ctx, round, now);
    reply.changed = true;
    return reply;
}

round_reply rounds::look(const learner_context& ctx, engine::round_id round, engine::instant now)
{
    const auto outcome = p_.groups.look(round, ctx.learner, ctx.lang, now);
    if (outcome.status != round_status::ok) {
        return refused(outcome.status, ctx.lang);
    }
    round_reply reply{ctx.lang, nothing_screen{}, shared_of(outcome), false};
    if (outcome.mine) {
        reply.mine = judged_of(round, outcome.pack, *outcome.mine, ctx.lang);
    }
    return reply;
}

round_reply rounds::review(const learner_context& ctx, engine::round_id round, engine::instant now, std::uint64_t seed)
{
    const auto outcome = p_.groups.look(round, ctx.learner, ctx.lang, now);
    if (outcome.status != round_status::ok) {
        return refused(outcome.status, ctx.lang);
    }
    auto missed = p_.groups.misses(round, ctx.learner);
    if (missed.empty()) {
        return said(notice_kind::no_misses, ctx.lang, text::round_no_misses);
    }
    engine::start_request request;
    request.learner = ctx.learner;
    request.pack = outcome.pack;
    request.where = engine::venue::dm;
    request.seed = seed;
    request.now = now;
    request.review_first = std::move(missed);
    auto shown = session_screen(p_.tutor.start_session(request), ctx.lang, now);
    round_reply reply{shown.lang, nothing_screen{}, std::nullopt, false};
    if (auto* card = std::get_if<card_screen>(&shown.body)) {
        reply.mine = std::move(*card);
    } else if (auto* notice_shown = std::get_if<notice_screen>(&shown.body)) {
        reply.mine = std::move(*notice_shown);
    }
    return reply;
}

round_screen rounds::shared_of(const engine::round_outcome& outcome)
{
    round_screen s;
    s.round = outcome.round;
    const auto where = channel_of(outcome.channel);
    s.platform = where.platform;
    s.channel = where.channel;
    s.lang = outcome.lang;
    s.host_name = outcome.host.value() != 0 ? p_.identities.display_name(outcome.host) : std::string{};
    s.number = outcome.number;
    s.questions = outcome.questions;
    s.players = static_cast<int>(outcome.players.size());
    s.card = outcome.card;
    if (outcome.view) {
        s.at = round_screen::stage::open;
        s.answered = outcome.view->answered;
        if (outcome.card && outcome.card->deadline && p_.wake_at) {
            p_.wake_at(outcome.round, *outcome.card->deadline);
        }
    }
    if (outcome.reveal) {
        s.at = round_screen::stage::revealed;
        s.reveal = outcome.reveal;
        s.answered = outcome.reveal->answered;
        s.guide = read_more(outcome.pack, outcome.reveal->section, outcome.reveal->section_title, outcome.lang);
    }
    if (outcome.ended) {
        s.at = round_screen::stage::ended;
        for (const auto& line : outcome.scores) {
            s.scores.push_back({p_.identities.display_name(line.learner), line});
        }
        const auto* content = outcome.hardest ? p_.shelf.find(outcome.pack) : nullptr;
        if (content != nullptr) {
            const auto it = std::find_if(content->questions.begin(), content->questions.end(),
                                         [&](const engine::question& q) { return q.key == *outcome.hardest; });
            const auto* words = it != content->questions.end() ? it->text.best(outcome.lang) : nullptr;
            s.hardest = words != nullptr ? words->stem : outcome.hardest->value();
        }
    }
    s.revision = revision_of(s);
    s.message = p_.messages.find(outcome.round);
    return s;
}

} // namespace quiz::bot::tutoring
