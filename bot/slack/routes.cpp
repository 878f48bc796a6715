// SPDX-License-Identifier: MIT
#include "bot/slack/routes.hpp"

#include "bot/config.hpp"
#include "bot/http/router.hpp"
#include "bot/logging.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/delivery.hpp"
#include "bot/slack/flows.hpp"
#include "bot/slack/group_rounds.hpp"
#include "bot/slack/report_blocks.hpp"
#include "bot/slack/round_blocks.hpp"
#include "bot/slack/round_letters.hpp"
#include "bot/slack/round_notes.hpp"
#include "bot/slack/signature.hpp"
#include "bot/slack/user_locales.hpp"
#include "bot/slack/users_info.hpp"
#include "bot/slack/web_api.hpp"
#include "bot/tutoring/admission.hpp"
#include "bot/tutoring/class_reports.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/tutoring/service.hpp"

#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <algorithm>
#include <memory>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

bool is_dm_channel(std::string_view channel_id) { return channel_id.starts_with('D'); }

intent remind_intent(tutoring::remind asked, const slash_command& c)
{
    intent out;
    out.what = std::move(asked);
    out.command = c.command;
    return out;
}

/// The three endpoints. Each checks the signature first, answers at once, and works afterwards.
class endpoints : public std::enable_shared_from_this<endpoints> {
public:
    explicit endpoints(const slack_backend& backend)
        : b_(backend), api_(backend.outbound, backend.settings.api_base, backend.settings.bot_token.reveal()),
          locales_(std::make_shared<user_locales>(api_, backend.log)), out_(api_, backend.log)
    {
        if (b_.rounds != nullptr) {
            rounds_ = std::make_shared<group_rounds>(*b_.rounds, api_, locales_, b_.log, b_.clock, b_.public_url);
        }
        if (b_.letters != nullptr) {
            b_.letters->add_sender(std::string(response_kind), response_sender(api_, b_.log));
            b_.letters->add_sender(std::string(message_kind), message_sender(api_, b_.log));
        }
        if (b_.letters != nullptr && rounds_) {
            add_round_letters();
        }
    }

    /// The rounds' front end; null without rounds.
    [[nodiscard]] std::shared_ptr<group_rounds> rounds() const { return rounds_; }

    void commands(const http::request& req, const http::responder& answer)
    {
        if (is_ssl_check(req.body)) {
            answer.send(http::response::empty(200)); // Slack's certificate probe: unsigned, nothing else is read
            return;
        }
        auto command = accept(req, answer, parse_slash_command);
        if (!command || !admitted(req, answer)) {
            return;
        }
        destination to{command->response_url, {}, !is_dm_channel(command->channel_id)};
        if (!allowed(to.response_url)) {
            answer.send(http::response::empty(200));
            return;
        }
        const auto line = parse_command_line(command->text);
        if (line.verb == "group" && rounds_) {
            answer.send(http::response::empty(200));
            rounds_->command(*command, parse_group(line.words), to.response_url);
            return;
        }
        if (line.verb == "report" && b_.reports != nullptr) {
            answer.send(http::response::empty(200));
            report(*command, line.words, std::move(to));
            return;
        }
        if (line.verb == "remind") {
            remind(*command, remind_of(line.words), std::move(to), answer);
            return;
        }
        act(command->team_id, command->user_id, command->user_name, command_intent(*command), to, std::nullopt, answer);
    }

