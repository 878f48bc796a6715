// SPDX-License-Identifier: MIT
#include "bot/web/playground.hpp"

#include "bot/http/router.hpp"
#include "bot/tutoring/service.hpp"
#include "bot/web/assets.hpp"
#include "bot/web/guide_pages.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/play_json.hpp"
#include "bot/web/request_fields.hpp"

#include <boost/json/serialize.hpp>

#include <memory>
#include <optional>
#include <string>

namespace quiz::bot::web {

namespace {

namespace json = boost::json;
using engine::language;

/// Blocks scripts from anywhere but this server, and framing: the page only needs its own files.
constexpr const char* content_security_policy =
    "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

http::response html_response(unsigned status, std::string body)
{
    http::response r{status, {}, std::move(body)};
    r.fields.set("Content-Type", "text/html; charset=utf-8");
    r.fields.set("Content-Security-Policy", content_security_policy);
    r.fields.set("Cache-Control", "no-cache");
    return r;
}

http::response json_response(unsigned status, const json::object& body)
{
    auto r = http::response::json(status, json::serialize(body));
    r.fields.set("Cache-Control", "no-store");
    return r;
}

http::response refusal(unsigned status, const char* code, const std::string& text, const std::string& request_id)
{
    return json_response(status, json::object{{"status", code}, {"error", text}, {"request_id", request_id}});
}

/// The answer to a screen that is not the one asked for: a notice of the tutoring layer, as an HTTP error.
http::response notice_response(const tutoring::screen& shown, const std::string& request_id)
{
    const auto* n = std::get_if<tutoring::notice_screen>(&shown.body);
    if (n == nullptr) {
        return http::error_response(500, "unexpected screen", request_id);
    }
    switch (n->kind) {
    case tutoring::notice_kind::stale:
        return refusal(409, "stale", n->text, request_id);
    case tutoring::notice_kind::ended:
        return refusal(409, "ended", n->text, request_id);
    case tutoring::notice_kind::invalid_choice:
        return refusal(400, "invalid_choice", n->text, request_id);
    case tutoring::notice_kind::no_session:
        return refusal(404, "no_session", n->text, request_id);
    case tutoring::notice_kind::unknown_learner:
        return http::error_response(404, "unknown learner", request_id);
    case tutoring::notice_kind::unknown_pack:
        return http::error_response(404, "unknown pack", request_id);
    case tutoring::notice_kind::failed: {
        // The unit did not commit (a full disk, an I/O error): nothing was recorded, and a retry may succeed.
        auto busy = http::error_response(503, "this could not be recorded: try again in a moment", request_id);
        busy.fields.set("Retry-After", "1");
        return busy;
    }
    default:
        return http::error_response(500, "unexpected notice", request_id);
    }
}

/// The question on screen or the summary, as the page expects them.
void add_screen(json::object& out, const tutoring::card_screen* card, const tutoring::summary_screen* summary)
{
    out["card"] = card != nullptr ? json::value(card_json(*card)) : json::value(nullptr);
    out["summary"] = summary != nullptr ? json::value(summary_json(*summary)) : json::value(nullptr);
}

tutoring::actor web_learner(std::string token, std::string name, std::optional<language> lang, bool known_only)
{
    tutoring::actor who;
    who.identity = {"web", std::move(token)};
    who.display_name = std::move(name);
    who.platform_lang = lang; // the page's language: followed like a platform's locale
    who.known_only = known_only;
    return who;
}

class api {
public:
    api(tutoring::service& tutoring, learner_gate& gate) : tutoring_(tutoring), gate_(gate) {}

    const engine::pack* pack(const std::optional<std::string>& key) const { return tutoring_.shelf().find(key); }

    /// Runs the action as one unit of the tutoring layer and answers with `render(screen)`, built on an IO thread.
    template <class Render>
    void perform(const http::request& req, const http::responder& reply, tutoring::request action, Render render) const
    {
        const bool queued =
            tutoring_.perform(std::move(action), [reply, render, id = req.request_id](tutoring::screen shown) {
                reply.send(render(shown, id));
            });
        if (!queued) {
            reply.send(http::error_response(503, "the server is stopping", req.request_id));
        }
    }

