// SPDX-License-Identifier: MIT
#include "bot/slack/app.hpp"

#include "bot/config.hpp"
#include "bot/http/router.hpp"
#include "bot/logging.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/command_line.hpp"
#include "bot/slack/payload.hpp"
#include "bot/slack/signature.hpp"
#include "bot/slack/texts.hpp"
#include "bot/slack/web_api.hpp"
#include "engine/catalog.hpp"
#include "storage/forget.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_unit_of_work.hpp"

#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <map>
#include <memory>
#include <mutex>
#include <random>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;
using engine::language;
using arg = engine::message_arg;

/// Handled event ids are kept this long; Slack stops redelivering after minutes.
constexpr std::chrono::hours event_memory{24};
/// users.info answers kept in memory; beyond this many the cache starts over.
constexpr std::size_t max_cached_locales = 100'000;

storage::identity learner_identity(const std::string& team, const std::string& user)
{
    return {"slack", team + ":" + user};
}

/// Who acts, as Slack names them.
struct actor {
    std::string team;
    std::string user;
    std::string name;
};

/// Where the answer to an action goes: its response_url, else a message to `channel` (a user id is their DM).
struct destination {
    std::string response_url;
    std::string channel;
    bool ephemeral = false;
};

/// What a unit decided to say.
struct reply {
    json::object message;
    bool replace_original = false;
    bool answer_recorded = false; ///< the action recorded a new answer (counted once committed)
};

std::uint64_t new_seed()
{
    static thread_local std::mt19937_64 random{std::random_device{}()};
    return random();
}

bool is_dm_channel(std::string_view channel_id)
{
    return channel_id.starts_with('D');
}

class app : public std::enable_shared_from_this<app> {
  public:
    explicit app(const slack_backend& backend)
        : b_(backend), api_(backend.outbound, backend.settings.api_base, backend.settings.bot_token.reveal())
    {
    }

    // ---- The three endpoints. Each checks the signature first, answers at once, and works afterwards.

    void commands(const http::request& req, const http::responder& answer)
    {
        if (is_ssl_check(req.body)) {
            answer.send(http::response::empty(200)); // Slack's certificate probe: unsigned, nothing else is read
            return;
        }
        auto command = accept(req, answer, parse_slash_command);
        if (!command) {
            return;
        }
        answer.send(http::response::empty(200));
        destination to{command->response_url, {}, !is_dm_channel(command->channel_id)};
        if (!allowed(to.response_url)) {
            return;
        }
        actor who{command->team_id, command->user_id, command->user_name};
        with_locale(who, [self = shared_from_this(), who, to, c = std::move(*command)](std::optional<language> lang) {
            self->run_command(who, lang, c, to);
        });
    }

    void interactions(const http::request& req, const http::responder& answer)
    {
        auto payload = accept(req, answer, parse_interaction);
        if (!payload) {
            return;
        }
        answer.send(http::response::empty(200));
        if (payload->type != "block_actions" || payload->actions.empty()) {
            return;
        }
        destination to{payload->response_url, payload->response_url.empty() ? payload->user_id : std::string{},
                       !is_dm_channel(payload->channel_id)};
        if (!to.response_url.empty() && !allowed(to.response_url)) {
            return;
        }
        actor who{payload->team_id, payload->user_id, payload->user_name};
        with_locale(who, [self = shared_from_this(), who, to, action = payload->actions.front()](
                             std::optional<language> lang) { self->run_action(who, lang, action, to); });
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
        answer.send(http::response::empty(200));
        if (envelope->type != "event_callback" || !envelope->inner) {
            return;
        }
        const auto& e = *envelope->inner;
        const bool dm = e.type == "message" && e.channel_type == "im" && e.subtype.empty() && e.bot_id.empty() &&
                        !e.user.empty() && !e.channel.empty();
        const bool home = e.type == "app_home_opened" && e.tab == "home" && !e.user.empty();
        if (!dm && !home) {
            return; // bots (ourselves included), edits, other channels: nothing to do
        }
        actor who{envelope->team_id, e.user, {}};
        with_locale(who,
                    [self = shared_from_this(), who, env = std::move(*envelope), dm](std::optional<language> lang) {
                        if (dm) {
                            self->run_dm(who, lang, env);
                        } else {
                            self->run_home(who, lang, env);
                        }
                    });
    }

