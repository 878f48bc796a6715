// SPDX-License-Identifier: MIT
#include "bot/slack/group_rounds.hpp"

#include "bot/logging.hpp"
#include "bot/overloaded.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/flows.hpp"
#include "bot/slack/round_blocks.hpp"
#include "bot/slack/round_board.hpp"
#include "bot/slack/round_letters.hpp"
#include "bot/slack/round_notes.hpp"
#include "bot/slack/texts.hpp"
#include "bot/slack/user_locales.hpp"
#include "bot/slack/web_api.hpp"
#include "bot/tutoring/rounds.hpp"

#include <spdlog/logger.h>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;
using engine::language;
using arg = engine::message_arg;

tutoring::round_action action_of(const round_click& c)
{
    switch (c.what) {
    case round_click::kind::answer:
        return tutoring::answer_round{c.round, c.sequence, c.position};
    case round_click::kind::reveal:
        return tutoring::reveal_round{c.round};
    case round_click::kind::next:
        return tutoring::next_round_question{c.round};
    case round_click::kind::end:
        return tutoring::end_round{c.round};
    case round_click::kind::mine:
        return tutoring::look_at_round{c.round};
    case round_click::kind::review:
        break;
    }
    return tutoring::review_misses{c.round};
}

json::object note(std::string_view text) { return notice_message(escape_mrkdwn(text)); }

} // namespace

std::optional<json::object> private_reply(const tutoring::round_reply& reply, bool looking,
                                          const tutoring::link_base& links)
{
    const auto lang = reply.lang;
    return std::visit(
        overloaded{
            [&](const tutoring::nothing_screen&) -> std::optional<json::object> {
                if (!looking || !reply.shared) {
                    return std::nullopt;
                }
                // Nothing judged for this member: the question is still open, or they did not answer it.
                return note(say(reply.shared->at == tutoring::round_screen::stage::open ? text::round_not_judged_yet
                                                                                        : text::round_not_answered,
                                lang));
            },
            [&](const tutoring::answer_in_screen& in) -> std::optional<json::object> { return note(in.text); },
            [&](const tutoring::judged_screen& judged) -> std::optional<json::object> {
                return judged_message(judged, links);
            },
            [&](const tutoring::card_screen& card) -> std::optional<json::object> { return card_message(card, links); },
            [&](const tutoring::summary_screen& summary) -> std::optional<json::object> {
                return summary_message(summary, lang);
            },
            [&](const tutoring::notice_screen& n) -> std::optional<json::object> { return note(n.text); },
        },
        reply.mine);
}

group_rounds::group_rounds(tutoring::rounds& rounds, web_api& api, std::shared_ptr<user_locales> locales,
                           spdlog::logger& log, std::function<engine::instant()> clock, const std::string& public_url)
    : rounds_(rounds), api_(api), locales_(std::move(locales)), log_(log), public_url_(public_url)
{
    const std::string* url = &public_url_;
    board_ = std::make_shared<round_board>(api_, log_, clock, [url, clock](const tutoring::round_screen& shown) {
        return round_message(shown, {*url}, clock());
    });
}

void group_rounds::command(const slash_command& c, const std::optional<group_options>& options,
                           const std::string& response_url)
{
    locales_->with_locale(
        c.team_id, c.user_id, [self = shared_from_this(), c, options, response_url](std::optional<language> lang) {
            if (!options) {
                self->tell_through(response_url, note(say(text::group_usage, lang.value_or(language::en),
                                                          {arg::str("command", c.command)})));
                return;
            }
            const auto host = actor_of(c.team_id, c.user_id, c.user_name, lang);
            tutoring::open_round open{{engine::platform_identity{"slack", c.team_id}, c.team_domain, c.channel_id},
                                      options->pack,
                                      options->questions,
                                      options->seconds};
            (void)self->rounds_.perform(
                {host, open, std::nullopt, std::nullopt}, [self, c, response_url, host](tutoring::round_reply reply) {
                    if (!reply.changed || !reply.shared) {
                        if (const auto* n = std::get_if<tutoring::notice_screen>(&reply.mine)) {
                            self->tell_through(response_url, note(n->text)); // a round already here, bad options...
                        }
                        return;
                    }
                    const auto round = reply.shared->round;
                    self->board_->post(*reply.shared, c.channel_id, response_url,
                                       [self, round, host](std::optional<tutoring::message_news> news) {
                                           if (news) {
                                               self->rounds_.record_message(round, std::move(*news));
                                               return;
                                           }
                                           // Shown nowhere: ended, so that the channel is free for another round.
                                           (void)self->rounds_.perform(
                                               {host, tutoring::end_round{round}, std::nullopt, std::nullopt},
                                               [](const tutoring::round_reply&) {});
                                       });
                });
        });
}