    void start(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        auto learner_token = optional_string(body, "learner");
        const auto learner = gate_.known_or_new(learner_token, req);
        auto name = optional_string(body, "name").value_or("");
        if (name.size() > 64) {
            throw bad_request{400, "\"name\" is longer than 64 bytes"};
        }
        const auto lang = language_from(optional_string(body, "lang"));
        const auto* content = pack(optional_string(body, "pack"));
        if (content == nullptr) {
            throw bad_request{404, "unknown pack"};
        }
        const std::string pack_key = content->key.value();
        tutoring::start start;
        start.pack = pack_key;
        start.where = engine::venue::web;
        perform(
            req, reply, {web_learner(learner, name, lang, false), start, std::nullopt},
            [learner_token = *learner_token, pack_key](const tutoring::screen& shown, const std::string& request_id) {
                const auto* card = std::get_if<tutoring::card_screen>(&shown.body);
                const auto* summary = std::get_if<tutoring::summary_screen>(&shown.body);
                if (card == nullptr && summary == nullptr) {
                    return notice_response(shown, request_id);
                }
                json::object out{{"learner", learner_token},
                                 {"session", card != nullptr ? card->session.value() : summary->session.value()},
                                 {"lang", std::string(engine::code(shown.lang))},
                                 {"pack", pack_key}};
                add_screen(out, card, summary);
                return json_response(200, out);
            });
    }

    void answer(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        const auto learner = gate_.known(optional_string(body, "learner"));
        tutoring::answer answer;
        answer.session = engine::session_id{required_integer(body, "session", 1, INT64_MAX)};
        answer.sequence = static_cast<std::uint32_t>(required_integer(body, "sequence", 0, UINT32_MAX));
        answer.choice = static_cast<std::uint32_t>(required_integer(body, "choice", 0, 25));
        answer.then_next = true; // the page shows the feedback and the next card together
        perform(req, reply, {web_learner(learner, {}, std::nullopt, true), answer, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    const auto* told = std::get_if<tutoring::feedback_screen>(&shown.body);
                    if (told == nullptr) {
                        return notice_response(shown, request_id);
                    }
                    json::object out{{"status", told->replayed ? "replayed" : "accepted"},
                                     {"session", told->session.value()},
                                     {"lang", std::string(engine::code(shown.lang))},
                                     {"feedback", feedback_json(*told, shown.lang)}};
                    const auto* next_card = told->next ? std::get_if<tutoring::card_screen>(&*told->next) : nullptr;
                    const auto* summary = told->next ? std::get_if<tutoring::summary_screen>(&*told->next) : nullptr;
                    add_screen(out, next_card, summary);
                    return json_response(200, out);
                });
    }

    void stats(const http::request& req, const http::responder& reply) const
    {
        if (query_value(req, "learner")) {
            // A URL lands in access logs: the token is a bearer secret.
            throw bad_request{400, "send the learner token in the Authorization header, never in the URL"};
        }
        const auto learner = gate_.known(bearer_token(req));
        const auto lang = language_from(query_value(req, "lang"));
        const auto* content = pack(query_value(req, "pack"));
        if (content == nullptr) {
            throw bad_request{404, "unknown pack"};
        }
        perform(req, reply, {web_learner(learner, {}, lang, true), tutoring::stats{content->key.value()}, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    const auto* stats = std::get_if<tutoring::stats_screen>(&shown.body);
                    if (stats == nullptr) {
                        return notice_response(shown, request_id);
                    }
                    auto out = stats_json(*stats);
                    out["pack"] = stats->pack.value();
                    return json_response(200, out);
                });
    }

    /// Without "confirm": the question to confirm; with "confirm": true erases, false cancels.
    void forget(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        const auto learner = gate_.known(optional_string(body, "learner"));
        auto step = tutoring::forget::step::ask;
        if (const auto* confirm = body.if_contains("confirm"); confirm != nullptr && !confirm->is_null()) {
            if (!confirm->is_bool()) {
                throw bad_request{400, "\"confirm\" must be true or false"};
            }
            step = confirm->as_bool() ? tutoring::forget::step::confirm : tutoring::forget::step::cancel;
        }
        const auto lang = language_from(optional_string(body, "lang"));
        perform(req, reply, {web_learner(learner, {}, lang, false), tutoring::forget{step}, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    if (const auto* question = std::get_if<tutoring::confirm_screen>(&shown.body)) {
                        return json_response(200, json::object{{"status", "confirm"},
                                                               {"question", question->question},
                                                               {"yes", question->yes},
                                                               {"no", question->no}});
                    }
                    const auto* n = std::get_if<tutoring::notice_screen>(&shown.body);
                    if (n == nullptr || n->kind == tutoring::notice_kind::failed) {
                        return notice_response(shown, request_id);
                    }
                    const char* status = n->kind == tutoring::notice_kind::forgotten          ? "forgotten"
                                         : n->kind == tutoring::notice_kind::forget_cancelled ? "cancelled"
                                                                                              : "nothing_to_forget";
                    return json_response(200, json::object{{"status", status}, {"message", n->text}});
                });
    }

