// SPDX-License-Identifier: MIT
#include "bot/outbound/latest_edits.hpp"

namespace quiz::bot::outbound {

latest_edits::latest_edits(later_fn later, std::chrono::milliseconds spacing)
    : later_(std::move(later)), spacing_(later_ ? spacing : std::chrono::milliseconds{0})
{
}

void latest_edits::submit(const std::string& key, std::uint64_t revision, send_fn send)
{
    std::function<void()> run;
    {
        const std::lock_guard lock(mutex_);
        auto& s = slots_[key];
        if (revision <= s.last_sent || (s.waiting && revision <= s.waiting_revision)) {
            ++superseded_;
            return;
        }
        if (s.waiting) {
            ++superseded_;
        }
        s.waiting = std::move(send);
        s.waiting_revision = revision;
        if (s.busy) {
            return; // goes when the request in flight is answered, or when its turn comes
        }
        next_locked(key, s, run);
    }
    if (run) {
        run();
    }
}

void latest_edits::next_locked(const std::string& key, slot& s, std::function<void()>& run_after_unlock,
                               bool turn_has_come)
{
    if (!s.waiting) {
        s.busy = false;
        return;
    }
    s.busy = true;
    const auto now = clock::now();
    const auto due = s.last_start + spacing_;
    if (!turn_has_come && spacing_.count() > 0 && now < due) {
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(due - now);
        run_after_unlock = [this, key, wait] { later_(wait, [this, key] { turn_came(key); }); };
        return;
    }
    auto send = std::move(s.waiting);
    s.waiting = nullptr;
    s.last_sent = s.waiting_revision;
    s.last_start = now;
    ++sent_;
    run_after_unlock = [this, key, send = std::move(send)] { send([this, key](bool) { finished(key); }); };
}

void latest_edits::finished(const std::string& key)
{
    std::function<void()> run;
    {
        const std::lock_guard lock(mutex_);
        const auto it = slots_.find(key);
        if (it == slots_.end()) {
            return;
        }
        it->second.busy = false;
        next_locked(key, it->second, run);
    }
    if (run) {
        run();
    }
}

void latest_edits::turn_came(const std::string& key)
{
    std::function<void()> run;
    {
        const std::lock_guard lock(mutex_);
        const auto it = slots_.find(key);
        if (it == slots_.end()) {
            return;
        }
        next_locked(key, it->second, run, true); // the pause is over: the newest waiting version goes
    }
    if (run) {
        run();
    }
}

std::uint64_t latest_edits::sent() const
{
    const std::lock_guard lock(mutex_);
    return sent_;
}

std::uint64_t latest_edits::superseded() const
{
    const std::lock_guard lock(mutex_);
    return superseded_;
}

} // namespace quiz::bot::outbound