    void interactions(const http::request& req, const http::responder& answer)
    {
        auto payload = accept(req, answer, parse_interaction);
        if (!payload || !admitted(req, answer)) {
            return;
        }
        const auto ok = [&answer] { answer.send(http::response::empty(200)); };
        if (payload->type != "block_actions" || payload->actions.empty()) {
            ok();
            return;
        }
        destination to{payload->response_url, payload->response_url.empty() ? payload->user_id : std::string{},
                       !is_dm_channel(payload->channel_id)};
        if (!to.response_url.empty() && !allowed(to.response_url)) {
            ok();
            return;
        }
        const auto& pressed = payload->actions.front();
        const auto clicked = parse_clicked_button(pressed.action_id, pressed.value);
        if (!clicked) {
            ok();
            return; // a button of another version of the bot: nothing to do
        }
        if (const auto* round = std::get_if<round_click>(&*clicked)) {
            ok();
            if (rounds_) {
                rounds_->click(*payload, *round, to.response_url);
            }
            return;
        }
        act(payload->team_id, payload->user_id, payload->user_name, click_intent(std::get<click>(*clicked)), to,
            std::nullopt, answer);
    }

    void events(const http::request& req, const http::responder& answer)
    {
        auto envelope = accept(req, answer, parse_event);
        if (!envelope) {
            return;
        }
        if (envelope->type == "url_verification") {
            answer.send(http::response::json(200, json::serialize(json::object{{"challenge", envelope->challenge}})));
            return;
        }
        if (!admitted(req, answer)) {
            return; // Slack delivers the event again later
        }
        const auto& e = envelope->inner ? *envelope->inner : event{};
        const bool callback = envelope->type == "event_callback" && envelope->inner;
        const bool dm = callback && e.type == "message" && e.channel_type == "im" && e.subtype.empty() &&
                        e.bot_id.empty() && !e.user.empty() && !e.channel.empty();
        const bool home = callback && e.type == "app_home_opened" && e.tab == "home" && !e.user.empty();
        // Slack redelivers events it thinks were missed: the event id makes the second delivery a no-op.
        const std::string delivery_id = envelope->team_id + ":" + envelope->event_id;
        if (dm) {
            // Acknowledged once recorded: a node that dies before leaves the event to Slack's redelivery.
            act(envelope->team_id, e.user, {}, dm_intent(parse_dm(e.text)), {{}, e.channel, false}, delivery_id,
                answer);
            return;
        }
        answer.send(http::response::empty(200));
        if (home) {
            show_home(envelope->team_id, e.user, delivery_id);
        } // else bots (ourselves included), edits, other channels: nothing to do
    }

private:
    /// A round's message the bot can edit itself is kept up to date through the outbox (round_letters), and the
    /// members' private notes go through it too (round_notes).
    void add_round_letters()
    {
        const std::string& public_url = b_.public_url;
        auto letters = std::make_shared<const round_letters>(
            api_, b_.log, [&public_url](const tutoring::round_screen& shown, engine::instant now) {
                return round_message(shown, {public_url}, now);
            });
        b_.letters->add_sender(std::string(round_edit_kind),
                               [letters](const std::string& payload, std::function<void(tutoring::delivery)> done) {
                                   letters->send(payload, std::move(done));
                               });
        b_.rounds->write_letters("slack", [letters](const tutoring::round_screen& shown, engine::instant now) {
            return letters->write(shown, now);
        });
        rounds_->edit_by_letters(std::move(letters));
        if (!api_.has_token()) {
            return; // without a bot token a round lives on response_urls, whose uses the board counts in memory
        }
        auto notes = rounds_->note_by_letters();
        b_.letters->add_sender(std::string(round_note_kind),
                               [notes](const std::string& payload, std::function<void(tutoring::delivery)> done) {
                                   notes->send(payload, std::move(done));
                               });
        b_.rounds->write_notes(
            "slack", [notes](const tutoring::round_note& note, engine::instant now) { return notes->write(note, now); },
            false);
    }

    /// The request's body parsed, once its signature is verified; otherwise answered (401 or 400) and nullopt.
    template <class T>
    std::optional<T> accept(const http::request& req, const http::responder& answer,
                            http::parsed<T> (*parse)(std::string_view)) const
    {
        const auto check = verify_signature(
            b_.settings.signing_secret.reveal(), req.fields.find("X-Slack-Request-Timestamp").value_or(""),
            req.fields.find("X-Slack-Signature").value_or(""), req.body, b_.wall_clock());
        if (check != signature_check::ok) {
            b_.log.info("slack request refused route={} reason={} request_id={}", req.route, to_string(check),
                        req.request_id);
            answer.send(http::error_response(401, "invalid signature", req.request_id));
            return std::nullopt;
        }
        auto value = parse(req.body);
        if (!value) {
            answer.send(http::error_response(value.error(), req.request_id));
            return std::nullopt;
        }
        return std::move(*value);
    }

