// SPDX-License-Identifier: MIT
#include "bot/web/rooms.hpp"

#include "bot/http/router.hpp"
#include "bot/overloaded.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/web/learner_gate.hpp"
#include "bot/web/play_json.hpp"
#include "bot/web/request_fields.hpp"
#include "bot/web/room_hub.hpp"

#include <boost/json/serialize.hpp>

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

http::response json_response(unsigned status, const json::object& body)
{
    auto r = http::response::json(status, json::serialize(body));
    r.fields.set("Cache-Control", "no-store");
    return r;
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
    auto r = json_response(status, json::object{{"status", "refused"}, {"error", n.text}, {"request_id", request_id}});
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

std::string name_from(const json::object& body)
{
    auto name = optional_string(body, "name").value_or("");
    if (name.empty() || name.size() > 40) {
        throw bad_request{400, "\"name\" must be 1 to 40 bytes: the name the others see"};
    }
    return name;
}

class room_api {
public:
    room_api(tutoring::rounds& rounds, room_hub& hub, learner_gate& gate, std::function<std::uint64_t()> draws)
        : rounds_(rounds), hub_(hub), gate_(gate), draws_(std::move(draws))
    {
    }

    /// Runs the action and answers with `render(reply)`; every change also goes to the room's pages.
    template <class Render>
    void perform(const http::request& req, const http::responder& reply, tutoring::round_request action,
                 Render render) const
    {
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

    void create(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        auto token = optional_string(body, "learner");
        const auto learner = gate_.known_or_new(token, req);
        tutoring::open_round open;
        open.where = {{"web", "playground"}, "Playground", room_code(draws_())};
        open.pack = optional_string(body, "pack");
        if (body.contains("questions")) {
            open.questions = static_cast<int>(required_integer(body, "questions", 1, 1000));
        }
        if (body.contains("seconds")) {
            open.seconds = static_cast<int>(required_integer(body, "seconds", 1, 100000));
        }
        const auto lang = language_from(optional_string(body, "lang"));
        perform(req, reply, {web_member(learner, name_from(body), lang, false), open, std::nullopt, std::nullopt},
                [token = *token](const tutoring::round_reply& r) {
                    if (!r.shared) {
                        return http::error_response(500, "no round", {});
                    }
                    return json_response(200, json::object{{"learner", token},
                                                           {"round", r.shared->round.value()},
                                                           {"room", r.shared->channel},
                                                           {"host", true},
                                                           {"screen", round_json(*r.shared)}});
                });
    }

    /// Entering the room (first visit, or again after a restart) joins the round: the round as it stands and, once
    /// a question is revealed, how the member's answer is judged.
    void look(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        auto token = optional_string(body, "learner");
        const auto learner = gate_.known_or_new(token, req);
        const auto room = room_from(body);
        const auto round = round_from(req);
        const auto lang = language_from(optional_string(body, "lang"));
        perform(req, reply,
                {web_member(learner, name_from(body), lang, false), tutoring::join_round{round}, std::nullopt,
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
                        out["mine"] = judged_json(*judged, r.lang);
                    }
                    return json_response(200, out);
                });
    }

    void wait(const http::request& req, const http::responder& reply) const
    {
        const auto round = round_from(req);
        const auto room = query_value(req, "room").value_or("");
        const auto known = hub_.room_of(round);
        if (known && *known != room) {
            reply.send(http::error_response(404, "no such room", req.request_id));
            return;
        }
        std::uint64_t after = 0;
        if (const auto text = query_value(req, "after")) {
            try {
                after = std::stoull(*text);
            } catch (const std::exception&) {
                throw bad_request{400, "\"after\" must be a revision number"};
            }
        }
        if (!known || !hub_.wait(round, after, reply)) {
            reply.send(json_response(409, json::object{{"status", "join_first"}, {"request_id", req.request_id}}));
        }
    }

    void answer(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        const auto round = checked_round(req, body);
        tutoring::answer_round a;
        a.round = round;
        a.sequence = static_cast<std::uint32_t>(required_integer(body, "sequence", 1, UINT32_MAX));
        a.choice = static_cast<std::uint32_t>(required_integer(body, "choice", 0, 25));
        perform(req, reply, {member_from(body), a, std::nullopt, std::nullopt}, [](const tutoring::round_reply& r) {
            const auto* in = std::get_if<tutoring::answer_in_screen>(&r.mine);
            if (in == nullptr) {
                return http::error_response(500, "unexpected reply", {});
            }
            return json_response(200, json::object{{"status", r.answer_recorded ? "in" : "kept"},
                                                   {"position", in->position},
                                                   {"message", in->text}});
        });
    }

    void host(const http::request& req, const http::responder& reply, const tutoring::round_action& what) const
    {
        const auto body = parse_object(req);
        (void)checked_round(req, body);
        perform(req, reply, {member_from(body), what, std::nullopt, std::nullopt}, [](const tutoring::round_reply& r) {
            return json_response(
                200, json::object{{"screen", r.shared ? json::value(round_json(*r.shared)) : json::value(nullptr)}});
        });
    }

    void review(const http::request& req, const http::responder& reply) const
    {
        const auto body = parse_object(req);
        const auto round = checked_round(req, body);
        perform(req, reply, {member_from(body), tutoring::review_misses{round}, std::nullopt, std::nullopt},
                [](const tutoring::round_reply& r) {
                    const auto* card = std::get_if<tutoring::card_screen>(&r.mine);
                    if (card == nullptr) {
                        return http::error_response(500, "unexpected reply", {});
                    }
                    return json_response(200, json::object{{"session", card->session.value()},
                                                           {"lang", std::string(engine::code(r.lang))},
                                                           {"card", card_json(*card)},
                                                           {"summary", nullptr}});
                });
    }

    [[nodiscard]] engine::round_id round_from(const http::request& req) const
    {
        try {
            const auto id = std::stoll(std::string(req.param("round")));
            if (id > 0) {
                return engine::round_id{id};
            }
        } catch (const std::exception&) {
        }
        throw bad_request{404, "no such room"};
    }

private:
    static std::string room_from(const json::object& body)
    {
        auto room = optional_string(body, "room").value_or("");
        if (room.empty() || room.size() > 16) {
            throw bad_request{400, "\"room\" must be the room's code"};
        }
        return room;
    }

    /// The round of the path, checked against the room code the page holds (the code is what the link shares).
    engine::round_id checked_round(const http::request& req, const json::object& body) const
    {
        const auto round = round_from(req);
        const auto known = hub_.room_of(round);
        if (!known) {
            throw bad_request{409, "join_first"};
        }
        if (*known != room_from(body)) {
            throw bad_request{404, "no such room"};
        }
        return round;
    }

    tutoring::actor member_from(const json::object& body) const
    {
        return web_member(gate_.known(optional_string(body, "learner")), {},
                          language_from(optional_string(body, "lang")), true);
    }

    tutoring::rounds& rounds_;
    room_hub& hub_;
    learner_gate& gate_;
    std::function<std::uint64_t()> draws_; ///< the root's random draws, one per new room code
};

template <class Handler>
http::async_handler guarded(std::shared_ptr<room_api> a, Handler h)
{
    return [a, h](http::request req, http::responder reply) {
        try {
            h(*a, req, reply);
        } catch (const bad_request& e) {
            reply.send(http::error_response(e.status, e.reason, req.request_id));
        }
    };
}

} // namespace

