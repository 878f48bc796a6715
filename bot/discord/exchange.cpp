// SPDX-License-Identifier: MIT
#include "bot/discord/exchange.hpp"

#include "bot/discord/reply_letters.hpp"
#include "bot/outbound/client.hpp"

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

/// One interaction being answered: either its reply is ready in time and goes back in the HTTP response, or the
/// deadline passes first, the response defers, and the reply goes out later as an edit or a follow-up. Whichever
/// happens first wins, under the mutex.
class exchange : public std::enable_shared_from_this<exchange> {
public:
    exchange(const exchange_parts& parts, interaction in, http::responder reply, bool ephemeral)
        : parts_(parts), in_(std::move(in)), reply_(std::move(reply)), ephemeral_(ephemeral)
    {
    }

    void start(const reply_work& work);

    /// deferral_check: whether the response deferred; if not, it will carry the reply.
    bool deferred_for_good();

private:
    // working: neither yet; answering: the reply will be the response (the deadline defers no more); answered: it
    // was; deferred: the response deferred, the reply follows from memory; written: the reply is a letter.
    enum class phase { working, answering, answered, deferred, written };

    void on_deadline();
    void on_done(const discord::reply& result);
    void follow_up(const discord::reply& result);

    exchange_parts parts_;
    interaction in_;
    http::responder reply_;
    bool ephemeral_;
    std::mutex mutex_;
    phase phase_ = phase::working;
    std::shared_ptr<net::steady_timer> timer_;
};

void exchange::start(const reply_work& work)
{
    timer_ = std::make_shared<net::steady_timer>(parts_.context, parts_.defer_after);
    timer_->async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) {
            self->on_deadline();
        }
    });
    const bool queued = work([self = shared_from_this()](const discord::reply& result) { self->on_done(result); },
                             [self = shared_from_this()] { return self->deferred_for_good(); });
    if (!queued) { // shutting down
        net::post(parts_.context, [timer = timer_] { timer->cancel(); });
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

bool exchange::deferred_for_good()
{
    const std::lock_guard lock(mutex_);
    if (phase_ == phase::working) {
        phase_ = phase::answering;
    } else if (phase_ == phase::deferred) {
        phase_ = phase::written;
    }
    return phase_ == phase::written;
}

void exchange::on_done(const discord::reply& result)
{
    {
        const std::lock_guard lock(mutex_);
        if (phase_ == phase::written) {
            return; // its letter, in the outbox, is the reply
        }
        if (phase_ == phase::working || phase_ == phase::answering) {
            phase_ = phase::answered;
            reply_.send(json_answer(callback_body(result)));
            // Timers are not thread-safe: cancel on the timer's own context.
            net::post(parts_.context, [timer = timer_] { timer->cancel(); });
            return;
        }
    }
    follow_up(result);
}

void exchange::follow_up(const discord::reply& result)
{
    const webhook_base base{parts_.api_base, in_.application_id, *parts_.public_url};
    const auto call = deferred_reply(in_, result);
    auto req = call.edit ? edit_original(base, in_.token, call.body) : discord::follow_up(base, in_.token, call.body);
    std::string label = req.label;
    parts_.outbound.send(std::move(req), [&log = parts_.log, label = std::move(label)](outbound::result r) {
        if (!r.ok()) {
            log.warn("discord follow-up failed call={} reason={}", label, r.message);
        } else if (r.resp.status >= 300) {
            log.warn("discord follow-up refused call={} status={}", label, r.resp.status);
        }
    });
}

} // namespace

http::response json_answer(const json::object& body) { return http::uncached_json(200, body); }

void answer_interaction(const exchange_parts& parts, interaction in, http::responder reply, bool ephemeral_deferral,
                        const reply_work& work)
{
    std::make_shared<exchange>(parts, std::move(in), std::move(reply), ephemeral_deferral)->start(work);
}

} // namespace quiz::bot::discord
