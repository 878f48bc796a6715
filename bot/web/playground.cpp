// SPDX-License-Identifier: MIT
#include "bot/web/playground.hpp"

#include "bot/http/router.hpp"
#include "bot/tutoring/admission.hpp"
#include "bot/tutoring/service.hpp"
#include "bot/web/assets.hpp"
#include "bot/web/guide_pages.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/play_json.hpp"
#include "bot/web/request_fields.hpp"
#include "bot/web/retry_later.hpp"

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

/// The screen's answer: `body` with the heads-up the page shows first ("" when there is none).
http::response screen_response(json::object body, const tutoring::screen& shown, unsigned status = 200)
{
    body["heads_up"] = shown.heads_up;
    return http::uncached_json(status, body);
}

/// A notice the page shows as it is, with its own status code.
http::response refusal(unsigned status, const char* code, const tutoring::screen& shown, const std::string& text,
                       const std::string& request_id)
{
    return screen_response(json::object{{"status", code}, {"error", text}, {"request_id", request_id}}, shown, status);
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
        return refusal(409, "stale", shown, n->text, request_id);
    case tutoring::notice_kind::ended:
        return refusal(409, "ended", shown, n->text, request_id);
    case tutoring::notice_kind::invalid_choice:
        return refusal(400, "invalid_choice", shown, n->text, request_id);
    case tutoring::notice_kind::no_session:
        return refusal(404, "no_session", shown, n->text, request_id);
    case tutoring::notice_kind::unknown_learner:
        return http::error_response(404, "unknown learner", request_id);
    case tutoring::notice_kind::unknown_pack:
        return http::error_response(404, "unknown pack", request_id);
    case tutoring::notice_kind::failed: {
        // The unit did not commit (a full disk, an I/O error): nothing was recorded, and a retry may succeed.
        return retry_later("this could not be recorded: try again in a moment", request_id);
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
    api(tutoring::service& tutoring, learner_gate& gate, const tutoring::admission& admission)
        : tutoring_(tutoring), gate_(gate), admission_(admission)
    {
    }

    const engine::pack* pack(const std::optional<std::string>& key) const { return tutoring_.shelf().find(key); }

    /// Runs the action as one unit of the tutoring layer and answers with `render(screen)`, built on an IO thread.
    template <class Render>
    void perform(const http::request& req, const http::responder& reply, tutoring::request action, Render render) const
    {
        if (!admission_.admit("web")) {
            reply.send(retry_later(busy_reason, req.request_id));
            return;
        }
        const bool queued =
            tutoring_.perform(std::move(action), [reply, render, id = req.request_id](tutoring::screen shown) {
                reply.send(render(shown, id));
            });
        if (!queued) {
            reply.send(http::error_response(503, "the server is stopping", req.request_id));
        }
    }

    std::optional<http::refusal> start(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        std::optional<std::string> learner_token;
        const auto learner = gate_.known_or_new(body, learner_token, req);
        if (!learner) {
            return learner.error();
        }
        auto name = body.text("name").value_or("");
        if (name.size() > 64) {
            body.refuse({400, "\"name\" is longer than 64 bytes"});
        }
        const auto lang = body.lang();
        const auto* content = pack(body.text("pack"));
        if (body.refused()) {
            return body.refused();
        }
        if (content == nullptr) {
            return http::refusal{404, "unknown pack"};
        }
        const std::string pack_key = content->key.value();
        tutoring::start start;
        start.pack = pack_key;
        start.where = engine::venue::web;
        perform(
            req, reply, {web_learner(*learner, name, lang, false), start, std::nullopt},
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
                return screen_response(out, shown);
            });
        return std::nullopt;
    }

    std::optional<http::refusal> answer(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        const auto learner = gate_.known(body);
        if (!learner) {
            return learner.error();
        }
        tutoring::answer answer;
        answer.session = engine::session_id{body.integer("session", 1, INT64_MAX)};
        answer.sequence = static_cast<std::uint32_t>(body.integer("sequence", 0, UINT32_MAX));
        answer.choice = static_cast<std::uint32_t>(body.integer("choice", 0, 25));
        answer.then_next = true; // the page shows the feedback and the next card together
        if (body.refused()) {
            return body.refused();
        }
        perform(req, reply, {web_learner(*learner, {}, std::nullopt, true), answer, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    const auto* told = std::get_if<tutoring::feedback_screen>(&shown.body);
                    if (told == nullptr) {
                        return notice_response(shown, request_id);
                    }
                    json::object out{{"status", told->replayed ? "replayed" : "accepted"},
                                     {"session", told->session.value()},
                                     {"lang", std::string(engine::code(shown.lang))},
                                     {"feedback", feedback_json(*told)}};
                    const auto* next_card = told->next ? std::get_if<tutoring::card_screen>(&*told->next) : nullptr;
                    const auto* summary = told->next ? std::get_if<tutoring::summary_screen>(&*told->next) : nullptr;
                    add_screen(out, next_card, summary);
                    return screen_response(out, shown);
                });
        return std::nullopt;
    }

    std::optional<http::refusal> stats(const http::request& req, const http::responder& reply) const
    {
        const auto in_url = query_value(req, "learner");
        if (!in_url) {
            return in_url.error();
        }
        if (*in_url) {
            // A URL lands in access logs: the token is a bearer secret.
            return http::refusal{400, "send the learner token in the Authorization header, never in the URL"};
        }
        const auto learner = gate_.known(bearer_token(req));
        if (!learner) {
            return learner.error();
        }
        const auto lang = query_language(req);
        if (!lang) {
            return lang.error();
        }
        const auto key = query_value(req, "pack");
        if (!key) {
            return key.error();
        }
        const auto* content = pack(*key);
        if (content == nullptr) {
            return http::refusal{404, "unknown pack"};
        }
        perform(req, reply,
                {web_learner(*learner, {}, *lang, true), tutoring::stats{content->key.value()}, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    const auto* stats = std::get_if<tutoring::stats_screen>(&shown.body);
                    if (stats == nullptr) {
                        return notice_response(shown, request_id);
                    }
                    auto out = stats_json(*stats);
                    out["pack"] = stats->pack.value();
                    return screen_response(out, shown);
                });
        return std::nullopt;
    }

    /// Without "confirm": the question to confirm; with "confirm": true erases, false cancels.
    std::optional<http::refusal> forget(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        const auto learner = gate_.known(body);
        if (!learner) {
            return learner.error();
        }
        const auto confirm = body.flag("confirm");
        const auto step = !confirm ? tutoring::forget::step::ask
                                   : (*confirm ? tutoring::forget::step::confirm : tutoring::forget::step::cancel);
        const auto lang = body.lang();
        if (body.refused()) {
            return body.refused();
        }
        perform(req, reply, {web_learner(*learner, {}, lang, false), tutoring::forget{step}, std::nullopt},
                [](const tutoring::screen& shown, const std::string& request_id) {
                    if (const auto* question = std::get_if<tutoring::confirm_screen>(&shown.body)) {
                        return http::uncached_json(200, json::object{{"status", "confirm"},
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
                    return http::uncached_json(200, json::object{{"status", status}, {"message", n->text}});
                });
        return std::nullopt;
    }

    std::optional<http::refusal> packs(const http::request& req, const http::responder& reply) const
    {
        const auto lang = query_language(req);
        if (!lang) {
            return lang.error();
        }
        json::array list;
        for (const auto& key : tutoring_.shelf().keys()) {
            if (const auto* content = tutoring_.shelf().find(key)) {
                list.push_back(pack_json(*content, lang->value_or(language::en)));
            }
        }
        reply.send(http::uncached_json(200, json::object{{"packs", std::move(list)}}));
        return std::nullopt;
    }

private:
    tutoring::service& tutoring_;
    learner_gate& gate_;
    const tutoring::admission& admission_;
};

/// A handler of the API: it answers, or says why the request is refused (answered here).
template <class Handler>
http::async_handler answering(std::shared_ptr<api> a, Handler h)
{
    return [a, h](http::request req, http::responder reply) {
        if (const auto refused = h(*a, req, reply)) {
            reply.send(http::error_response(*refused, req.request_id));
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
    const auto lang = query_language(req);
    return lang ? lang->value_or(language::en) : language::en;
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

void add_playground_routes(http::router& routes, tutoring::service& tutoring, learner_gate& gate,
                           const tutoring::admission& admission)
{
    auto a = std::make_shared<api>(tutoring, gate, admission);
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
    routes.add_async(http::verb::get, "/api/play/packs",
                     answering(a, [](api& x, const http::request& req, const http::responder& reply) {
                         return x.packs(req, reply);
                     }));
    routes.add_async(http::verb::post, "/api/play/session",
                     answering(a, [](api& x, const http::request& req, const http::responder& reply) {
                         return x.start(req, reply);
                     }));
    routes.add_async(http::verb::post, "/api/play/answer",
                     answering(a, [](api& x, const http::request& req, const http::responder& reply) {
                         return x.answer(req, reply);
                     }));
    routes.add_async(http::verb::get, "/api/play/stats",
                     answering(a, [](api& x, const http::request& req, const http::responder& reply) {
                         return x.stats(req, reply);
                     }));
    routes.add_async(http::verb::post, "/api/play/forget",
                     answering(a, [](api& x, const http::request& req, const http::responder& reply) {
                         return x.forget(req, reply);
                     }));
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
