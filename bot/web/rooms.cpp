// SPDX-License-Identifier: MIT
#include "bot/web/rooms.hpp"

#include "bot/http/router.hpp"
#include "bot/overloaded.hpp"
#include "bot/tutoring/admission.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/play_json.hpp"
#include "bot/web/request_fields.hpp"
#include "bot/web/retry_later.hpp"
#include "bot/web/room_hub.hpp"

#include <boost/json/serialize.hpp>

#include <charconv>
#include <memory>
#include <string>

namespace quiz::bot::web {

namespace {

namespace json = boost::json;
using engine::language;

/// Unambiguous letters and digits (no 0/O, 1/I/L): read aloud or typed from a screen share.
constexpr std::string_view code_alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Six letters of the alphabet from one draw (31^6 < 2^30: the draw's low bits suffice, nearly uniform).
std::string room_code(std::uint64_t draw)
{
    std::string code;
    for (int i = 0; i < 6; ++i) {
        code.push_back(code_alphabet[draw % code_alphabet.size()]);
        draw /= code_alphabet.size();
    }
    return code;
}

/// A notice of the rounds, as an HTTP refusal the page shows as is.
http::response notice_response(const tutoring::notice_screen& n, const std::string& request_id)
{
    using kind = tutoring::notice_kind;
    unsigned status = 409;
    switch (n.kind) {
    case kind::round_options:
    case kind::invalid_choice:
        status = 400;
        break;
    case kind::not_host:
        status = 403;
        break;
    case kind::round_unknown:
    case kind::unknown_pack:
    case kind::unknown_learner:
        status = 404;
        break;
    case kind::failed:
        status = 503; // nothing was recorded (a full disk, an I/O error): a retry may succeed
        break;
    default:
        break;
    }
    auto r =
        http::uncached_json(status, json::object{{"status", "refused"}, {"error", n.text}, {"request_id", request_id}});
    if (status == 503) {
        r.fields.set("Retry-After", "1");
    }
    return r;
}

tutoring::actor web_member(std::string token, std::string name, std::optional<language> lang, bool known_only)
{
    tutoring::actor who;
    who.identity = {"web", std::move(token)};
    who.display_name = std::move(name);
    who.platform_lang = lang;
    who.known_only = known_only;
    return who;
}

std::string name_from(body_fields& body)
{
    auto name = body.text("name").value_or("");
    if (name.empty() || name.size() > 40) {
        body.refuse({400, "\"name\" must be 1 to 40 bytes: the name the others see"});
    }
    return name;
}

/// The round in the path; refused as "no such room" when it names none.
http::parsed<engine::round_id> round_from(const http::request& req)
{
    const auto text = req.param("round");
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) {
        return http::refusal{404, "no such room"};
    }
    return engine::round_id{id};
}

class room_api {
public:
    room_api(tutoring::rounds& rounds, room_hub& hub, learner_gate& gate, const tutoring::admission& admission,
             std::function<std::uint64_t()> draws)
        : rounds_(rounds), hub_(hub), gate_(gate), admission_(admission), draws_(std::move(draws))
    {
    }

    /// Runs the action and answers with `render(reply)`; every change also goes to the room's pages.
    template <class Render>
    void perform(const http::request& req, const http::responder& reply, tutoring::round_request action,
                 Render render) const
    {
        if (!admission_.admit("web")) {
            reply.send(retry_later(busy_reason, req.request_id));
            return;
        }
        const bool queued =
            rounds_.perform(std::move(action), [this, reply, render, id = req.request_id](tutoring::round_reply r) {
                if (r.shared) {
                    hub_.publish(*r.shared);
                }
                if (const auto* n = std::get_if<tutoring::notice_screen>(&r.mine)) {
                    reply.send(notice_response(*n, id));
                    return;
                }
                reply.send(render(r));
            });
        if (!queued) {
            reply.send(http::error_response(503, "the server is stopping", req.request_id));
        }
    }

    std::optional<http::refusal> create(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        std::optional<std::string> token;
        const auto learner = gate_.known_or_new(body, token, req);
        if (!learner) {
            return learner.error();
        }
        tutoring::open_round open;
        open.where = {{"web", "playground"}, "Playground", room_code(draws_())};
        open.pack = body.text("pack");
        if (body.has("questions")) {
            open.questions = static_cast<int>(body.integer("questions", 1, 1000));
        }
        if (body.has("seconds")) {
            open.seconds = static_cast<int>(body.integer("seconds", 1, 100000));
        }
        const auto lang = body.lang();
        auto name = name_from(body);
        if (body.refused()) {
            return body.refused();
        }
        perform(req, reply, {web_member(*learner, std::move(name), lang, false), open, std::nullopt, std::nullopt},
                [token = *token](const tutoring::round_reply& r) {
                    if (!r.shared) {
                        return http::error_response(500, "no round", {});
                    }
                    return http::uncached_json(200, json::object{{"learner", token},
                                                                 {"round", r.shared->round.value()},
                                                                 {"room", r.shared->channel},
                                                                 {"host", true},
                                                                 {"screen", round_json(*r.shared)}});
                });
        return std::nullopt;
    }