  private:
    /// The request's body parsed, once its signature is verified; otherwise answered (401 or 400) and nullopt.
    template <class T>
    std::optional<T> accept(const http::request& req, const http::responder& answer,
                            std::optional<T> (*parse)(std::string_view, parse_error&)) const
    {
        if (!verified(req, answer)) {
            return std::nullopt;
        }
        parse_error error;
        auto value = parse(req.body, error);
        if (!value) {
            answer.send(http::error_response(400, error.reason, req.request_id));
        }
        return value;
    }

    bool verified(const http::request& req, const http::responder& answer) const
    {
        const auto check = verify_signature(
            b_.settings.signing_secret.reveal(), req.fields.find("X-Slack-Request-Timestamp").value_or(""),
            req.fields.find("X-Slack-Signature").value_or(""), req.body, b_.wall_clock());
        if (check == signature_check::ok) {
            return true;
        }
        b_.log.info("slack request refused route={} reason={} request_id={}", req.route, to_string(check),
                    req.request_id);
        answer.send(http::error_response(401, "invalid signature", req.request_id));
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

    // ---- Language: users.info once per user and process, stored unless the learner chose one.

    void with_locale(const actor& who, std::function<void(std::optional<language>)> then)
    {
        const std::string key = who.team + ":" + who.user;
        {
            const std::lock_guard lock(mutex_);
            if (const auto it = locales_.find(key); it != locales_.end()) {
                const auto lang = it->second;
                then(lang);
                return;
            }
        }
        api_.user_info(who.user, [self = shared_from_this(), key, then = std::move(then)](web_api::outcome o) {
            std::optional<language> lang;
            if (o.ok && o.body) {
                if (const auto* user = o.body->if_contains("user"); user != nullptr && user->is_object()) {
                    if (const auto* locale = user->as_object().if_contains("locale");
                        locale != nullptr && locale->is_string()) {
                        lang = engine::parse_language(std::string_view(locale->as_string()).substr(0, 2));
                    }
                }
            }
            if (o.ok || o.error == "no_token") {
                const std::lock_guard lock(self->mutex_);
                if (self->locales_.size() >= max_cached_locales) {
                    self->locales_.clear();
                }
                self->locales_[key] = lang;
            } else {
                self->b_.log.warn("slack users.info failed error={}", log_quote(o.error));
            }
            then(lang);
        });
    }

    void forget_locale(const actor& who)
    {
        const std::lock_guard lock(mutex_);
        locales_.erase(who.team + ":" + who.user);
    }

    /// Inside a unit: the learner, created on first sight, and their language.
    struct learner_context {
        engine::learner_id learner;
        language lang = language::en;
    };
    learner_context enter(const actor& who, std::optional<language> platform_lang) const
    {
        const auto learner = b_.identities.ensure_learner(learner_identity(who.team, who.user), who.name);
        auto stored = b_.identities.locale_of(learner);
        if (!stored && platform_lang) {
            b_.identities.set_locale(learner, *platform_lang);
            stored = platform_lang;
        }
        return {learner, stored.value_or(language::en)};
    }

    // ---- Running on the writer, delivering afterwards.

    /// Runs `work` as one group commit unit; once it is committed, delivers what it returned (nothing for
    /// nullopt); if it failed, says so in `lang`.
    void on_writer(std::function<std::optional<reply>()> work, destination to, language lang)
    {
        auto result = std::make_shared<std::optional<reply>>();
        try {
            b_.writer.submit([self = shared_from_this(), result, work = std::move(work)] { *result = work(); },
                             [self = shared_from_this(), result, to, lang](std::exception_ptr failure) {
                                 if (failure) {
                                     self->log_failure(failure);
                                     self->deliver(to, {notice_message(say(text::failed, lang)), false});
                                 } else if (*result) {
                                     if ((*result)->answer_recorded && self->b_.on_answer_recorded) {
                                         self->b_.on_answer_recorded();
                                     }
                                     self->deliver(to, std::move(**result));
                                 }
                             });
        } catch (const std::logic_error&) {
            b_.log.warn("slack action dropped: the server is stopping");
        }
    }

    void log_failure(const std::exception_ptr& failure) const
    {
        try {
            std::rethrow_exception(failure);
        } catch (const std::exception& e) {
            b_.log.error("slack action failed error={}", log_quote(e.what()));
        } catch (...) {
            b_.log.error("slack action failed");
        }
    }

    void deliver(const destination& to, reply r)
    {
        auto done = [self = shared_from_this()](web_api::outcome o) {
            if (!o.ok) {
                self->b_.log.warn("slack delivery failed error={}", log_quote(o.error));
            }
        };
        if (!to.response_url.empty()) {
            r.message["replace_original"] = r.replace_original;
            if (!r.replace_original) {
                r.message["response_type"] = to.ephemeral ? "ephemeral" : "in_channel";
            }
            api_.respond(to.response_url, std::move(r.message), std::move(done));
        } else if (!to.channel.empty()) {
            api_.post_message(to.channel, std::move(r.message), std::move(done));
        }
    }

    // ---- Packs and sessions.

    const engine::pack* pack(std::string_view key) const
    {
        const auto* index = b_.library.find(engine::pack_key{std::string(key)});
        return index != nullptr ? &index->content() : nullptr;
    }
    std::string default_pack() const { return b_.packs.empty() ? std::string{} : b_.packs.front().value(); }
    std::string pack_title(std::string_view key, language lang) const
    {
        const auto* content = pack(key);
        const auto* title = content != nullptr ? content->title.best(lang) : nullptr;
        return title != nullptr ? *title : std::string(key);
    }
    std::string pack_list() const
    {
        std::string out;
        for (const auto& key : b_.packs) {
            out += (out.empty() ? "`" : ", `") + key.value() + "`";
        }
        return out;
    }
    link_base links() const { return {b_.public_url}; }

    reply start(const learner_context& ctx, const std::string& pack_key, engine::session_options options) const
    {
        engine::start_request start;
        start.learner = ctx.learner;
        start.pack = engine::pack_key{pack_key};
        start.where = engine::venue::dm;
        start.options = std::move(options);
        start.seed = new_seed();
        start.now = b_.clock();
        const auto outcome = b_.tutor.start_session(start);
        return {session_message(outcome, pack_key, links(), start.now), false};
    }

    reply answer(const learner_context& ctx, engine::session_id session, std::uint32_t sequence,
                 std::uint32_t position) const
    {
        engine::answer_request request;
        request.learner = ctx.learner;
        request.token = {session, sequence};
        request.displayed = position;
        // One key per card, shared by buttons and typed letters: a second click, a retried request or the same
        // answer typed is the same action and gets the recorded outcome back.
        request.key =
            engine::idempotency_key{"slack:" + std::to_string(session.value()) + ":" + std::to_string(sequence)};
        request.now = b_.clock();
        const auto outcome = b_.tutor.answer(request);
        switch (outcome.status) {
        case engine::answer_status::accepted:
        case engine::answer_status::replayed:
            if (outcome.told) {
                return {feedback_message(*outcome.told, outcome.lang, session, outcome.pack.value(), links()), true,
                        outcome.status == engine::answer_status::accepted};
            }
            break;
        case engine::answer_status::stale:
            return notice(engine::message::answer_stale, outcome.lang);
        case engine::answer_status::invalid_choice:
            return notice(engine::message::answer_invalid_choice, outcome.lang);
        case engine::answer_status::ended:
            return notice(engine::message::answer_ended, outcome.lang);
        case engine::answer_status::no_session:
            break;
        }
        return notice(engine::message::answer_no_session, outcome.lang);
    }

    reply next(const learner_context& ctx, engine::session_id session) const
    {
        const auto now = b_.clock();
        const auto outcome = b_.tutor.next_question(ctx.learner, session, now);
        if (outcome.status != engine::session_status::ok) {
            return notice(engine::message::answer_no_session, ctx.lang);
        }
        return {session_message(outcome, outcome.pack.value(), links(), now), true};
    }

    reply stats(const learner_context& ctx, const std::string& pack_key) const
    {
        const auto now = b_.clock();
        const auto result = b_.tutor.stats(ctx.learner, engine::pack_key{pack_key}, now, ctx.lang);
        if (!result) {
            return {notice_message(say(text::unknown_pack_or_concept, ctx.lang,
                                       {arg::str("word", pack_key), arg::str("packs", pack_list())})),
                    false};
        }
        return {stats_message(*result, pack_title(pack_key, ctx.lang), ctx.lang, now), false};
    }

    static reply notice(engine::message m, language lang)
    {
        return {notice_message(engine::format_message(m, lang, {})), false};
    }

    // ---- Slash commands.

    void run_command(const actor& who, std::optional<language> platform_lang, const slash_command& c,
                     const destination& to)
    {
        const auto line = parse_command_line(c.text);
        const language guess = platform_lang.value_or(language::en);
        if (line.verb == "forget-me") {
            forget_me(who, platform_lang, to);
            return;
        }
        on_writer(
            [self = shared_from_this(), who, platform_lang, line, command = c.command]() -> std::optional<reply> {
                const auto ctx = self->enter(who, platform_lang);
                return self->command_reply(ctx, line, command);
            },
            to, guess);
    }

    reply command_reply(learner_context ctx, const command_line& line, const std::string& command) const
    {
        const auto help = [&] {
            return reply{notice_message(say(text::help, ctx.lang, {arg::str("command", command)})), false};
        };
        if (line.verb == "help") {
            return help();
        }
        if (line.verb == "start" || line.verb == "review") {
            engine::session_options options;
            if (line.verb == "review") {
                options.scope = engine::session_scope::reviews_only;
            }
            std::string pack_key = default_pack();
            std::size_t next_word = 0;
            if (!line.words.empty() && pack(line.words.front()) != nullptr) {
                pack_key = line.words.front();
                next_word = 1;
            }
            if (next_word < line.words.size()) {
                const auto& word = line.words[next_word];
                const auto* content = pack(pack_key);
                if (content == nullptr || content->find(engine::concept_key{word}) == nullptr) {
                    return {notice_message(say(text::unknown_pack_or_concept, ctx.lang,
                                               {arg::str("word", word), arg::str("packs", pack_list())})),
                            false};
                }
                options.only_concept = engine::concept_key{word};
            }
            return start(ctx, pack_key, options);
        }
        if (line.verb == "stats") {
            return stats(ctx, line.words.empty() ? default_pack() : line.words.front());
        }
        if (line.verb == "lang") {
            const auto chosen = line.words.size() == 1 ? engine::parse_language(line.words.front()) : std::nullopt;
            if (!chosen) {
                return {notice_message(say(text::lang_usage, ctx.lang, {arg::str("command", command)})), false};
            }
            b_.identities.set_locale(ctx.learner, *chosen);
            return {notice_message(say(text::lang_set, *chosen)), false};
        }
        auto out = help();
        out.message = notice_message(say(text::unknown_command, ctx.lang, {arg::str("word", line.verb)}) + "\n" +
                                     say(text::help, ctx.lang, {arg::str("command", command)}));
        return out;
    }

    /// Erases the learner in one unit; the language is read first, to say it was done in their language.
    void forget_me(const actor& who, std::optional<language> platform_lang, const destination& to)
    {
        const language guess = platform_lang.value_or(language::en);
        on_writer(
            [self = shared_from_this(), who, guess]() -> std::optional<reply> {
                const auto identity = learner_identity(who.team, who.user);
                const auto learner = self->b_.identities.find_learner(identity);
                const language lang = learner ? self->b_.identities.locale_of(*learner).value_or(guess) : guess;
                const bool erased =
                    storage::erase_learner(self->b_.database, identity.platform, identity.external_id).has_value();
                if (erased) {
                    self->b_.writer.truncate_wal_after_commit();
                }
                self->forget_locale(who);
                return reply{notice_message(say(erased ? text::forgotten : text::nothing_to_forget, lang)), false};
            },
            to, guess);
    }

    // ---- Buttons.

    void run_action(const actor& who, std::optional<language> platform_lang, const block_action& action,
                    const destination& to)
    {
        on_writer(
            [self = shared_from_this(), who, platform_lang, action]() -> std::optional<reply> {
                const auto ctx = self->enter(who, platform_lang);
                return self->action_reply(ctx, action);
            },
            to, platform_lang.value_or(language::en));
    }

    std::optional<reply> action_reply(const learner_context& ctx, const block_action& action) const
    {
        if (action.action_id.starts_with(action_answer_prefix)) {
            const auto value = parse_answer_value(action.value);
            if (!value) {
                return std::nullopt;
            }
            return answer(ctx, value->session, value->sequence, value->position);
        }
        if (action.action_id == action_next) {
            const auto session = parse_session_value(action.value);
            return session ? std::optional<reply>(next(ctx, *session)) : std::nullopt;
        }
        if (action.action_id == action_start || action.action_id == action_review) {
            engine::session_options options;
            if (action.action_id == action_review) {
                options.scope = engine::session_scope::reviews_only;
            }
            const std::string key = pack(action.value) != nullptr ? action.value : default_pack();
            auto out = start(ctx, key, options);
            out.replace_original = false;
            return out;
        }
        return std::nullopt; // a button of another version of the bot: nothing to do
    }

    // ---- Direct messages and the Home tab.

    void run_dm(const actor& who, std::optional<language> platform_lang, const event_envelope& env)
    {
        const auto input = parse_dm(env.inner->text);
        destination to{{}, env.inner->channel, false};
        on_writer(
            [self = shared_from_this(), who, platform_lang, env, input]() -> std::optional<reply> {
                if (!self->first_delivery(env)) {
                    return std::nullopt; // a redelivery: already answered
                }
                const auto ctx = self->enter(who, platform_lang);
                return self->dm_reply(ctx, input);
            },
            to, platform_lang.value_or(language::en));
    }

    /// In a unit: records the event id; false when it was recorded before. Rolled back with the unit, so an
    /// event whose handling failed is handled again when redelivered.
    bool first_delivery(const event_envelope& env) const
    {
        const auto now = b_.clock();
        if (!b_.identities.first_delivery("slack", env.team_id + ":" + env.event_id, now)) {
            return false;
        }
        if (++events_seen_ % 1000 == 0) {
            (void)b_.identities.forget_events_before(now - event_memory);
        }
        return true;
    }

    reply dm_reply(const learner_context& ctx, const dm_input& input) const
    {
        const auto active = b_.units.stores().sessions.active_for(ctx.learner);
        switch (input.what) {
        case dm_input::kind::letter:
            if (!active) {
                return notice(engine::message::answer_no_session, ctx.lang);
            }
            return answer(ctx, active->id, active->sequence, input.position);
        case dm_input::kind::next:
            if (active) {
                auto out = next(ctx, active->id);
                out.replace_original = false;
                return out;
            }
            return start(ctx, default_pack(), {});
        case dm_input::kind::start:
            return start(ctx, active ? active->pack.value() : default_pack(), {});
        case dm_input::kind::stats:
            return stats(ctx, active ? active->pack.value() : default_pack());
        case dm_input::kind::help:
            break;
        }
        return {notice_message(say(text::dm_hint, ctx.lang, {arg::str("command", "/quiz")})), false};
    }

    void run_home(const actor& who, std::optional<language> platform_lang, const event_envelope& env)
    {
        auto view = std::make_shared<std::optional<json::object>>();
        try {
            b_.writer.submit(
                [self = shared_from_this(), who, platform_lang, env, view] {
                    if (!self->first_delivery(env)) {
                        return;
                    }
                    const auto ctx = self->enter(who, platform_lang);
                    const auto active = self->b_.units.stores().sessions.active_for(ctx.learner);
                    const std::string key = active ? active->pack.value() : self->default_pack();
                    const auto now = self->b_.clock();
                    const auto stats = self->b_.tutor.stats(ctx.learner, engine::pack_key{key}, now, ctx.lang);
                    *view = home_view(stats, key, self->pack_title(key, ctx.lang), ctx.lang, now);
                },
                [self = shared_from_this(), view, user = who.user](std::exception_ptr failure) {
                    if (failure) {
                        self->log_failure(failure);
                    } else if (*view) {
                        self->api_.publish_home(user, std::move(**view), [self](web_api::outcome o) {
                            if (!o.ok) {
                                self->b_.log.warn("slack views.publish failed error={}", log_quote(o.error));
                            }
                        });
                    }
                });
        } catch (const std::logic_error&) {
            b_.log.warn("slack event dropped: the server is stopping");
        }
    }

    const slack_backend b_; ///< a copy: the struct itself may go before the router
    web_api api_;
    std::mutex mutex_;
    std::map<std::string, std::optional<language>> locales_; ///< team:user -> users.info's answer
    mutable std::uint64_t events_seen_ = 0;                  ///< writer thread only
};

template <class Member>
http::async_handler handler_of(const std::shared_ptr<app>& a, Member member)
{
    return [a, member](http::request req, http::responder answer) { ((*a).*member)(req, answer); };
}

} // namespace

void add_slack_routes(http::router& routes, const slack_backend& backend)
{
    auto a = std::make_shared<app>(backend);
    routes.add_async(http::verb::post, "/slack/commands", handler_of(a, &app::commands));
    routes.add_async(http::verb::post, "/slack/interactions", handler_of(a, &app::interactions));
    routes.add_async(http::verb::post, "/slack/events", handler_of(a, &app::events));
}

} // namespace quiz::bot::slack