    /// Whether this node takes the request; if not, it is answered 503 now, before any acknowledgement: Slack shows
    /// the user that it failed (they can click again), or delivers the event again.
    bool admitted(const http::request& req, const http::responder& answer) const
    {
        if (b_.admission == nullptr || b_.admission->admit("slack")) {
            return true;
        }
        auto busy = http::error_response(503, "busy: try again in a moment", req.request_id);
        busy.fields.set("Retry-After", "1");
        answer.send(std::move(busy));
        return false;
    }

    bool allowed(const std::string& response_url) const
    {
        if (response_url_allowed(response_url, b_.settings.response_url_hosts)) {
            return true;
        }
        b_.log.warn("slack response_url refused: its host is not in SLACK_RESPONSE_URL_HOSTS");
        return false;
    }

    tutoring::link_base links() const { return {b_.public_url}; }

    /// The user's language first (users.info, once), then the action through the tutoring layer, then its screen.
    /// `ack`, when the request waits for it: answered 200 once the action's transaction, which wrote the update to
    /// the outbox, has committed (docs/reliability.md): acknowledged means recorded, even if the node dies next.
    void act(const std::string& team, const std::string& user, const std::string& name, intent asked, destination to,
             std::optional<std::string> delivery_id, std::optional<http::responder> ack = std::nullopt)
    {
        locales_->with_locale(team, user,
                              [self = shared_from_this(), team, user, name, asked = std::move(asked), to, delivery_id,
                               ack](std::optional<engine::language> lang) {
                                  tutoring::request r{actor_of(team, user, name, lang), asked.what, delivery_id};
                                  // The update through a response_url, or the reply to a direct message by the Web
                                  // API, is written with the action and survives a restart (docs/reliability.md).
                                  const bool by_url = !to.response_url.empty();
                                  const bool by_post = !by_url && !to.channel.empty() && delivery_id &&
                                                       self->api_.has_token();
                                  const bool posted = self->b_.letters != nullptr && (by_url || by_post);
                                  tutoring::letter_writer post;
                                  if (posted) {
                                      post = [asked, to, by_url, key = delivery_id.value_or(""), links = self->links()](
                                                 const tutoring::screen& shown) -> std::optional<tutoring::letter> {
                                          auto reply = render(shown, asked, links);
                                          if (!reply) {
                                              return std::nullopt;
                                          }
                                          return by_url ? response_letter(to, std::move(*reply))
                                                        : message_letter(to.channel, key, std::move(*reply));
                                      };
                                  }
                                  const bool queued = self->b_.tutoring.perform(
                                      std::move(r),
                                      [self, team, user, asked, to, posted, ack](tutoring::screen shown) {
                                          if (ack) {
                                              ack->send(http::response::empty(200));
                                          }
                                          if (shown.learner_erased) {
                                              self->locales_->forget(team, user);
                                          }
                                          if (posted) {
                                              return;
                                          }
                                          if (auto reply = render(shown, asked, self->links())) {
                                              self->out_.deliver(to, std::move(*reply));
                                          }
                                      },
                                      std::move(post));
                                  if (!queued && ack) {
                                      ack->send(http::error_response(503, "the server is stopping", {}));
                                  }
                              });
    }