    /// Entering the room (first visit, or again after a restart) joins the round: the round as it stands and, once
    /// a question is revealed, how the member's answer is judged.
    std::optional<http::refusal> look(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        std::optional<std::string> token;
        const auto learner = gate_.known_or_new(body, token, req);
        if (!learner) {
            return learner.error();
        }
        auto room = room_from(body);
        if (body.refused()) {
            return body.refused();
        }
        const auto round = round_from(req);
        if (!round) {
            return round.error();
        }
        const auto lang = body.lang();
        auto name = name_from(body);
        if (body.refused()) {
            return body.refused();
        }
        perform(req, reply,
                {web_member(*learner, std::move(name), lang, false), tutoring::join_round{*round}, std::nullopt,
                 std::nullopt},
                [token = *token, room](const tutoring::round_reply& r) {
                    if (!r.shared || r.shared->channel != room) {
                        return http::error_response(404, "no such room", {});
                    }
                    json::object out{{"learner", token},
                                     {"round", r.shared->round.value()},
                                     {"room", room},
                                     {"screen", round_json(*r.shared)},
                                     {"mine", nullptr}};
                    if (const auto* judged = std::get_if<tutoring::judged_screen>(&r.mine)) {
                        out["mine"] = judged_json(*judged);
                    }
                    return http::uncached_json(200, out);
                });
        return std::nullopt;
    }

    std::optional<http::refusal> wait(const http::request& req, const http::responder& reply) const
    {
        const auto round = round_from(req);
        if (!round) {
            return round.error();
        }
        const auto room = query_value(req, "room");
        if (!room) {
            return room.error();
        }
        const auto known = hub_.room_of(*round);
        if (known && *known != room->value_or("")) {
            return http::refusal{404, "no such room"};
        }
        const auto after_text = query_value(req, "after");
        if (!after_text) {
            return after_text.error();
        }
        std::uint64_t after = 0;
        if (const auto& text = *after_text) {
            const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), after);
            if (ec != std::errc{} || end != text->data() + text->size()) {
                return http::refusal{400, "\"after\" must be a revision number"};
            }
        }
        if (!known || !hub_.wait(*round, after, reply)) {
            reply.send(
                http::uncached_json(409, json::object{{"status", "join_first"}, {"request_id", req.request_id}}));
        }
        return std::nullopt;
    }

    std::optional<http::refusal> answer(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        const auto round = checked_round(req, body);
        if (!round) {
            return round.error();
        }
        tutoring::answer_round a;
        a.round = *round;
        a.sequence = static_cast<std::uint32_t>(body.integer("sequence", 1, UINT32_MAX));
        a.choice = static_cast<std::uint32_t>(body.integer("choice", 0, 25));
        auto who = member_from(body);
        if (!who) {
            return who.error();
        }
        perform(req, reply, {std::move(*who), a, std::nullopt, std::nullopt}, [](const tutoring::round_reply& r) {
            const auto* in = std::get_if<tutoring::answer_in_screen>(&r.mine);
            if (in == nullptr) {
                return http::error_response(500, "unexpected reply", {});
            }
            return http::uncached_json(200, json::object{{"status", r.answer_recorded ? "in" : "kept"},
                                                         {"position", in->position},
                                                         {"message", in->text}});
        });
        return std::nullopt;
    }

    /// The host's reveal, next and end (Action) of the path's round.
    template <class Action>
    std::optional<http::refusal> host(const http::request& req, const http::responder& reply) const
    {
        if (const auto named = round_from(req); !named) {
            return named.error(); // a path that names no round is no room, whatever the body
        }
        body_fields body(req);
        auto member = member_request(req, body);
        if (!member) {
            return member.error();
        }
        perform(req, reply, {std::move(member->who), Action{member->round}, std::nullopt, std::nullopt},
                [](const tutoring::round_reply& r) {
                    return http::uncached_json(
                        200,
                        json::object{{"screen", r.shared ? json::value(round_json(*r.shared)) : json::value(nullptr)}});
                });
        return std::nullopt;
    }

