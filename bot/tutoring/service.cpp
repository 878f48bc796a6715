// SPDX-License-Identifier: MIT
#include "bot/tutoring/service.hpp"

#include "bot/overloaded.hpp"
#include "bot/tutoring/learner_entry.hpp"
#include "bot/tutoring/reminder_texts.hpp"
#include "bot/tutoring/screen_parts.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/reminders/reminder_claims.hpp"
#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"

#include <spdlog/logger.h>

#include <future>
#include <memory>
#include <stdexcept>

namespace quiz::bot::tutoring {

namespace {

using engine::language;
using arg = engine::message_arg;

} // namespace

service::service(service_parts parts)
    : p_(std::move(parts)), shelf_(p_.library, p_.packs), runner_(p_.queue, p_.log, p_.hand_over, p_.before_unit)
{
    if (!p_.clock || !p_.seeds) {
        throw std::invalid_argument("tutoring::service needs a clock and seeds");
    }
}

bool service::perform(request r, std::function<void(screen)> show, letter_writer post)
{
    return submit(std::move(r), std::move(show), std::move(post), true);
}

bool service::submit(request r, std::function<void(screen)> show, letter_writer post, bool hand_over)
{
    const auto now = p_.clock();
    const auto seed = p_.seeds();
    const language guess = r.who.platform_lang.value_or(language::en);
    auto result = std::make_shared<screen>();
    auto shared = std::make_shared<request>(std::move(r));
    auto held = std::make_shared<std::optional<held_letter>>();
    auto letter_of = std::make_shared<letter_writer>(p_.letters != nullptr ? std::move(post) : letter_writer{});
    auto failed_unit = std::make_shared<bool>(false);
    const std::string platform = shared->who.identity.platform;
    return runner_.submit(
        platform,
        [this, shared, result, held, letter_of, now, seed] {
            *result = decide(*shared, now, seed);
            // What the screen sends is written in this transaction: once it commits, it is sent (docs/reliability.md).
            if (*letter_of) {
                if (auto l = (*letter_of)(*result)) {
                    *held = p_.letters->write(*l, now);
                }
            }
        },
        [this, result, held, failed_unit, guess, platform](bool failed) {
            if (failed) {
                *failed_unit = true;
                held->reset();
                *result = notice(notice_kind::failed, guess, say(text::failed, guess));
            } else if (result->answer_recorded && p_.on_answer_recorded) {
                p_.on_answer_recorded(platform);
            }
        },
        [this, show = std::move(show), result, held, letter_of, failed_unit] {
            if (*held) {
                p_.letters->send_held(std::move(**held));
            } else if (*failed_unit && *letter_of) {
                if (auto l = (*letter_of)(*result)) {
                    p_.letters->send_unrecorded(*l);
                }
            }
            show(std::move(*result));
        },
        hand_over);
}

screen service::run(request r)
{
    std::promise<screen> promise;
    auto future = promise.get_future();
    // The caller waits for it: the screen needs no IO thread.
    if (!submit(
            std::move(r), [&promise](screen s) { promise.set_value(std::move(s)); }, {}, false)) {
        throw std::logic_error("the action queue is stopping");
    }
    return future.get();
}

screen service::decide(const request& r, engine::instant now, std::uint64_t seed)
{
    if (r.delivery && !p_.identities.first_delivery(r.who.identity.platform, *r.delivery, now)) {
        return {}; // a redelivery: handled the first time
    }
    if (const auto* f = std::get_if<forget>(&r.what)) {
        return forget_me(r.who, f->what); // before enter: erasing must not create the learner it erases
    }
    const auto entered = enter(p_.identities, r.who);
    if (!entered) {
        return notice(notice_kind::unknown_learner, r.who.platform_lang.value_or(language::en), std::string{});
    }
    const learner_context& ctx = *entered;
    auto shown =
        std::visit(overloaded{
                       [&](const start& s) { return start_session(ctx, s, now, seed); },
                       [&](const answer& a) { return answer_card(ctx, a, now); },
                       [&](const answer_current& a) {
                           const auto active = p_.tutor.active(ctx.learner);
                           if (!active) {
                               return notice(notice_kind::no_session, ctx.lang, engine::message::answer_no_session);
                           }
                           return answer_card(ctx, {active->session, active->sequence, a.choice, false}, now);
                       },
                       [&](const next& n) { return next_card(ctx, n, now, seed); },
                       [&](const stop& s) { return stop_session(ctx, s.session, now); },
                       [&](const stats& s) { return show_stats(ctx, s, now); },
                       [&](const choose_language& c) {
                           p_.identities.set_language(ctx.learner, {c.lang, true});
                           return notice(notice_kind::language_set, c.lang, say(text::language_set, c.lang));
                       },
                       [&](const forget&) { return screen{}; }, // handled above
                       [&](const help&) { return notice(notice_kind::help, ctx.lang, std::string{}); },
                       [&](const remind& m) { return remind_me(ctx, m, now); },
                   },
                   r.what);
    // A remind action answers the matter itself (its screen says where reminders stand).
    if (ctx.reminders_refused && !std::holds_alternative<remind>(r.what)) {
        p_.identities.clear_reminders_refused(ctx.learner); // said once
        shown.heads_up = reminders_refused_text(ctx.lang);
    }
    return shown;
}

std::string service::setting_line(const learner_context& ctx)
{
    const auto schedule = p_.reminders->book.find(ctx.learner);
    const auto* zone = p_.reminders->zones.find(schedule.zone);
    std::optional<engine::local_time> next;
    if (schedule.enabled && schedule.next_at && zone != nullptr) {
        next = zone->local(*schedule.next_at);
    }
    return reminder_setting_text(schedule, next, ctx.lang);
}

screen service::remind_me(const learner_context& ctx, const remind& r, engine::instant now)
{
    if (p_.reminders == nullptr) {
        return notice(notice_kind::reminders_unavailable, ctx.lang, reminders_unavailable_text(ctx.lang));
    }
    auto& book = p_.reminders->book;
    auto schedule = book.find(ctx.learner);
    const auto zone_of = [this](const std::string& name) { return p_.reminders->zones.find(name); };
    switch (r.what) {
    case remind::mode::show:
        return notice(notice_kind::reminders_shown, ctx.lang, setting_line(ctx));
    case remind::mode::off:
        book.save(ctx.learner, engine::turn_reminders_off(schedule));
        return notice(notice_kind::reminders_off, ctx.lang, reminders_off_text(ctx.lang));
    case remind::mode::on:
        break;
    }
    if (p_.reminders->can_send && !p_.reminders->can_send(ctx.platform)) {
        return notice(notice_kind::reminders_unavailable, ctx.lang, reminders_unavailable_text(ctx.lang));
    }
    auto setting = schedule.setting;
    if (r.time) {
        const auto at = parse_clock(*r.time);
        if (!at) {
            return notice(notice_kind::reminder_bad_time, ctx.lang, reminder_bad_time_text(*r.time, ctx.lang));
        }
        setting = {*at, true};
    }
    std::string zone_name = r.zone.value_or(schedule.zone);
    if (zone_name.empty() && r.platform_zone && zone_of(*r.platform_zone) != nullptr) {
        zone_name = *r.platform_zone;
    }
    if (zone_name.empty()) {
        return notice(notice_kind::reminder_needs_zone, ctx.lang, reminder_needs_zone_text(ctx.lang));
    }
    const auto* zone = zone_of(zone_name);
    if (zone == nullptr) {
        return notice(notice_kind::reminder_bad_zone, ctx.lang, reminder_bad_zone_text(zone_name, ctx.lang));
    }
    schedule = engine::turn_reminders_on(schedule, setting, zone_name, *zone, now);
    book.save(ctx.learner, schedule);
    if (p_.reminders->scheduled) {
        p_.reminders->scheduled(*schedule.next_at);
    }
    return notice(notice_kind::reminders_on, ctx.lang,
                  reminders_on_text(schedule, zone->local(*schedule.next_at), ctx.lang));
}

screen service::start_session(const learner_context& ctx, const tutoring::start& s, engine::instant now,
                              std::uint64_t seed)
{
    const auto* content = shelf_.find(s.pack);
    auto only_concept = s.only_concept;
    if (content == nullptr && s.pack && !only_concept) {
        // One word that is no pack's key may name a concept of the default pack.
        const auto* fallback = shelf_.find(std::optional<std::string>{});
        if (fallback != nullptr && pack_shelf::find_concept(*fallback, *s.pack)) {
            content = fallback;
            only_concept = s.pack;
        }
    }
    if (content == nullptr) {
        return notice(notice_kind::unknown_pack, ctx.lang,
                      say(text::unknown_pack, ctx.lang,
                          {arg::str("pack", s.pack.value_or("")), arg::str("list", shelf_.key_list())}));
    }
    engine::start_request request;
    request.learner = ctx.learner;
    request.workspace = ctx.workspace;
    request.pack = content->key;
    request.where = s.where;
    request.lang = ctx.lang; // the language the layer settled on (learner_entry), whatever the profile holds
    request.options.scope = s.scope;
    if (only_concept) {
        const auto key = pack_shelf::find_concept(*content, *only_concept);
        if (!key) {
            return notice(
                notice_kind::unknown_concept, ctx.lang,
                say(text::unknown_concept, ctx.lang,
                    {arg::str("concept", *only_concept), arg::str("list", pack_shelf::concept_list(*content))}));
        }
        request.options.only_concept = key;
    }
    request.seed = seed;
    request.now = now;
    return session_screen(p_.tutor.start_session(request), ctx.lang, now);
}

screen service::answer_card(const learner_context& ctx, const tutoring::answer& a, engine::instant now)
{
    engine::answer_request request;
    request.learner = ctx.learner;
    request.token = {a.session, a.sequence};
    request.displayed = a.choice;
    // One key per card and platform: a second answer to the same card (a double click, a retried request, the same
    // letter typed again) is the same action and gets the recorded outcome back.
    request.key = engine::idempotency_key{ctx.platform + ":" + std::to_string(a.session.value()) + ":" +
                                          std::to_string(a.sequence)};
    request.now = now;
    request.then_next = a.then_next;
    auto outcome = p_.tutor.answer(request);
    const auto lang = outcome.lang;
    switch (outcome.status) {
    case engine::answer_status::accepted:
    case engine::answer_status::replayed: {
        if (!outcome.told) {
            break;
        }
        const bool replayed = outcome.status == engine::answer_status::replayed;
        auto shown = feedback_of(a.session, outcome.pack, *outcome.told, replayed, lang);
        if (a.then_next) {
            const auto next = outcome.next ? *outcome.next : p_.tutor.next_question(ctx.learner, a.session, now);
            auto then = session_screen(next, lang, now);
            if (auto* card = std::get_if<card_screen>(&then.body)) {
                shown.next = std::move(*card);
            } else if (auto* summary = std::get_if<summary_screen>(&then.body)) {
                shown.next = std::move(*summary);
            }
        }
        auto out = screen_of(lang, std::move(shown));
        out.answer_recorded = !replayed;
        return out;
    }
    case engine::answer_status::stale:
        return notice(notice_kind::stale, lang, engine::message::answer_stale);
    case engine::answer_status::invalid_choice:
        return notice(notice_kind::invalid_choice, lang, engine::message::answer_invalid_choice);
    case engine::answer_status::ended:
        return notice(notice_kind::ended, lang, engine::message::answer_ended);
    case engine::answer_status::no_session:
        break;
    }
    return notice(notice_kind::no_session, ctx.lang, engine::message::answer_no_session);
}

screen service::next_card(const learner_context& ctx, const tutoring::next& n, engine::instant now, std::uint64_t seed)
{
    if (n.session) {
        return session_screen(p_.tutor.next_question(ctx.learner, *n.session, now), ctx.lang, now);
    }
    if (const auto active = p_.tutor.active(ctx.learner)) {
        return session_screen(p_.tutor.next_question(ctx.learner, active->session, now), ctx.lang, now);
    }
    return start_session(ctx, {}, now, seed);
}

screen service::stop_session(const learner_context& ctx, engine::session_id session, engine::instant now)
{
    return session_screen(p_.tutor.end_session(ctx.learner, session, now), ctx.lang, now);
}

screen service::show_stats(const learner_context& ctx, const tutoring::stats& s, engine::instant now)
{
    auto wanted = s.pack;
    if (!wanted) {
        if (const auto active = p_.tutor.active(ctx.learner)) {
            wanted = active->pack.value();
        }
    }
    const auto* content = shelf_.find(wanted);
    const auto result = content != nullptr ? p_.tutor.stats(ctx.learner, content->key, now, ctx.lang) : std::nullopt;
    if (!result) {
        return notice(notice_kind::unknown_pack, ctx.lang,
                      say(text::unknown_pack, ctx.lang,
                          {arg::str("pack", wanted.value_or("")), arg::str("list", shelf_.key_list())}));
    }
    auto shown = stats_of(content->key, pack_shelf::title(*content, ctx.lang), *result, ctx.lang, now);
    if (p_.reminders != nullptr && (!p_.reminders->can_send || p_.reminders->can_send(ctx.platform))) {
        shown.lines.push_back(setting_line(ctx)); // the learner's own setting, which only they see
    }
    return screen_of(ctx.lang, std::move(shown));
}

screen service::forget_me(const actor& who, forget::step step)
{
    const auto learner = p_.identities.find_learner(who.identity);
    const auto stored = learner ? p_.identities.language_of(*learner) : std::nullopt;
    const language lang = stored ? stored->lang : who.platform_lang.value_or(language::en);
    if (learner && step == forget::step::ask) {
        return screen_of(lang, confirm_screen{confirmation::forget_me, say(text::forget_question, lang),
                                              say(text::forget_yes_button, lang), say(text::forget_no_button, lang)});
    }
    screen out;
    if (!learner) {
        out = notice(notice_kind::nothing_to_forget, lang, say(text::nothing_to_forget, lang));
    } else if (step == forget::step::cancel) {
        out = notice(notice_kind::forget_cancelled, lang, say(text::forget_cancelled, lang));
    } else {
        const bool erased = p_.identities.erase(who.identity);
        out = notice(erased ? notice_kind::forgotten : notice_kind::nothing_to_forget, lang,
                     say(erased ? text::forgotten : text::nothing_to_forget, lang));
        out.learner_erased = erased;
    }
    out.closes_confirmation = step != forget::step::ask; // a yes or a no answers the question
    return out;
}

} // namespace quiz::bot::tutoring
