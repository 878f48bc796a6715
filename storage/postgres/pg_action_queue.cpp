// SPDX-License-Identifier: MIT
#include "storage/postgres/pg_action_queue.hpp"

#include "storage/postgres/transaction.hpp"

#include <stdexcept>

namespace quiz::storage::postgres {

pg_action_queue::pg_action_queue(pool& connections, action_queue_options options)
    : pool_(connections), options_(std::move(options))
{
    if (options_.workers < 1 || options_.attempts < 1) {
        throw std::invalid_argument("the action queue needs at least one worker and one attempt");
    }
    for (int i = 0; i < options_.workers; ++i) {
        workers_.emplace_back([this, i] { worker_loop(static_cast<unsigned>(i) * 2654435761U + 1U); });
    }
}

pg_action_queue::~pg_action_queue()
{
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& worker : workers_) {
        worker.join();
    }
}

void pg_action_queue::submit(unit work, completion done) { enqueue({std::move(work), std::move(done), true}); }

std::size_t pg_action_queue::waiting() const
{
    const std::lock_guard lock(mutex_);
    return queue_.size();
}

void pg_action_queue::enqueue(pending p)
{
    {
        const std::lock_guard lock(mutex_);
        if (stopping_) {
            throw std::logic_error("the action queue is stopping");
        }
        queue_.push_back(std::move(p));
    }
    wake_.notify_one();
}

void pg_action_queue::run_rolled_back(std::function<void()> work)
{
    std::promise<void> finished;
    auto future = finished.get_future();
    enqueue({std::move(work),
             [&finished](std::exception_ptr failure) {
                 if (failure) {
                     finished.set_exception(failure);
                 } else {
                     finished.set_value();
                 }
             },
             false});
    future.get();
}

void pg_action_queue::worker_loop(unsigned seed)
{
    for (;;) {
        pending p;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) {
                return; // stopping, and everything queued before has been run
            }
            p = std::move(queue_.front());
            queue_.pop_front();
        }
        const std::exception_ptr failure = run_one(p, seed);
        counters_.units.fetch_add(1, std::memory_order_relaxed);
        if (failure) {
            counters_.failed.fetch_add(1, std::memory_order_relaxed);
        }
        if (p.done) {
            p.done(failure);
        }
    }
}

std::exception_ptr pg_action_queue::run_one(pending& p, unsigned& seed)
{
    for (int run = 1;; ++run) {
        try {
            auto lease = pool_.acquire();
            const auto started = std::chrono::steady_clock::now();
            {
                transaction unit_transaction(*lease);
                p.work();
                if (p.keep) {
                    unit_transaction.commit();
                }
            }
            if (options_.on_unit) {
                options_.on_unit(std::chrono::steady_clock::now() - started);
            }
            return nullptr;
        } catch (const pg_error& e) {
            if (!e.retryable() || run >= options_.attempts) {
                return std::current_exception();
            }
        } catch (...) {
            return std::current_exception();
        }
        counters_.retries.fetch_add(1, std::memory_order_relaxed);
        if (options_.on_retry) {
            options_.on_retry();
        }
        // Another unit won the row: wait a moment, longer each time and spread, so that the two do not meet again.
        seed = seed * 1103515245U + 12345U;
        const auto pause = std::chrono::microseconds((500 << run) + static_cast<int>(seed % 1000U));
        std::this_thread::sleep_for(pause);
    }
}

} // namespace quiz::storage::postgres
