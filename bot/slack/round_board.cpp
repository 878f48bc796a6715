// SPDX-License-Identifier: MIT
#include "bot/slack/round_board.hpp"

#include "bot/logging.hpp"
#include "bot/slack/web_api.hpp"

#include <spdlog/logger.h>

#include <algorithm>

namespace quiz::bot::slack {

namespace {

namespace json = boost::json;

/// A response_url is only used while comfortably inside its 30 minutes: Slack counts from when it sent the payload.
constexpr std::chrono::minutes lifetime_margin{1};
/// Response_urls remembered per round (the newest are the ones worth trying).
constexpr std::size_t urls_per_round = 4;
/// Rounds whose message is remembered; beyond, the oldest rounds are forgotten (their stored message remains).
constexpr std::size_t max_places = 10'000;
/// Versions of one revision tried again (each with a newer click's URL): the version number keeps 4 bits for it.
constexpr unsigned max_retries = 15;

std::string key_of(engine::round_id round) { return std::to_string(round.value()); }

std::string string_at(const std::optional<json::object>& body, std::string_view name)
{
    if (!body) {
        return {};
    }
    const auto* v = body->if_contains(name);
    return v != nullptr && v->is_string() ? std::string(v->as_string()) : std::string{};
}

} // namespace

round_board::round_board(web_api& api, spdlog::logger& log, std::function<engine::instant()> clock, render_fn render)
    : api_(api), log_(log), clock_(std::move(clock)), render_(std::move(render))
{
}

void round_board::post(const tutoring::round_screen& shown, const std::string& channel, const std::string& response_url,
                       posted_fn posted)
{
    {
        const std::lock_guard lock(mutex_);
        if (places_.size() >= max_places) {
            places_.erase(places_.begin());
        }
        auto& p = places_[shown.round];
        p.channel = channel;
        p.revision = shown.revision;
        p.retry = 0;
        p.failed = false;
    }
    // Queued edits hold this object weakly: they live in `edits_`, so a strong hold would be a cycle that an edit
    // still queued at shutdown would keep alive.
    edits_.submit(key_of(shown.round), shown.revision * (max_retries + 1),
                  [weak = weak_from_this(), shown, channel, response_url,
                   posted = std::move(posted)](std::function<void(bool)> done) {
                      const auto self = weak.lock();
                      if (!self) {
                          done(false);
                          return;
                      }
                      auto message = self->render_(shown);
                      if (!self->api_.has_token()) {
                          self->post_through_url(shown, response_url, std::move(message), posted, done);
                          return;
                      }
                      self->api_.post_message(
                          channel, message,
                          [self, shown, channel, response_url, posted, message, done](web_api::outcome o) mutable {
                              const auto ts = string_at(o.body, "ts");
                              if (o.ok && !ts.empty()) {
                                  auto where = string_at(o.body, "channel");
                                  if (where.empty()) {
                                      where = channel;
                                  }
                                  self->posted_where(shown.round, where, ts, {});
                                  posted(tutoring::message_news{where + ":" + ts, std::nullopt});
                                  done(true);
                                  return;
                              }
                              // A channel the bot is not in: the command's response_url may post anywhere.
                              self->log_.warn("slack round message not posted with chat.postMessage round={} "
                                              "error={}; posting it through the command's response_url",
                                              shown.round.value(), log_quote(o.error));
                              self->post_through_url(shown, response_url, std::move(message), posted, done);
                          });
                  });
}

void round_board::post_through_url(const tutoring::round_screen& shown, const std::string& response_url,
                                   json::object message, const posted_fn& posted, const std::function<void(bool)>& done)
{
    const auto fail = [this, &shown, &posted, &done] {
        {
            const std::lock_guard lock(mutex_);
            places_.erase(shown.round);
        }
        posted(std::nullopt);
        done(false);
    };
    if (response_url.empty() || !use(response_url)) {
        log_.warn("slack round message not posted round={}: no response_url to post it with", shown.round.value());
        fail();
        return;
    }
    message["response_type"] = "in_channel";
    message["replace_original"] = false;
    api_.respond(response_url, std::move(message),
                 [self = shared_from_this(), shown, response_url, posted, done](web_api::outcome o) {
                     if (!o.ok) {
                         self->log_.warn("slack round message not posted round={} error={}", shown.round.value(),
                                         log_quote(o.error));
                         {
                             const std::lock_guard lock(self->mutex_);
                             self->places_.erase(shown.round);
                         }
                         posted(std::nullopt);
                         done(false);
                         return;
                     }
                     self->posted_where(shown.round, {}, {}, response_url);
                     posted(tutoring::message_news{std::nullopt, response_url});
                     done(true);
                 });
}

void round_board::posted_where(engine::round_id round, const std::string& channel, const std::string& ts,
                               const std::string& url)
{
    const std::lock_guard lock(mutex_);
    auto& p = places_[round];
    if (!channel.empty()) {
        p.channel = channel;
    }
    if (!ts.empty()) {
        p.ts = ts;
    }
    if (!url.empty()) {
        remember_url(p, url, clock_(), 0); // its use for the post is counted already
    }
}

void round_board::learn(engine::round_id round, const std::string& response_url, const std::string& channel,
                        const std::string& ts)
{
    std::optional<tutoring::round_screen> again;
    {
        const std::lock_guard lock(mutex_);
        if (places_.size() >= max_places && places_.count(round) == 0) {
            places_.erase(places_.begin());
        }
        auto& p = places_[round];
        if (!p.channel.empty() && p.channel != channel) {
            return; // a button of this round clicked elsewhere: its response_url edits another message
        }
        p.channel = channel;
        if (p.ts.empty()) {
            p.ts = ts; // the clicked message is the round's message
        }
        if (!response_url.empty()) {
            remember_url(p, response_url, clock_(), 0);
        }
        if (p.failed && p.failed_screen) {
            again = p.failed_screen;
        }
    }
    if (again) {
        show(*again);
    }
}

bool round_board::use(const std::string& response_url)
{
    const std::lock_guard lock(mutex_);
    return take_use(response_url, clock_(), false);
}

void round_board::show(const tutoring::round_screen& shown)
{
    std::uint64_t version = 0;
    {
        const std::lock_guard lock(mutex_);
        auto it = places_.find(shown.round);
        if (it == places_.end()) {
            const auto& stored = shown.message;
            if (!stored || (stored->reference.empty() && stored->edit_token.empty())) {
                return; // not posted yet: post() shows this version
            }
            if (places_.size() >= max_places) {
                places_.erase(places_.begin());
            }
            place p;
            const auto colon = stored->reference.find(':');
            if (colon != std::string::npos) {
                p.channel = stored->reference.substr(0, colon);
                p.ts = stored->reference.substr(colon + 1);
            }
            if (!stored->edit_token.empty()) {
                remember_url(p, stored->edit_token, stored->token_at, stored->token_uses);
            }
            it = places_.emplace(shown.round, std::move(p)).first;
        }
        auto& p = it->second;
        if (shown.revision < p.revision) {
            return;
        }
        if (shown.revision == p.revision) {
            if (!p.failed || p.retry >= max_retries) {
                return; // sent, or on its way
            }
            ++p.retry;
        } else {
            p.revision = shown.revision;
            p.retry = 0;
        }
        p.failed = false;
        p.failed_screen.reset();
        version = shown.revision * (max_retries + 1) + p.retry;
    }
    submit(shown, version);
}

void round_board::submit(const tutoring::round_screen& shown, std::uint64_t version)
{
    edits_.submit(key_of(shown.round), version, [weak = weak_from_this(), shown](std::function<void(bool)> done) {
        if (const auto self = weak.lock()) {
            self->edit(shown, done);
        } else {
            done(false);
        }
    });
}

void round_board::edit(const tutoring::round_screen& shown, const std::function<void(bool)>& done)
{
    auto message = render_(shown); // now: the time left is the time left when the edit goes out
    std::string channel;
    std::string ts;
    {
        const std::lock_guard lock(mutex_);
        if (const auto it = places_.find(shown.round); it != places_.end()) {
            channel = it->second.channel;
            ts = it->second.ts;
        }
    }
    auto finish = [self = shared_from_this(), shown, done](bool ok) {
        self->delivered(shown, ok);
        done(ok);
    };
    if (!api_.has_token() || channel.empty() || ts.empty()) {
        edit_through_url(shown, std::move(message), finish);
        return;
    }
    api_.update_message(channel, ts, message,
                        [self = shared_from_this(), shown, message, finish](web_api::outcome o) mutable {
                            if (o.ok) {
                                finish(true);
                                return;
                            }
                            self->log_.warn("slack round message not updated round={} error={}; trying a "
                                            "response_url",
                                            shown.round.value(), log_quote(o.error));
                            self->edit_through_url(shown, std::move(message), finish);
                        });
}

void round_board::edit_through_url(const tutoring::round_screen& shown, json::object message,
                                   const std::function<void(bool)>& done)
{
    std::string url;
    {
        const std::lock_guard lock(mutex_);
        if (const auto it = places_.find(shown.round); it != places_.end()) {
            const auto now = clock_();
            const auto& urls = it->second.urls;
            for (auto u = urls.rbegin(); u != urls.rend(); ++u) {
                if (take_use(*u, now, true)) {
                    url = *u;
                    break;
                }
            }
        }
    }
    if (url.empty()) {
        log_.info("slack round message not edited round={} revision={}: no response_url with a use left; the next "
                  "click brings one",
                  shown.round.value(), shown.revision);
        done(false);
        return;
    }
    message["replace_original"] = true;
    api_.respond(url, std::move(message), [self = shared_from_this(), shown, done](web_api::outcome o) {
        if (!o.ok) {
            self->log_.warn("slack round message not edited round={} error={}", shown.round.value(),
                            log_quote(o.error));
        }
        done(o.ok);
    });
}

void round_board::delivered(const tutoring::round_screen& shown, bool ok)
{
    const std::lock_guard lock(mutex_);
    const auto it = places_.find(shown.round);
    if (it == places_.end() || it->second.revision != shown.revision) {
        return; // a newer version is on its way
    }
    if (!ok) {
        it->second.failed = true;
        it->second.failed_screen = shown;
        return;
    }
    if (shown.at == tutoring::round_screen::stage::ended) {
        places_.erase(it); // nothing changes any more; the stored message remains for clicks after a restart
    }
}

void round_board::remember_url(place& p, const std::string& url, engine::instant received, int uses)
{
    uses_.try_emplace(url, url_use{received, uses});
    p.urls.erase(std::remove(p.urls.begin(), p.urls.end(), url), p.urls.end());
    p.urls.push_back(url);
    // By when they were received: the post's URL may be remembered after a click's fresher one.
    const auto received_at = [this](const std::string& u) {
        const auto it = uses_.find(u);
        return it == uses_.end() ? engine::instant{} : it->second.received; // forgotten: expired
    };
    std::stable_sort(p.urls.begin(), p.urls.end(),
                     [&](const std::string& a, const std::string& b) { return received_at(a) < received_at(b); });
    if (p.urls.size() > urls_per_round) {
        p.urls.erase(p.urls.begin());
    }
}

bool round_board::take_use(const std::string& url, engine::instant now, bool known_only)
{
    if (uses_.size() >= max_places) {
        std::erase_if(uses_, [now](const auto& entry) { return now - entry.second.received >= response_url_lifetime; });
    }
    auto it = uses_.find(url);
    if (it == uses_.end()) {
        if (known_only) {
            return false; // forgotten once expired
        }
        it = uses_.emplace(url, url_use{now, 0}).first;
    }
    auto& u = it->second;
    if (now - u.received >= response_url_lifetime - lifetime_margin || u.uses >= response_url_uses) {
        return false;
    }
    ++u.uses;
    return true;
}

} // namespace quiz::bot::slack