    http::response packs(const http::request& req) const
    {
        const auto lang = language_from(query_value(req, "lang")).value_or(language::en);
        json::array list;
        for (const auto& key : tutoring_.shelf().keys()) {
            if (const auto* content = tutoring_.shelf().find(key)) {
                list.push_back(pack_json(*content, lang));
            }
        }
        return json_response(200, json::object{{"packs", std::move(list)}});
    }

private:
    tutoring::service& tutoring_;
    learner_gate& gate_;
};

/// Turns a bad_request thrown while reading the request into its answer.
template <class Handler>
http::async_handler guarded(std::shared_ptr<api> a, Handler h)
{
    return [a, h](http::request req, http::responder reply) {
        try {
            h(*a, req, reply);
        } catch (const bad_request& e) {
            reply.send(http::error_response(e.status, e.reason, req.request_id));
        }
    };
}

http::response asset_response(const asset& file)
{
    http::response r{200, {}, std::string(file.body)};
    r.fields.set("Content-Type", std::string(file.content_type));
    r.fields.set("Cache-Control", "no-cache");
    if (file.content_type.starts_with("text/html")) {
        r.fields.set("Content-Security-Policy", content_security_policy);
    }
    return r;
}

language page_language(const http::request& req)
{
    try {
        return language_from(query_value(req, "lang")).value_or(language::en);
    } catch (const bad_request&) {
        return language::en;
    }
}

} // namespace

const asset* find_asset(std::string_view name)
{
    for (const auto& a : embedded_assets()) {
        if (a.name == name) {
            return &a;
        }
    }
    return nullptr;
}

void add_playground_routes(http::router& routes, tutoring::service& tutoring, learner_gate& gate)
{
    auto a = std::make_shared<api>(tutoring, gate);
    routes.add(http::verb::get, "/", [](const http::request&) {
        const auto* index = find_asset("index.html");
        return index != nullptr ? asset_response(*index) : http::response::text(404, "no page\n");
    });
    routes.add(http::verb::get, "/assets/{name}", [](const http::request& req) {
        const auto* file = find_asset(req.param("name"));
        if (file == nullptr || file->name == "index.html") {
            return http::error_response(404, "no such asset", req.request_id);
        }
        return asset_response(*file);
    });
    routes.add_async(
        http::verb::get, "/api/play/packs",
        guarded(a, [](api& x, const http::request& req, const http::responder& reply) { reply.send(x.packs(req)); }));
    routes.add_async(
        http::verb::post, "/api/play/session",
        guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.start(req, reply); }));
    routes.add_async(
        http::verb::post, "/api/play/answer",
        guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.answer(req, reply); }));
    routes.add_async(
        http::verb::get, "/api/play/stats",
        guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.stats(req, reply); }));
    routes.add_async(
        http::verb::post, "/api/play/forget",
        guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.forget(req, reply); }));
    routes.add(http::verb::get, "/guide/{pack}", [a](const http::request& req) {
        const auto* content = a->pack(std::string(req.param("pack")));
        if (content == nullptr) {
            return http::error_response(404, "unknown pack", req.request_id);
        }
        return html_response(200, guide_index_page(*content, page_language(req)));
    });
    routes.add(http::verb::get, "/guide/{pack}/{section}", [a](const http::request& req) {
        const auto* content = a->pack(std::string(req.param("pack")));
        const auto* section = content != nullptr ? content->find(engine::section_key{std::string(req.param("section"))})
                                                 : nullptr;
        if (section == nullptr) {
            return http::error_response(404, "unknown guide section", req.request_id);
        }
        return html_response(200, guide_section_page(*content, *section, page_language(req)));
    });
}

} // namespace quiz::bot::web
