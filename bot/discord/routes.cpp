// SPDX-License-Identifier: MIT
#include "bot/discord/routes.hpp"

#include "bot/discord/exchange.hpp"
#include "bot/discord/flows.hpp"
#include "bot/discord/reply_letters.hpp"
#include "bot/discord/report_flows.hpp"
#include "bot/discord/round_endpoint.hpp"
#include "bot/discord/signature.hpp"
#include "bot/http/router.hpp"
#include "bot/tutoring/admission.hpp"
#include "bot/tutoring/rounds.hpp"
#include "bot/tutoring/service.hpp"

#include <boost/json/serialize.hpp>

#include <memory>
#include <stdexcept>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

tutoring::outbox_sender& letters_of(const endpoint_backend& b)
{
    if (b.letters == nullptr) {
        throw std::invalid_argument("the Discord endpoint needs the outbox's sender for rounds' edits");
    }
    return *b.letters;
}

class endpoint : public std::enable_shared_from_this<endpoint> {
public:
    explicit endpoint(endpoint_backend b)
        : b_(std::move(b)),
          verifier_(b_.settings.public_key), parts_{b_.context,           b_.outbound,   b_.log,
                                                    b_.settings.api_base, b_.public_url, b_.settings.defer_after},
          rounds_(std::make_shared<round_endpoint>(
              round_endpoint_parts{b_.rounds, parts_, b_.clock, b_.settings.application_id, letters_of(b_)}))
    {
        b_.letters->add_sender(std::string(deferred_reply_kind),
                               deferred_reply_sender(b_.outbound, b_.log, b_.settings.api_base, b_.public_url));
    }

    void serve(const http::request& req, const http::responder& reply) const
    {
        // Nothing is parsed before the signature holds: Discord probes with bad ones and drops endpoints that
        // accept them.
        const auto signature = req.fields.find("X-Signature-Ed25519");
        const auto timestamp = req.fields.find("X-Signature-Timestamp");
        if (!signature || !timestamp || !verifier_.verify(*signature, *timestamp, req.body)) {
            reply.send(http::error_response(401, "invalid request signature", req.request_id));
            return;
        }
        auto parsed = parse_interaction(req.body);
        if (!parsed) {
            reply.send(http::error_response(parsed.error(), req.request_id));
            return;
        }
        auto& in = *parsed;
        switch (in.type) {
        case interaction_type::ping:
            reply.send(json_answer(pong_body()));
            return;
        case interaction_type::autocomplete: // no option asks for completions
            reply.send(json_answer(json::object{{"type", 8}, {"data", json::object{{"choices", json::array{}}}}}));
            return;
        case interaction_type::modal_submit: // quizbot opens no modal
            reply.send(http::error_response(400, "quizbot opens no modal", req.request_id));
            return;
        case interaction_type::application_command:
        case interaction_type::message_component:
            break;
        }
        if (b_.admission != nullptr && !b_.admission->admit("discord")) {
            reply.send(json_answer(callback_body(busy_reply(in))));
            return;
        }
        rounds_->learn_application(in.application_id);
        if (is_group_command(in)) {
            rounds_->command(std::move(in), reply);
            return;
        }
        if (is_report_command(in) && b_.reports != nullptr) {
            report(std::move(in), reply);
            return;
        }
        if (auto clicked = round_click_of(in)) {
            rounds_->click(std::move(in), std::move(*clicked), reply);
            return;
        }
        learner_action(std::move(in), reply);
    }

private:
    /// A learner's own session: a command or a click, answered in time or deferred.
    void learner_action(interaction in, const http::responder& reply) const
    {
        auto request = request_of(in);
        if (!request) {
            reply.send(json_answer(callback_body(stale_button_reply(in))));
            return;
        }
        const bool ephemeral = private_reply(in);
        auto links = tutoring::link_base{*b_.public_url};
        const interaction seen = in;
        answer_interaction(parts_, std::move(in), reply, ephemeral,
                           [&tutoring = b_.tutoring, request = std::move(*request), seen,
                            links](std::function<void(const discord::reply&)> done, deferral_check deferred) mutable {
                               // A reply that follows a deferred response is written with the action (docs/reliability.md).
                               tutoring::letter_writer post =
                                   [seen, links, deferred = std::move(deferred)](
                                       const tutoring::screen& shown) -> std::optional<tutoring::letter> {
                                   if (!deferred()) {
                                       return std::nullopt;
                                   }
                                   return deferred_reply_letter(seen, reply_to(seen, shown, links));
                               };
                               return tutoring.perform(
                                   std::move(request),
                                   [seen, links, done = std::move(done)](tutoring::screen shown) {
                                       done(reply_to(seen, shown, links));
                                   },
                                   std::move(post));
                           });
    }

    /// An instructor's summary of their server, always private: in time, or deferred like any reply.
    void report(interaction in, const http::responder& reply) const
    {
        auto request = report_request_of(in, b_.settings.instructor_roles);
        answer_interaction(
            parts_, std::move(in), reply, true,
            [&reports = *b_.reports, request = std::move(request)](std::function<void(const discord::reply&)> done,
                                                                   deferral_check) mutable {
                reports.perform(std::move(request),
                                [done = std::move(done)](tutoring::report_screen shown) { done(report_reply(shown)); });
                return true;
            });
    }

    endpoint_backend b_;
    signature_verifier verifier_;
    exchange_parts parts_;
    std::shared_ptr<round_endpoint> rounds_;
};

} // namespace

void add_discord_routes(http::router& routes, endpoint_backend backend)
{
    auto e = std::make_shared<endpoint>(std::move(backend));
    routes.add_async(http::verb::post, "/discord/interactions",
                     [e](http::request req, http::responder reply) { e->serve(req, reply); });
}

} // namespace quiz::bot::discord
