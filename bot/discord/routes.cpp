// SPDX-License-Identifier: MIT
#include "bot/discord/routes.hpp"

#include "bot/discord/flows.hpp"
#include "bot/discord/signature.hpp"
#include "bot/discord/user_agent.hpp"
#include "bot/http/router.hpp"
#include "bot/outbound/client.hpp"
#include "bot/tutoring/service.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

#include <memory>
#include <mutex>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;
namespace net = boost::asio;

http::response json_answer(const json::object& body)
{
    auto r = http::response::json(200, json::serialize(body));
    r.fields.set("Cache-Control", "no-store");
    return r;
}

class endpoint;

/// One interaction being answered: either its reply is ready in time and goes back in the HTTP response, or the
/// deadline passes first, the response defers, and the reply goes out later as an edit or a follow-up. Whichever
/// happens first wins, under the mutex.
class exchange : public std::enable_shared_from_this<exchange> {
public:
    exchange(std::shared_ptr<const endpoint> owner, interaction in, http::responder reply, bool ephemeral)
        : owner_(std::move(owner)), in_(std::move(in)), reply_(std::move(reply)), ephemeral_(ephemeral)
    {
    }

    void start();

private:
    enum class phase { working, answered, deferred };

    void on_deadline();
    void on_done(const discord::reply& result);
    void follow_up(const discord::reply& result);

    std::shared_ptr<const endpoint> owner_;
    interaction in_;
    http::responder reply_;
    bool ephemeral_;
    std::mutex mutex_;
    phase phase_ = phase::working;
    std::shared_ptr<net::steady_timer> timer_;
};

class endpoint : public std::enable_shared_from_this<endpoint> {
public:
    explicit endpoint(endpoint_backend b) : b_(std::move(b)), verifier_(b_.settings.public_key) {}

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
        if (!parsed.value) {
            reply.send(http::error_response(400, "not an interaction: " + parsed.error, req.request_id));
            return;
        }
        auto& in = *parsed.value;
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
        const bool ephemeral = private_reply(in);
        std::make_shared<exchange>(shared_from_this(), std::move(in), reply, ephemeral)->start();
    }

    const endpoint_backend& backend() const noexcept { return b_; }
    [[nodiscard]] link_base links() const { return {*b_.public_url}; }

private:
    endpoint_backend b_;
    signature_verifier verifier_;
};

void exchange::start()
{
    const auto& b = owner_->backend();
    auto request = request_of(in_);
    if (!request) {
        reply_.send(json_answer(callback_body(stale_button_reply(in_))));
        return;
    }
    timer_ = std::make_shared<net::steady_timer>(b.context, b.settings.defer_after);
    timer_->async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) {
            self->on_deadline();
        }
    });
    const bool queued = b.tutoring.perform(std::move(*request), [self = shared_from_this()](tutoring::screen shown) {
        self->on_done(reply_to(self->in_, shown, self->owner_->links()));
    });
    if (!queued) { // shutting down
        net::post(b.context, [timer = timer_] { timer->cancel(); });
        reply_.send(http::error_response(503, "the server is stopping", {}));
    }
}

void exchange::on_deadline()
{
    const std::lock_guard lock(mutex_);
    if (phase_ != phase::working) {
        return;
    }
    phase_ = phase::deferred;
    reply_.send(json_answer(deferred_body(in_.type == interaction_type::message_component, ephemeral_)));
}

void exchange::on_done(const discord::reply& result)
{
    {
        const std::lock_guard lock(mutex_);
        if (phase_ == phase::working) {
            phase_ = phase::answered;
            reply_.send(json_answer(callback_body(result)));
            // Timers are not thread-safe: cancel on the timer's own context.
            net::post(owner_->backend().context, [timer = timer_] { timer->cancel(); });
            return;
        }
    }
    follow_up(result);
}

void exchange::follow_up(const discord::reply& result)
{
    const auto& b = owner_->backend();
    const std::string webhook = b.settings.api_base + "/webhooks/" + in_.application_id + "/" + in_.token;
    outbound::request req;
    req.fields.set("Content-Type", "application/json");
    req.fields.set("User-Agent", user_agent(*b.public_url));
    json::object data = result.data;
    // After a "thinking…" (commands) the reply replaces it; after a silent acknowledgement (clicks), an update
    // edits the clicked message and a new message is a follow-up of its own.
    const bool edit = in_.type == interaction_type::application_command || result.kind == reply_kind::update_message;
    if (edit) {
        req.method = http::verb::patch;
        req.url = webhook + "/messages/@original";
        req.label = "discord.edit_original";
        req.rate_limit_key = "PATCH /webhooks/{application}/{token}/messages/@original";
    } else {
        req.method = http::verb::post;
        req.url = webhook;
        req.label = "discord.follow_up";
        req.rate_limit_key = "POST /webhooks/{application}/{token}";
        if (result.ephemeral) {
            data["flags"] = 64;
        }
    }
    req.body = json::serialize(data);
    std::string label = req.label;
    b.outbound.send(std::move(req), [owner = owner_, label = std::move(label)](outbound::result r) {
        auto& log = owner->backend().log;
        if (!r.ok()) {
            log.warn("discord follow-up failed call={} reason={}", label, r.message);
        } else if (r.resp.status >= 300) {
            log.warn("discord follow-up refused call={} status={}", label, r.resp.status);
        }
    });
}

} // namespace

void add_discord_routes(http::router& routes, endpoint_backend backend)
{
    auto e = std::make_shared<endpoint>(std::move(backend));
    routes.add_async(http::verb::post, "/discord/interactions",
                     [e](http::request req, http::responder reply) { e->serve(req, reply); });
}

} // namespace quiz::bot::discord
