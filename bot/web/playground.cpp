// SPDX-License-Identifier: MIT
#include "bot/web/playground.hpp"

#include "bot/http/router.hpp"
#include "bot/http/url_encoding.hpp"
#include "bot/service_metrics.hpp"
#include "bot/web/assets.hpp"
#include "bot/web/guide_pages.hpp"
#include "bot/web/learner_token.hpp"
#include "bot/web/play_json.hpp"
#include "engine/catalog.hpp"
#include "storage/group_commit.hpp"
#include "storage/sqlite_identity_store.hpp"

#include <boost/json/parse.hpp>
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

/// A client mistake, said plainly: `{"error":"...","request_id":"..."}`.
struct bad_request {
    unsigned status = 400;
    std::string reason;
};

json::object parse_object(const http::request& req)
{
    boost::system::error_code ec;
    auto value = json::parse(req.body, ec);
    if (ec) {
        throw bad_request{400, "malformed JSON body: " + ec.message()};
    }
    if (!value.is_object()) {
        throw bad_request{400, "the JSON body must be an object"};
    }
    return std::move(value.as_object());
}

std::optional<std::string> optional_string(const json::object& body, std::string_view name)
{
    const auto* v = body.if_contains(name);
    if (v == nullptr || v->is_null()) {
        return std::nullopt;
    }
    if (!v->is_string()) {
        throw bad_request{400, "\"" + std::string(name) + "\" must be a string"};
    }
    return std::string(v->as_string());
}

std::int64_t required_integer(const json::object& body, std::string_view name, std::int64_t min, std::int64_t max)
{
    const auto* v = body.if_contains(name);
    if (v == nullptr || !(v->is_int64() || v->is_uint64())) {
        throw bad_request{400, "\"" + std::string(name) + "\" must be an integer"};
    }
    const auto n = v->is_int64() ? v->as_int64() : (v->as_uint64() > static_cast<std::uint64_t>(max) ? max + 1 : static_cast<std::int64_t>(v->as_uint64()));
    if (n < min || n > max) {
        throw bad_request{400, "\"" + std::string(name) + "\" is out of range"};
    }
    return n;
}

std::string learner_token_from(std::optional<std::string> token)
{
    if (!token) {
        throw bad_request{400, "\"learner\" is required"};
    }
    if (!valid_learner_token(*token)) {
        throw bad_request{400, "\"learner\" must be a learner token (32 hex digits)"};
    }
    return *token;
}

std::optional<language> language_from(const std::optional<std::string>& text)
{
    if (!text) {
        return std::nullopt;
    }
    auto lang = engine::parse_language(*text);
    if (!lang) {
        throw bad_request{400, "\"lang\" must be \"en\" or \"fr\""};
    }
    return lang;
}

std::optional<std::string> query_value(const http::request& req, std::string_view name)
{
    const auto fields = http::parse_form(req.query);
    if (!fields) {
        throw bad_request{400, "malformed query string"};
    }
    for (const auto& [key, value] : *fields) {
        if (key == name) {
            return value;
        }
    }
    return std::nullopt;
}

class api : public std::enable_shared_from_this<api> {
public:
    explicit api(const playground_backend& backend) : b_(backend) {}

    const engine::pack* pack_or_default(const std::optional<std::string>& key) const
    {
        if (!key) {
            return b_.packs.empty() ? nullptr : pack(b_.packs.front().value());
        }
        return pack(*key);
    }
    const engine::pack* pack(const std::string& key) const
    {
        const auto* index = b_.library.find(engine::pack_key{key});
        return index != nullptr ? &index->content() : nullptr;
    }

    /// Runs `work` as one group commit unit (one transaction, durable before the answer goes out). `work` decides
    /// on the writer thread and returns how to render its answer, which the connection's IO thread then does: the
    /// writer only queues behind other units, never behind JSON.
    /// `committed`, if set, runs once the transaction is durable (not when the unit failed).
    template <class Work>
    void on_writer(const http::request& req, const http::responder& reply, Work work,
                   std::function<void()> committed = {}) const
    {
        auto result = std::make_shared<http::responder::builder>();
        const std::string request_id = req.request_id;
        try {
            // The unit keeps the api alive: it may run after the router is gone, during the writer's drain.
            b_.writer.submit([self = shared_from_this(), result, work = std::move(work)]() mutable { *result = work(); },
                             [result, reply, request_id, committed = std::move(committed)](std::exception_ptr failure) {
                                 if (failure || !*result) {
                                     reply.send(http::error_response(500, "the answer could not be recorded", request_id));
                                     return;
                                 }
                                 if (committed) {
                                     committed();
                                 }
                                 reply.send_built(std::move(*result));
                             });
        } catch (const std::logic_error&) { // shutting down
            reply.send(http::error_response(503, "the server is stopping", request_id));
        }
    }

