// SPDX-License-Identifier: MIT
#include "bot/discord/round_judgments.hpp"

#include <vector>

namespace quiz::bot::discord {

round_judgments::round_judgments(perform_fn perform, note_fn note, render_fn render,
                                 std::function<engine::instant()> clock, std::chrono::milliseconds token_lifetime)
    : perform_(std::move(perform)), note_(std::move(note)), render_(std::move(render)), clock_(std::move(clock)),
      token_lifetime_(token_lifetime)
{
}

void round_judgments::answering(engine::round_id round, std::uint32_t sequence, const tutoring::actor& who,
                                const std::string& token)
{
    const std::lock_guard lock(mutex_);
    auto& q = rounds_[round];
    if (sequence < q.sequence || sequence <= q.judged) {
        return; // an older question's button: refused by the rounds
    }
    if (sequence > q.sequence) {
        q.sequence = sequence;
        q.members.clear();
    }
    q.members[who.identity.external_id] = member{who, token, clock_()};
}

void round_judgments::refused(engine::round_id round, const std::string& user, const std::string& token)
{
    const std::lock_guard lock(mutex_);
    const auto it = rounds_.find(round);
    if (it == rounds_.end()) {
        return;
    }
    const auto m = it->second.members.find(user);
    if (m != it->second.members.end() && m->second.token == token) {
        it->second.members.erase(m);
    }
}

void round_judgments::publish(const tutoring::round_screen& shown)
{
    if (shown.platform != "discord") {
        return;
    }
    std::vector<member> told;
    {
        const std::lock_guard lock(mutex_);
        if (shown.at == tutoring::round_screen::stage::ended) {
            rounds_.erase(shown.round);
            return;
        }
        if (shown.at != tutoring::round_screen::stage::revealed || !shown.card) {
            return;
        }
        auto& q = rounds_[shown.round];
        const auto sequence = shown.card->sequence;
        if (sequence <= q.judged) {
            return;
        }
        q.judged = sequence;
        if (q.sequence == sequence) {
            for (auto& [user, m] : q.members) {
                told.push_back(std::move(m));
            }
        }
        q.members.clear();
    }
    const auto now = clock_();
    for (auto& m : told) {
        if (now - m.clicked >= token_lifetime_) {
            continue; // the click's token can no longer send anything
        }
        tutoring::round_request look{m.who, tutoring::look_at_round{shown.round}, std::nullopt, std::nullopt};
        (void)perform_(std::move(look), [self = shared_from_this(), token = m.token, shown](tutoring::round_reply r) {
            // Nothing when they did not answer this question after all.
            if (auto body = self->render_(r, shown)) {
                self->note_(token, std::move(*body));
            }
        });
    }
}

} // namespace quiz::bot::discord
