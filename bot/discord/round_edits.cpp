// SPDX-License-Identifier: MIT
#include "bot/discord/round_edits.hpp"

#include "bot/discord/round_render.hpp"

#include <spdlog/logger.h>

namespace quiz::bot::discord {

round_edits::round_edits(discord_transport send, std::function<engine::instant()> clock, spdlog::logger& log,
                         round_edit_settings settings)
    : send_(std::move(send)), clock_(std::move(clock)), log_(log), settings_(std::move(settings)),
      edits_(settings_.later, settings_.edit_spacing)
{
}

void round_edits::publish(const tutoring::round_screen& shown)
{
    if (shown.platform != "discord") {
        return;
    }
    if (!shown.message || shown.message->edit_token.empty()) {
        log_.warn("discord round edit skipped round={} revision={} reason=no_token", shown.round.value(),
                  shown.revision);
        return;
    }
    const auto& token = shown.message->edit_token;
    webhook_base base;
    std::uint64_t version = 0;
    {
        const std::lock_guard lock(mutex_);
        if (awaiting_response_.contains(token)) {
            return; // the command's own answer carries this message
        }
        auto& s = slots_[shown.round];
        if (shown.revision < s.newest ||
            (shown.revision == s.newest && (s.delivered >= shown.revision || s.sent_with == token))) {
            return; // shown already, or on its way
        }
        s.newest = shown.revision;
        const auto age = clock_() - shown.message->token_at;
        if (age >= settings_.token_lifetime) {
            // Discord refuses tokens past their 15 minutes (401, code 50027). The message stays as it was; the next
            // click on it brings a fresh token, and the round's state with it.
            log_.warn("discord round edit skipped round={} revision={} reason=token_expired token_age_s={}",
                      shown.round.value(), shown.revision,
                      std::chrono::duration_cast<std::chrono::seconds>(age).count());
            s.sent_with = token;
            s.stuck = true;
            return;
        }
        if (settings_.application_id.empty()) {
            log_.warn("discord round edit skipped round={} revision={} reason=no_application_id", shown.round.value(),
                      shown.revision);
            return;
        }
        s.sent_with = token;
        s.stuck = false;
        version = ++version_;
        base = {settings_.api_base, settings_.application_id,
                settings_.public_url != nullptr ? *settings_.public_url : std::string{}};
    }
    auto request = edit_original(base, token, round_message(shown, {base.public_url}));
    const auto round = shown.round;
    const auto revision = shown.revision;
    // The queued edit holds this object weakly: it lives in `edits_`, so a strong hold would be a cycle, and an edit
    // still queued when the server stops would keep everything alive.
    edits_.submit("discord:round:" + std::to_string(round.value()), version,
                  [weak = weak_from_this(), request = std::move(request), round,
                   revision](std::function<void(bool)> done) mutable {
                      const auto self = weak.lock();
                      if (!self) {
                          done(false);
                          return;
                      }
                      self->send_(std::move(request),
                                  [self, round, revision, done = std::move(done)](outbound::result r) {
                                      self->finished(round, revision, r);
                                      done(r.ok() && r.resp.status < 300);
                                  });
                  });
}

void round_edits::finished(engine::round_id round, std::uint64_t revision, const outbound::result& r)
{
    if (!r.ok()) {
        log_.warn("discord round edit failed round={} revision={} reason={}", round.value(), revision, r.message);
    } else if (r.resp.status >= 300) {
        // 401 with code 50027 is an expired token, 404 a message deleted: the next click's token tries again.
        log_.warn("discord round edit refused round={} revision={} status={}", round.value(), revision, r.resp.status);
    } else {
        const std::lock_guard lock(mutex_);
        auto& s = slots_[round];
        s.delivered = std::max(s.delivered, revision);
        return;
    }
    const std::lock_guard lock(mutex_);
    auto& s = slots_[round];
    if (s.newest == revision) {
        s.stuck = true; // the same version goes again with the next token a click brings
    }
}

void round_edits::expect_response(const std::string& token)
{
    const std::lock_guard lock(mutex_);
    awaiting_response_.insert(token);
}

void round_edits::responded(const std::string& token, const tutoring::round_screen* shown)
{
    const std::lock_guard lock(mutex_);
    awaiting_response_.erase(token);
    if (shown != nullptr) {
        auto& s = slots_[shown->round];
        s.newest = std::max(s.newest, shown->revision);
        s.delivered = std::max(s.delivered, shown->revision);
    }
}

bool round_edits::behind(engine::round_id round) const
{
    const std::lock_guard lock(mutex_);
    const auto it = slots_.find(round);
    return it != slots_.end() && it->second.stuck && it->second.delivered < it->second.newest;
}

void round_edits::learn_application(std::string_view id)
{
    const std::lock_guard lock(mutex_);
    if (settings_.application_id.empty()) {
        settings_.application_id = std::string(id);
    }
}

} // namespace quiz::bot::discord
