// SPDX-License-Identifier: MIT
#include "bot/discord/round_letters.hpp"

#include "bot/discord/reply_letters.hpp"
#include "bot/discord/round_flows.hpp"
#include "bot/discord/round_render.hpp"
#include "bot/discord/webhook.hpp"
#include "bot/outbound/client.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <spdlog/logger.h>

namespace quiz::bot::discord {

namespace json = boost::json;

round_letters::round_letters(outbound::client& client, spdlog::logger& log, round_letter_settings settings)
    : client_(client), log_(log), settings_(std::move(settings))
{
}

std::optional<tutoring::letter> round_letters::write(const tutoring::round_screen& shown, engine::instant now)
{
    if (shown.platform != "discord") {
        return std::nullopt;
    }
    if (!shown.message || shown.message->edit_token.empty()) {
        log_.warn("discord round edit skipped round={} revision={} reason=no_token", shown.round.value(),
                  shown.revision);
        return std::nullopt;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::seconds>(shown.message->token_at + settings_.token_lifetime - now);
    if (left <= std::chrono::seconds::zero()) {
        // Discord refuses tokens past their 15 minutes (401, code 50027). The message stays as it was; the next
        // click on it brings a fresh token, and the round's state with it.
        log_.warn("discord round edit skipped round={} revision={} reason=token_expired", shown.round.value(),
                  shown.revision);
        fell_behind(shown.round, true);
        return std::nullopt;
    }
    const std::string application = application_id();
    if (application.empty()) {
        log_.warn("discord round edit skipped round={} revision={} reason=no_application_id", shown.round.value(),
                  shown.revision);
        return std::nullopt;
    }
    const std::string public_url = settings_.public_url != nullptr ? *settings_.public_url : std::string{};
    const json::object payload{
        {"round", shown.round.value()},
        {"revision", shown.revision},
        {"application", application},
        {"token", shown.message->edit_token},
        {"body", round_message(shown, {public_url})},
    };
    return tutoring::letter{std::string(round_edit_kind), "discord:round:" + std::to_string(shown.round.value()),
                            json::serialize(payload), left};
}

std::optional<tutoring::letter> round_letters::write_note(const tutoring::round_note& note, engine::instant now)
{
    if (note.looking) {
        return std::nullopt; // Discord has no button to look: a look is the server's own, bringing a message up to date
    }
    const std::string public_url = settings_.public_url != nullptr ? *settings_.public_url : std::string{};
    auto body = note.revealed ? judged_note(note.said, *note.revealed, {public_url})
                              : private_note(note.said, {public_url});
    if (!body) {
        return std::nullopt;
    }
    // A minute's margin, as a deferred reply's: a follow-up started at the last second would be refused.
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(note.token_at + settings_.token_lifetime -
                                                                       std::chrono::minutes{1} - now);
    if (left <= std::chrono::seconds::zero()) {
        log_.warn("discord round note skipped round={} reason=token_expired", note.round.value());
        return std::nullopt;
    }
    const std::string application = application_id();
    if (application.empty()) {
        log_.warn("discord round note skipped round={} reason=no_application_id", note.round.value());
        return std::nullopt;
    }
    const json::object payload{
        {"application", application},
        {"token", note.token},
        {"edit", false},
        {"body", std::move(*body)},
    };
    return tutoring::letter{std::string(deferred_reply_kind), "discord:round-note:" + note.about,
                            json::serialize(payload), left};
}

void round_letters::send(const std::string& payload, std::function<void(tutoring::delivery)> done)
{
    boost::system::error_code ec;
    auto value = json::parse(payload, ec);
    const auto* o = value.if_object();
    const auto* round = o != nullptr ? o->if_contains("round") : nullptr;
    const auto* application = o != nullptr ? o->if_contains("application") : nullptr;
    const auto* token = o != nullptr ? o->if_contains("token") : nullptr;
    const auto* body = o != nullptr ? o->if_contains("body") : nullptr;
    if (ec || round == nullptr || !round->is_int64() || application == nullptr || !application->is_string() ||
        token == nullptr || !token->is_string() || body == nullptr || !body->is_object()) {
        log_.error("discord round letter unreadable: dropped");
        done(tutoring::delivery::refused);
        return;
    }
    const engine::round_id id{round->as_int64()};
    const webhook_base base{settings_.api_base, std::string(application->as_string()),
                            settings_.public_url != nullptr ? *settings_.public_url : std::string{}};
    client_.send(edit_original(base, token->as_string(), body->as_object()),
                 [this, id, done = std::move(done)](outbound::result r) {
                     const auto d = delivery_of(r);
                     if (d == tutoring::delivery::sent) {
                         fell_behind(id, false);
                     } else if (d == tutoring::delivery::refused) {
                         // 401 with code 50027 is an expired token, 404 a deleted message: a click's fresh token
                         // tries again.
                         log_.warn("discord round edit refused round={} status={}", id.value(), r.resp.status);
                         fell_behind(id, true);
                     } else {
                         log_.warn("discord round edit failed round={} reason={}", id.value(),
                                   r.ok() ? "status " + std::to_string(r.resp.status) : r.message);
                     }
                     done(d);
                 });
}

std::string round_letters::application_id() const
{
    const std::lock_guard lock(mutex_);
    return settings_.application_id;
}

bool round_letters::behind(engine::round_id round) const
{
    const std::lock_guard lock(mutex_);
    return behind_.contains(round);
}

void round_letters::learn_application(std::string_view id)
{
    const std::lock_guard lock(mutex_);
    if (settings_.application_id.empty()) {
        settings_.application_id = std::string(id);
    }
}

void round_letters::fell_behind(engine::round_id round, bool behind)
{
    const std::lock_guard lock(mutex_);
    if (behind) {
        behind_.insert(round);
    } else {
        behind_.erase(round);
    }
}

} // namespace quiz::bot::discord
