// SPDX-License-Identifier: MIT
#include "bot/discord/flows.hpp"

#include "bot/discord/component_ids.hpp"
#include "bot/discord/render_parts.hpp"
#include "bot/discord/texts.hpp"
#include "bot/overloaded.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/text_render.hpp"

namespace quiz::bot::discord {

tutoring::actor actor_of(const interaction& in)
{
    tutoring::actor who;
    who.identity = {"discord", in.user_id};
    who.display_name = in.user_name;
    if (!in.locale.empty()) {
        who.platform_lang = engine::language_of_locale(in.locale);
    }
    if (in.in_guild()) {
        who.workspace = engine::platform_identity{"discord", in.guild_id};
    }
    return who;
}

namespace {

std::optional<tutoring::action> command_action(const interaction& in)
{
    const auto& c = *in.command;
    const auto where = in.in_guild() ? engine::venue::channel : engine::venue::dm;
    if (c.subcommand == "start" || c.subcommand == "review") {
        tutoring::start s;
        s.pack = c.option("pack");
        s.only_concept = c.option("concept");
        s.scope = c.subcommand == "review" ? engine::session_scope::reviews_only : engine::session_scope::everything;
        s.where = where;
        return s;
    }
    if (c.subcommand == "stats") {
        return tutoring::stats{c.option("pack")};
    }
    if (c.subcommand == "lang") {
        if (const auto lang = engine::parse_language(c.option("language").value_or(""))) {
            return tutoring::choose_language{*lang};
        }
        return tutoring::help{};
    }
    if (c.subcommand == "forget-me") {
        return tutoring::forget{tutoring::forget::step::ask};
    }
    if (c.subcommand == "remind") {
        tutoring::remind r;
        const auto choice = c.option("switch");
        // A time or a zone alone means "on at that time": nobody sets an hour to turn reminders off.
        const bool on = choice == "on" || (!choice && (c.option("time") || c.option("zone")));
        r.what = choice == "off" ? tutoring::remind::mode::off
                                 : (on ? tutoring::remind::mode::on : tutoring::remind::mode::show);
        r.time = c.option("time");
        r.zone = c.option("zone");
        return r;
    }
    return tutoring::help{};
}

/// The learner's button the interaction clicked, if it is one.
const button* clicked_button_of(const interaction& in)
{
    if (!in.component || !in.component->clicked) {
        return nullptr;
    }
    return std::get_if<button>(&*in.component->clicked);
}

std::optional<tutoring::action> click_action(const interaction& in)
{
    const auto* b = clicked_button_of(in);
    if (b == nullptr) {
        return std::nullopt;
    }
    return std::visit(overloaded{
                          [](const answer_button& a) -> tutoring::action {
                              return tutoring::answer{a.session, a.sequence, a.choice, false};
                          },
                          [](const next_button& n) -> tutoring::action { return tutoring::next{n.session}; },
                          [](const forget_button& f) -> tutoring::action {
                              return tutoring::forget{f.confirmed ? tutoring::forget::step::confirm
                                                                  : tutoring::forget::step::cancel};
                          },
                          [&in](const start_button& s) -> tutoring::action {
                              tutoring::start start;
                              start.pack = s.pack;
                              start.where = in.in_guild() ? engine::venue::channel : engine::venue::dm;
                              return start;
                          },
                          [](const reminder_button& r) -> tutoring::action {
                              if (r.unsubscribe) {
                                  tutoring::remind off;
                                  off.what = tutoring::remind::mode::off;
                                  return off;
                              }
                              tutoring::start review;
                              review.scope = engine::session_scope::reviews_only;
                              review.where = engine::venue::dm;
                              return review;
                          },
                      },
                      *b);
}

engine::language reply_language(const interaction& in) { return engine::language_of_locale(in.locale); }

} // namespace

bool private_reply(const interaction& in) noexcept
{
    return in.context ? *in.context != interaction_context::bot_dm : in.in_guild();
}

std::optional<tutoring::request> request_of(const interaction& in)
{
    auto what = in.command ? command_action(in) : click_action(in);
    if (!what) {
        return std::nullopt;
    }
    return tutoring::request{actor_of(in), std::move(*what), in.delivery_key()};
}

reply busy_reply(const interaction& in) { return note(tutoring::say(tutoring::text::busy, reply_language(in)), true); }

reply stale_button_reply(const interaction& in)
{
    return note(tutoring::say(tutoring::text::stale_button, reply_language(in)), true);
}

reply reply_to(const interaction& in, const tutoring::screen& shown, const tutoring::link_base& links)
{
    const bool hidden = private_reply(in);
    const bool click = in.component.has_value();
    // Next edits the feedback's message into what comes next; a start button leaves its summary and opens anew.
    const auto* clicked = clicked_button_of(in);
    const bool next_click = clicked != nullptr && std::holds_alternative<next_button>(*clicked);
    const auto* answered = clicked != nullptr ? std::get_if<answer_button>(clicked) : nullptr;
    const auto lang = shown.lang;
    const std::string_view heads_up = shown.heads_up;
    reply r = std::visit(
        overloaded{
            [&](const tutoring::nothing_screen&) { return stale_button_reply(in); },
            [&](const tutoring::card_screen& card) {
                auto out = card_reply(card, links, heads_up);
                if (next_click) {
                    out.kind = reply_kind::update_message; // the feedback's message becomes the next question
                }
                return out;
            },
            [&](const tutoring::feedback_screen& told) {
                if (!in.message || answered == nullptr) {
                    return feedback_note(told, links, heads_up);
                }
                return feedback_reply(*in.message, *answered, told, lang, links, heads_up);
            },
            [&](const tutoring::summary_screen& summary) {
                auto out = summary_reply(summary, lang, heads_up);
                if (next_click) {
                    out.kind = reply_kind::update_message;
                }
                return out;
            },
            [&](const tutoring::stats_screen& stats) {
                return note(engine::joined_lines(stats.lines), hidden, heads_up);
            },
            [&](const tutoring::notice_screen& n) {
                // Help and a language change are answers to the learner's command; the rest are said to them alone.
                const bool answer = n.kind == tutoring::notice_kind::help ||
                                    n.kind == tutoring::notice_kind::language_set;
                auto out = note(n.kind == tutoring::notice_kind::help ? std::string(help_text(lang)) : n.text,
                                hidden || !answer, heads_up);
                if (click && shown.closes_confirmation) {
                    out.kind = reply_kind::update_message; // the confirmation's buttons go away
                }
                return out;
            },
            [&](const tutoring::confirm_screen& question) { return forget_question_reply(question, hidden); },
        },
        shown.body);
    r.ephemeral = r.ephemeral || hidden;
    return r;
}

} // namespace quiz::bot::discord