    void start(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        auto token = optional_string(body, "learner");
        if (token && !valid_learner_token(*token)) {
            throw bad_request{400, "\"learner\" must be a learner token (32 hex digits)"};
        }
        const std::string learner_token = token ? *token : new_learner_token();
        auto name = optional_string(body, "name").value_or("");
        if (name.size() > 64) {
            throw bad_request{400, "\"name\" is longer than 64 bytes"};
        }
        const auto lang = language_from(optional_string(body, "lang"));
        const auto* content = pack_or_default(optional_string(body, "pack"));
        if (content == nullptr) {
            throw bad_request{404, "unknown pack"};
        }
        const std::string pack_key = content->key.value();
        const auto seed = new_session_seed();
        const auto now = b_.clock();
        on_writer(req, reply, [this, learner_token, name, lang, pack_key, seed, now] {
            const auto learner = b_.identities.ensure_learner({"web", learner_token}, name);
            if (lang) {
                b_.identities.set_locale(learner, *lang);
            }
            engine::start_request start;
            start.learner = learner;
            start.pack = engine::pack_key{pack_key};
            start.where = engine::venue::web;
            start.lang = lang;
            start.seed = seed;
            start.now = now;
            return [learner_token, pack_key, now, outcome = b_.tutor.start_session(start)] {
                json::object out{{"learner", learner_token},
                                 {"session", outcome.session.value()},
                                 {"lang", std::string(engine::code(outcome.lang))},
                                 {"pack", pack_key}};
                add_screen(out, outcome, pack_key, now);
                return json_response(200, out);
            };
        });
    }

    void answer(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        const auto learner_token = learner_token_from(optional_string(body, "learner"));
        const auto session = engine::session_id{required_integer(body, "session", 1, INT64_MAX)};
        const auto sequence = static_cast<std::uint32_t>(required_integer(body, "sequence", 0, UINT32_MAX));
        const auto choice = static_cast<std::uint32_t>(required_integer(body, "choice", 0, 25));
        const auto now = b_.clock();
        const std::string request_id = req.request_id;
        auto accepted = std::make_shared<bool>(false); // set by the unit, read by its completion (writer thread)
        on_writer(req, reply, [this, learner_token, session, sequence, choice, now, request_id, accepted] {
            const auto learner = b_.identities.find_learner({"web", learner_token});
            if (!learner) {
                return http::responder::ready(http::error_response(404, "unknown learner", request_id));
            }
            engine::answer_request request;
            request.learner = *learner;
            request.token = {session, sequence};
            request.displayed = choice;
            // One key per card: a second answer to the same card (a double click, a retried request) is the
            // same action and gets the recorded outcome back.
            request.key = engine::idempotency_key{"web:" + std::to_string(session.value()) + ":" +
                                                  std::to_string(sequence)};
            request.now = now;
            request.then_next = true; // the page shows the feedback and the next card together
            auto outcome = b_.tutor.answer(request);
            *accepted = outcome.status == engine::answer_status::accepted;
            const auto lang = outcome.lang;
            switch (outcome.status) {
            case engine::answer_status::accepted:
            case engine::answer_status::replayed: {
                auto next = outcome.next ? std::move(*outcome.next) : b_.tutor.next_question(*learner, session, now);
                return http::responder::builder{[session, now, outcome = std::move(outcome), next = std::move(next)] {
                    const std::string& pack_key = outcome.pack.value();
                    json::object out{{"status", outcome.status == engine::answer_status::accepted ? "accepted" : "replayed"},
                                     {"session", session.value()},
                                     {"lang", std::string(engine::code(outcome.lang))}};
                    if (outcome.told) {
                        out["feedback"] = feedback_json(*outcome.told, outcome.lang, pack_key);
                    }
                    add_screen(out, next, pack_key, now);
                    return json_response(200, out);
                }};
            }
            case engine::answer_status::stale:
                return http::responder::ready(refusal(409, "stale", engine::message::answer_stale, lang, request_id));
            case engine::answer_status::invalid_choice:
                return http::responder::ready(refusal(400, "invalid_choice", engine::message::answer_invalid_choice, lang, request_id));
            case engine::answer_status::ended:
                return http::responder::ready(refusal(409, "ended", engine::message::answer_ended, lang, request_id));
            case engine::answer_status::no_session:
                break;
            }
            return http::responder::ready(refusal(404, "no_session", engine::message::answer_no_session, lang, request_id));
        }, [this, accepted] {
            if (*accepted) {
                b_.metrics.answer_recorded(answer_source::web);
            }
        });
    }

