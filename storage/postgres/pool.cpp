// SPDX-License-Identifier: MIT
#include "storage/postgres/pool.hpp"

#include <optional>

namespace quiz::storage::postgres {

pool::pool(pool_options options) : options_(std::move(options))
{
    if (options_.size < 1) {
        throw std::invalid_argument("the connection pool needs at least one connection");
    }
}

pool::~pool() = default;

pool::lease::~lease()
{
    if (owner_ != nullptr && held_) {
        owner_->give_back(std::move(held_));
    }
}

pool::lease pool::acquire()
{
    std::optional<std::chrono::steady_clock::duration> waited;
    // The waited event is told once the outcome is known, without the lock.
    const auto tell = [&] {
        if (waited && events_.waited) {
            events_.waited(*waited);
        }
    };
    std::unique_lock lock(mutex_);
    if (idle_.empty() && open_ >= options_.size) {
        counters_.waits.fetch_add(1, std::memory_order_relaxed);
        const auto since = std::chrono::steady_clock::now();
        const bool freed =
            freed_.wait_for(lock, options_.wait, [this] { return !idle_.empty() || open_ < options_.size; });
        waited = std::chrono::steady_clock::now() - since;
        counters_.wait_us.fetch_add(
            static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(*waited).count()),
            std::memory_order_relaxed);
        if (!freed) {
            lock.unlock();
            tell();
            throw pool_exhausted();
        }
    }
    if (!idle_.empty()) {
        auto c = std::move(idle_.back());
        idle_.pop_back();
        lock.unlock();
        tell();
        return lease(*this, std::move(c));
    }
    ++open_; // reserved before connecting, which happens without the lock
    lock.unlock();
    tell();
    try {
        auto c = std::make_unique<connection>(options_.uri);
        counters_.connects.fetch_add(1, std::memory_order_relaxed);
        return lease(*this, std::move(c));
    } catch (...) {
        counters_.failures.fetch_add(1, std::memory_order_relaxed);
        if (events_.connection_failed) {
            events_.connection_failed();
        }
        lock.lock();
        --open_;
        freed_.notify_one();
        throw;
    }
}

void pool::give_back(std::unique_ptr<connection> c) noexcept
{
    const bool broken = c->broken();
    if (broken) {
        counters_.failures.fetch_add(1, std::memory_order_relaxed);
        if (events_.connection_failed) {
            events_.connection_failed();
        }
        c.reset(); // closed outside the lock
    }
    const std::lock_guard lock(mutex_);
    if (broken) {
        --open_;
    } else {
        idle_.push_back(std::move(c));
    }
    freed_.notify_one();
}

} // namespace quiz::storage::postgres