    /// `report [pack] [here]`: users.info says whether the user administers the workspace (asked each time: admins
    /// change, and reports are rare), then the class reports answer, privately.
    void report(const slash_command& c, const std::vector<std::string>& words, destination to)
    {
        to.ephemeral = true;
        tutoring::report_request r;
        r.who = actor_of(c.team_id, c.user_id, c.user_name, std::nullopt);
        for (const auto& word : words) {
            if (word == "here" || word == "ici") {
                if (!is_dm_channel(c.channel_id)) {
                    r.channel = c.channel_id;
                }
            } else if (!r.pack) {
                r.pack = word;
            }
        }
        const bool named = std::ranges::find(b_.settings.instructors, c.user_id) != b_.settings.instructors.end();
        api_.user_info(c.user_id, [self = shared_from_this(), r = std::move(r), named,
                                   to = std::move(to)](web_api::outcome o) mutable {
            const auto facts = o.ok && o.body ? read_users_info(*o.body) : user_facts{};
            if (!o.ok && o.error != "no_token") {
                self->b_.log.warn("slack users.info failed error={}", log_quote(o.error));
            }
            r.who.platform_lang = facts.lang;
            r.as = named || facts.administers ? tutoring::standing::instructor : tutoring::standing::learner;
            self->b_.reports->perform(std::move(r), [self, to](tutoring::report_screen shown) {
                self->out_.deliver(to, {report_message(shown), false});
            });
        });
    }

    /// `remind on` without a zone takes the one Slack knows for the user (users.info `tz`); the rest needs nothing.
    void remind(const slash_command& c, tutoring::remind asked, destination to, const http::responder& ack)
    {
        if (asked.what != tutoring::remind::mode::on || asked.zone) {
            act(c.team_id, c.user_id, c.user_name, remind_intent(asked, c), std::move(to), std::nullopt, ack);
            return;
        }
        api_.user_info(c.user_id, [self = shared_from_this(), c, asked = std::move(asked), to = std::move(to),
                                   ack](web_api::outcome o) mutable {
            if (!o.ok && o.error != "no_token") {
                self->b_.log.warn("slack users.info failed error={}", log_quote(o.error));
            }
            asked.platform_zone = o.ok && o.body ? read_users_info(*o.body).tz : std::nullopt;
            self->act(c.team_id, c.user_id, c.user_name, remind_intent(asked, c), std::move(to), std::nullopt, ack);
        });
    }

    void show_home(const std::string& team, const std::string& user, std::string delivery_id)
    {
        locales_->with_locale(team, user,
                              [self = shared_from_this(), team, user,
                               delivery_id = std::move(delivery_id)](std::optional<engine::language> lang) {
                                  tutoring::request r{actor_of(team, user, {}, lang), tutoring::stats{}, delivery_id};
                                  self->b_.tutoring.perform(std::move(r), [self, user](tutoring::screen shown) {
                                      if (const auto* stats = std::get_if<tutoring::stats_screen>(&shown.body)) {
                                          self->out_.publish_home(user, home_view(*stats, shown.lang));
                                      }
                                  });
                              });
    }

    const slack_backend b_; ///< a copy: the struct itself may go before the router
    web_api api_;
    std::shared_ptr<user_locales> locales_;
    delivery out_;
    std::shared_ptr<group_rounds> rounds_;
};

template <class Member>
http::async_handler handler_of(const std::shared_ptr<endpoints>& e, Member member)
{
    return [e, member](http::request req, http::responder answer) { ((*e).*member)(req, answer); };
}

} // namespace

std::function<void(const tutoring::round_screen&)> add_slack_routes(http::router& routes, const slack_backend& backend)
{
    auto e = std::make_shared<endpoints>(backend);
    routes.add_async(http::verb::post, "/slack/commands", handler_of(e, &endpoints::commands));
    routes.add_async(http::verb::post, "/slack/interactions", handler_of(e, &endpoints::interactions));
    routes.add_async(http::verb::post, "/slack/events", handler_of(e, &endpoints::events));
    if (auto rounds = e->rounds()) {
        return [rounds](const tutoring::round_screen& shown) { rounds->publish(shown); };
    }
    return {};
}

} // namespace quiz::bot::slack