    void stats(const http::request& req, const http::responder& reply) const
    {
        const auto learner_token = learner_token_from(query_value(req, "learner"));
        const auto lang = language_from(query_value(req, "lang"));
        const auto* content = pack_or_default(query_value(req, "pack"));
        if (content == nullptr) {
            throw bad_request{404, "unknown pack"};
        }
        const std::string pack_key = content->key.value();
        const auto* title_text = content->title.best(lang.value_or(language::en));
        const std::string pack_title = title_text != nullptr ? *title_text : pack_key;
        const auto now = b_.clock();
        const std::string request_id = req.request_id;
        on_writer(req, reply, [this, learner_token, lang, pack_key, pack_title, now, request_id] {
            const auto learner = b_.identities.find_learner({"web", learner_token});
            if (!learner) {
                return http::responder::ready(http::error_response(404, "unknown learner", request_id));
            }
            auto stats = b_.tutor.stats(*learner, engine::pack_key{pack_key}, now, lang);
            if (!stats) {
                return http::responder::ready(http::error_response(404, "unknown pack", request_id));
            }
            return http::responder::builder{[stats = std::move(*stats), pack_title, pack_key, lang, now] {
                auto out = stats_json(stats, pack_title, lang.value_or(language::en), now);
                out["pack"] = pack_key;
                return json_response(200, out);
            }};
        });
    }

    http::response packs(const http::request& req) const
    {
        const auto lang = language_from(query_value(req, "lang")).value_or(language::en);
        json::array list;
        for (const auto& key : b_.packs) {
            if (const auto* content = pack(key.value())) {
                list.push_back(pack_json(*content, lang));
            }
        }
        return json_response(200, json::object{{"packs", std::move(list)}});
    }

private:
    static void add_screen(json::object& out, const engine::session_outcome& outcome, const std::string& pack_key,
                           engine::instant now)
    {
        if (outcome.card) {
            out["card"] = card_json(*outcome.card, pack_key);
        } else {
            out["card"] = nullptr;
        }
        if (outcome.summary) {
            out["summary"] = summary_json(*outcome.summary, outcome.lang, now);
        } else {
            out["summary"] = nullptr;
        }
    }

    static http::response refusal(unsigned status, const char* code, engine::message m, language lang,
                                  const std::string& request_id)
    {
        return json_response(status, json::object{{"status", code},
                                                  {"error", engine::format_message(m, lang, {})},
                                                  {"request_id", request_id}});
    }

    const playground_backend& b_;
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

void add_playground_routes(http::router& routes, const playground_backend& backend)
{
    auto a = std::make_shared<api>(backend);
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
    routes.add_async(http::verb::get, "/api/play/packs", guarded(a, [](api& x, const http::request& req, const http::responder& reply) {
                         reply.send(x.packs(req));
                     }));
    routes.add_async(http::verb::post, "/api/play/session",
                     guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.start(req, reply); }));
    routes.add_async(http::verb::post, "/api/play/answer",
                     guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.answer(req, reply); }));
    routes.add_async(http::verb::get, "/api/play/stats",
                     guarded(a, [](api& x, const http::request& req, const http::responder& reply) { x.stats(req, reply); }));
    routes.add(http::verb::get, "/guide/{pack}", [a](const http::request& req) {
        const auto* content = a->pack(std::string(req.param("pack")));
        if (content == nullptr) {
            return http::error_response(404, "unknown pack", req.request_id);
        }
        return html_response(200, guide_index_page(*content, page_language(req)));
    });
    routes.add(http::verb::get, "/guide/{pack}/{section}", [a](const http::request& req) {
        const auto* content = a->pack(std::string(req.param("pack")));
        const auto* section =
            content != nullptr ? content->find(engine::section_key{std::string(req.param("section"))}) : nullptr;
        if (section == nullptr) {
            return http::error_response(404, "unknown guide section", req.request_id);
        }
        return html_response(200, guide_section_page(*content, *section, page_language(req)));
    });
}

} // namespace quiz::bot::web