void group_rounds::click(const interaction& i, const round_click& c, const std::string& response_url)
{
    std::optional<tutoring::message_news> news;
    if (!i.is_ephemeral && !i.channel_id.empty()) {
        // A click on the round's message: its response_url can edit it, its ts is where it is. Learnt before the
        // action, so that the edit the action causes can already use it.
        board_->learn(c.round, response_url, i.channel_id, i.message_ts);
        if (!i.message_ts.empty() || !response_url.empty()) {
            news = tutoring::message_news{
                i.message_ts.empty() ? std::nullopt : std::optional<std::string>(i.channel_id + ":" + i.message_ts),
                response_url.empty() ? std::nullopt : std::optional<std::string>(response_url)};
        }
    }
    locales_->with_locale(
        i.team_id, i.user_id, [self = shared_from_this(), i, c, response_url, news](std::optional<language> lang) {
            tutoring::round_request r{actor_of(i.team_id, i.user_id, i.user_name, lang), action_of(c), std::nullopt,
                                      news};
            // With a response_url on the round's message, the click's unit writes the member's note to the outbox.
            const bool by_letter = self->notes_ && news && news->edit_token;
            (void)self->rounds_.perform(
                std::move(r), [self, i, c, response_url, by_letter](tutoring::round_reply reply) {
                    if (reply.shared) {
                        self->show(*reply.shared);
                    }
                    const auto* notice = std::get_if<tutoring::notice_screen>(&reply.mine);
                    const bool failed = notice != nullptr && notice->kind == tutoring::notice_kind::failed;
                    if (by_letter && !failed) {
                        return; // the click's unit wrote the note; one rolled back wrote none: told at once
                    }
                    if (auto mine = private_reply(reply, c.what == round_click::kind::mine, {self->public_url_})) {
                        self->tell(i.channel_id, i.user_id, response_url, std::move(*mine));
                    }
                });
        });
}

void group_rounds::publish(const tutoring::round_screen& shown) { show(shown); }

std::shared_ptr<const round_notes> group_rounds::note_by_letters()
{
    const std::string* url = &public_url_;
    notes_ = std::make_shared<const round_notes>(
        api_, log_,
        [url](const tutoring::round_reply& reply, bool looking) { return private_reply(reply, looking, {*url}); },
        [board = board_](const std::string& response_url) { return board->use(response_url); });
    return notes_;
}

void group_rounds::edit_by_letters(std::shared_ptr<const round_letters> letters) { letters_ = std::move(letters); }

void group_rounds::show(const tutoring::round_screen& shown) const
{
    if (letters_ && letters_->takes(shown)) {
        return; // written with the change, sent by the outbox
    }
    board_->show(shown);
}

void group_rounds::tell(const std::string& channel, const std::string& user, const std::string& response_url,
                        json::object message) const
{
    if (!api_.has_token() || channel.empty()) {
        tell_through(response_url, std::move(message));
        return;
    }
    api_.post_ephemeral(channel, user, message,
                        [self = shared_from_this(), response_url, message](web_api::outcome o) mutable {
                            if (o.ok) {
                                return;
                            }
                            // A private channel the bot is not in: the click's response_url reaches the member.
                            self->log_.warn("slack chat.postEphemeral failed error={}; replying through the "
                                            "response_url",
                                            log_quote(o.error));
                            self->tell_through(response_url, std::move(message));
                        });
}

void group_rounds::tell_through(const std::string& response_url, json::object message) const
{
    if (response_url.empty() || !board_->use(response_url)) {
        log_.warn("slack round reply dropped: no response_url with a use left");
        return;
    }
    message["response_type"] = "ephemeral";
    message["replace_original"] = false;
    api_.respond(response_url, std::move(message), [self = shared_from_this()](web_api::outcome o) {
        if (!o.ok) {
            self->log_.warn("slack round reply failed error={}", log_quote(o.error));
        }
    });
}

} // namespace quiz::bot::slack