void add_room_routes(http::router& routes, tutoring::rounds& rounds, room_hub& hub, learner_gate& gate,
                     std::function<std::uint64_t()> draws)
{
    auto a = std::make_shared<room_api>(rounds, hub, gate, std::move(draws));
    using x = room_api;
    using http::verb;
    routes.add_async(
        verb::post, "/api/rooms",
        guarded(a, [](x& api, const http::request& req, const http::responder& r) { api.create(req, r); }));
    routes.add_async(verb::post, "/api/rooms/{round}/look",
                     guarded(a, [](x& api, const http::request& req, const http::responder& r) { api.look(req, r); }));
    routes.add_async(verb::get, "/api/rooms/{round}/wait",
                     guarded(a, [](x& api, const http::request& req, const http::responder& r) { api.wait(req, r); }));
    routes.add_async(
        verb::post, "/api/rooms/{round}/answer",
        guarded(a, [](x& api, const http::request& req, const http::responder& r) { api.answer(req, r); }));
    routes.add_async(verb::post, "/api/rooms/{round}/reveal",
                     guarded(a, [](x& api, const http::request& req, const http::responder& r) {
                         api.host(req, r, tutoring::reveal_round{api.round_from(req)});
                     }));
    routes.add_async(verb::post, "/api/rooms/{round}/next",
                     guarded(a, [](x& api, const http::request& req, const http::responder& r) {
                         api.host(req, r, tutoring::next_round_question{api.round_from(req)});
                     }));
    routes.add_async(verb::post, "/api/rooms/{round}/end",
                     guarded(a, [](x& api, const http::request& req, const http::responder& r) {
                         api.host(req, r, tutoring::end_round{api.round_from(req)});
                     }));
    routes.add_async(
        verb::post, "/api/rooms/{round}/review",
        guarded(a, [](x& api, const http::request& req, const http::responder& r) { api.review(req, r); }));
}

} // namespace quiz::bot::web
