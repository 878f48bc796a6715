// SPDX-License-Identifier: MIT
#include "bot/discord/flows.hpp"

#include "bot/discord/component_ids.hpp"
#include "bot/discord/texts.hpp"
#include "engine/catalog.hpp"
#include "engine/text_render.hpp"
#include "storage/forget.hpp"
#include "storage/sqlite_identity_store.hpp"
#include "storage/sqlite_learner_store.hpp"

#include <algorithm>
#include <cctype>

namespace quiz::bot::discord {

namespace {

using engine::language;

std::string lowercase(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

/// A concept named by its key or by its label in either language, case aside.
std::optional<engine::concept_key> find_concept(const engine::pack& p, const std::string& wanted)
{
    const auto w = lowercase(wanted);
    for (const auto& c : p.concepts) {
        if (lowercase(c.key.value()) == w) {
            return c.key;
        }
        for (const auto lang : {language::en, language::fr}) {
            if (const auto& label = c.label.get(lang); label && lowercase(*label) == w) {
                return c.key;
            }
        }
    }
    return std::nullopt;
}

} // namespace

struct flows::learner_context {
    engine::learner_id learner;
    language lang = language::en;
    bool private_reply = false;
};

flows::flows(tutoring t) : t_(std::move(t)) {}
flows::~flows() = default;

bool flows::private_reply(const interaction& in) noexcept
{
    return in.context ? *in.context != interaction_context::bot_dm : in.in_guild();
}

reply flows::handle(const interaction& in, std::uint64_t seed, engine::instant now)
{
    const storage::identity who{"discord", in.user_id};
    const bool hidden = private_reply(in);
    const auto existing = t_.identities.find_learner(who);
    const auto click_button = in.component ? parse_custom_id(in.component->custom_id) : std::nullopt;

    // Erasing must not create the learner it is about to erase.
    const bool about_forgetting = (in.command && in.command->subcommand == "forget-me") ||
                                  (click_button && std::holds_alternative<forget_button>(*click_button));
    if (!existing && about_forgetting) {
        const auto lang = language_of_locale(in.locale);
        auto r = note(text_in(text::nothing_to_forget, lang), hidden);
        if (in.component) {
            r.kind = reply_kind::update_message;
        }
        return r;
    }

    learner_context ctx;
    ctx.learner = t_.identities.ensure_learner(who, in.user_name);
    if (!existing) {
        // First sight: the client's language until the learner picks one with /quiz lang.
        t_.identities.set_locale(ctx.learner, language_of_locale(in.locale));
    }
    if (!profiles_) {
        profiles_ = std::make_unique<storage::sqlite_learner_store>(t_.database);
    }
    const auto profile = profiles_->find(ctx.learner);
    ctx.lang = profile ? profile->lang : language_of_locale(in.locale);
    ctx.private_reply = hidden;
    return in.command ? command(in, ctx, seed, now) : click(in, ctx, seed, now);
}

reply flows::command(const interaction& in, const learner_context& who, std::uint64_t seed, engine::instant now)
{
    const auto& c = *in.command;
    const bool in_channel = in.in_guild();
    if (c.subcommand == "start" || c.subcommand == "review") {
        const auto pack = c.option("pack").value_or(t_.packs.empty() ? std::string{} : t_.packs.front().value());
        const auto scope =
            c.subcommand == "review" ? engine::session_scope::reviews_only : engine::session_scope::everything;
        return start(who, pack, c.option("concept"), scope, in_channel, seed, now);
    }
    if (c.subcommand == "stats") {
        return stats(who, c.option("pack"), now);
    }
    if (c.subcommand == "lang") {
        const auto lang = engine::parse_language(c.option("language").value_or("")).value_or(who.lang);
        t_.identities.set_locale(who.learner, lang);
        return note(text_in(text::lang_set, lang), who.private_reply);
    }
    if (c.subcommand == "forget-me") {
        return forget_question_reply(who.lang, who.private_reply);
    }
    return note(text_in(text::help, who.lang), who.private_reply);
}

reply flows::click(const interaction& in, const learner_context& who, std::uint64_t seed, engine::instant now)
{
    const auto b = parse_custom_id(in.component->custom_id);
    if (!b) {
        return note(text_in(text::stale_button, who.lang), true);
    }
    if (const auto* a = std::get_if<answer_button>(&*b)) {
        return answer(in, who, *a, now);
    }
    if (const auto* n = std::get_if<next_button>(&*b)) {
        return next(who, *n, now);
    }
    if (const auto* f = std::get_if<forget_button>(&*b)) {
        return forget(in, who.lang, f->confirmed);
    }
    const auto& s = std::get<start_button>(*b);
    return start(who, s.pack, std::nullopt, engine::session_scope::everything, in.in_guild(), seed, now);
}

reply flows::start(const learner_context& who, const std::string& pack, const std::optional<std::string>& only_concept,
                   engine::session_scope scope, bool in_channel, std::uint64_t seed, engine::instant now)
{
    const auto* content = find_pack(pack);
    if (content == nullptr) {
        return unknown_pack(pack, who.lang);
    }
    engine::start_request request;
    request.learner = who.learner;
    request.pack = content->key;
    request.where = in_channel ? engine::venue::channel : engine::venue::dm;
    request.options.scope = scope;
    if (only_concept) {
        const auto key = find_concept(*content, *only_concept);
        if (!key) {
            std::string list;
            for (const auto& c : content->concepts) {
                list += (list.empty() ? "" : ", ") + c.key.value();
            }
            return note(engine::format_pattern(text_in(text::unknown_concept, who.lang), who.lang,
                                               {engine::message_arg::str("concept", *only_concept),
                                                engine::message_arg::str("list", list)}),
                        true);
        }
        request.options.only_concept = key;
    }
    request.seed = seed;
    request.now = now;
    const auto outcome = t_.tutor.start_session(request);
    reply r;
    if (outcome.card) {
        r = card_reply(*outcome.card, outcome.session, content->key.value(), links(), now);
    } else if (outcome.summary) {
        r = summary_reply(*outcome.summary, outcome.lang, content->key.value(), now);
    } else {
        r = note(text_in(text::failed, who.lang), true);
    }
    r.ephemeral = r.ephemeral || who.private_reply;
    return r;
}

reply flows::answer(const interaction& in, const learner_context& who, const answer_button& b, engine::instant now)
{
    engine::answer_request request;
    request.learner = who.learner;
    request.token = {b.session, b.sequence};
    request.displayed = b.choice;
    // One key per card: a second click on the same question (a double click, two clients) replays the first
    // answer instead of recording another.
    request.key =
        engine::idempotency_key{"discord:" + std::to_string(b.session.value()) + ":" + std::to_string(b.sequence)};
    request.now = now;
    const auto outcome = t_.tutor.answer(request);
    const auto lang = outcome.lang;
    switch (outcome.status) {
    case engine::answer_status::accepted: {
        if (!outcome.told || !in.message) {
            return note(text_in(text::failed, lang), true);
        }
        auto r = feedback_reply(*in.message, *outcome.told, lang, b.session, outcome.pack.value(), links());
        r.answer_recorded = true;
        return r;
    }
    case engine::answer_status::replayed:
        return note(text_in(text::already_answered, lang), true);
    case engine::answer_status::stale:
        return note(engine::format_message(engine::message::answer_stale, lang, {}), true);
    case engine::answer_status::invalid_choice:
        return note(engine::format_message(engine::message::answer_invalid_choice, lang, {}), true);
    case engine::answer_status::ended:
        return note(engine::format_message(engine::message::answer_ended, lang, {}), true);
    case engine::answer_status::no_session:
        break;
    }
    return note(engine::format_message(engine::message::answer_no_session, who.lang, {}), true);
}

reply flows::next(const learner_context& who, const next_button& b, engine::instant now)
{
    const auto outcome = t_.tutor.next_question(who.learner, b.session, now);
    reply r;
    if (outcome.status == engine::session_status::ok && outcome.card) {
        r = card_reply(*outcome.card, b.session, outcome.pack.value(), links(), now);
    } else if (outcome.status == engine::session_status::ok && outcome.summary) {
        r = summary_reply(*outcome.summary, outcome.lang, b.pack, now);
    } else {
        return note(engine::format_message(engine::message::answer_no_session, who.lang, {}), true);
    }
    r.kind = reply_kind::update_message; // the feedback's message becomes the next question
    return r;
}

reply flows::forget(const interaction& in, language lang, bool confirmed)
{
    reply r;
    if (!confirmed) {
        r = note(text_in(text::forget_cancelled, lang), true);
    } else {
        const auto erased = storage::erase_learner(t_.database, "discord", in.user_id);
        r = note(text_in(erased ? text::forgotten : text::nothing_to_forget, lang), true);
        r.learner_erased = erased.has_value();
    }
    r.kind = reply_kind::update_message; // the confirmation's buttons go away
    return r;
}

reply flows::stats(const learner_context& who, const std::optional<std::string>& pack, engine::instant now)
{
    const std::string key = pack.value_or(t_.packs.empty() ? std::string{} : t_.packs.front().value());
    const auto* content = find_pack(key);
    const auto result = content != nullptr ? t_.tutor.stats(who.learner, content->key, now, who.lang) : std::nullopt;
    if (!result) {
        return unknown_pack(key, who.lang);
    }
    const auto* title = content->title.best(who.lang);
    return note(engine::render_stats(*result, title != nullptr ? *title : key, who.lang, now), who.private_reply);
}

reply flows::unknown_pack(const std::string& key, language lang) const
{
    std::string list;
    for (const auto& k : t_.packs) {
        list += (list.empty() ? "" : ", ") + k.value();
    }
    return note(engine::format_pattern(text_in(text::unknown_pack, lang), lang,
                                       {engine::message_arg::str("pack", key), engine::message_arg::str("list", list)}),
                true);
}

const engine::pack* flows::find_pack(const std::string& key) const
{
    const auto* index = t_.library.find(engine::pack_key{key});
    return index != nullptr ? &index->content() : nullptr;
}

} // namespace quiz::bot::discord