    std::optional<http::refusal> review(const http::request& req, const http::responder& reply) const
    {
        body_fields body(req);
        auto member = member_request(req, body);
        if (!member) {
            return member.error();
        }
        perform(req, reply,
                {std::move(member->who), tutoring::review_misses{member->round}, std::nullopt, std::nullopt},
                [](const tutoring::round_reply& r) {
                    const auto* card = std::get_if<tutoring::card_screen>(&r.mine);
                    if (card == nullptr) {
                        return http::error_response(500, "unexpected reply", {});
                    }
                    return http::uncached_json(200, json::object{{"session", card->session.value()},
                                                                 {"lang", std::string(engine::code(r.lang))},
                                                                 {"card", card_json(*card)},
                                                                 {"summary", nullptr}});
                });
        return std::nullopt;
    }

private:
    static std::string room_from(body_fields& body)
    {
        auto room = body.text("room").value_or("");
        if (room.empty() || room.size() > 16) {
            body.refuse({400, "\"room\" must be the room's code"});
        }
        return room;
    }

    /// The round of the path, checked against the room code the page holds (the code is what the link shares).
    http::parsed<engine::round_id> checked_round(const http::request& req, body_fields& body) const
    {
        if (body.refused()) {
            return *body.refused();
        }
        const auto round = round_from(req);
        if (!round) {
            return round;
        }
        const auto known = hub_.room_of(*round);
        if (!known) {
            return http::refusal{409, "join_first"};
        }
        const auto room = room_from(body);
        if (body.refused()) {
            return *body.refused();
        }
        if (*known != room) {
            return http::refusal{404, "no such room"};
        }
        return round;
    }

    /// Who acts on which round: a member's request about the round of the path.
    struct member_action {
        engine::round_id round;
        tutoring::actor who;
    };

    /// The path's round, checked against the body's room code, and the member acting on it.
    http::parsed<member_action> member_request(const http::request& req, body_fields& body) const
    {
        const auto round = checked_round(req, body);
        if (!round) {
            return round.error();
        }
        auto who = member_from(body);
        if (!who) {
            return who.error();
        }
        return member_action{*round, std::move(*who)};
    }

    /// The member acting, once every member of the body read so far was accepted.
    http::parsed<tutoring::actor> member_from(body_fields& body) const
    {
        const auto learner = gate_.known(body);
        if (!learner) {
            return learner.error();
        }
        const auto lang = body.lang();
        if (body.refused()) {
            return *body.refused();
        }
        return web_member(*learner, {}, lang, true);
    }

    tutoring::rounds& rounds_;
    room_hub& hub_;
    learner_gate& gate_;
    const tutoring::admission& admission_;
    std::function<std::uint64_t()> draws_; ///< the root's random draws, one per new room code
};

/// A handler of the API: it answers, or says why the request is refused (answered here).
template <class Handler>
http::async_handler answering(std::shared_ptr<room_api> a, Handler h)
{
    return [a, h](http::request req, http::responder reply) {
        if (const auto refused = h(*a, req, reply)) {
            reply.send(http::error_response(*refused, req.request_id));
        }
    };
}

} // namespace

void add_room_routes(http::router& routes, tutoring::rounds& rounds, room_hub& hub, learner_gate& gate,
                     const tutoring::admission& admission, std::function<std::uint64_t()> draws)
{
    auto a = std::make_shared<room_api>(rounds, hub, gate, admission, std::move(draws));
    using x = room_api;
    using http::verb;
    routes.add_async(
        verb::post, "/api/rooms",
        answering(a, [](x& api, const http::request& req, const http::responder& r) { return api.create(req, r); }));
    routes.add_async(
        verb::post, "/api/rooms/{round}/look",
        answering(a, [](x& api, const http::request& req, const http::responder& r) { return api.look(req, r); }));
    routes.add_async(
        verb::get, "/api/rooms/{round}/wait",
        answering(a, [](x& api, const http::request& req, const http::responder& r) { return api.wait(req, r); }));
    routes.add_async(
        verb::post, "/api/rooms/{round}/answer",
        answering(a, [](x& api, const http::request& req, const http::responder& r) { return api.answer(req, r); }));
    routes.add_async(verb::post, "/api/rooms/{round}/reveal",
                     answering(a, [](x& api, const http::request& req, const http::responder& r) {
                         return api.host<tutoring::reveal_round>(req, r);
                     }));
    routes.add_async(verb::post, "/api/rooms/{round}/next",
                     answering(a, [](x& api, const http::request& req, const http::responder& r) {
                         return api.host<tutoring::next_round_question>(req, r);
                     }));
    routes.add_async(verb::post, "/api/rooms/{round}/end",
                     answering(a, [](x& api, const http::request& req, const http::responder& r) {
                         return api.host<tutoring::end_round>(req, r);
                     }));
    routes.add_async(
        verb::post, "/api/rooms/{round}/review",
        answering(a, [](x& api, const http::request& req, const http::responder& r) { return api.review(req, r); }));
}

} // namespace quiz::bot::web
