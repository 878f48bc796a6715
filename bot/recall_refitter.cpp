// SPDX-License-Identifier: MIT
#include "bot/recall_refitter.hpp"

#include <spdlog/logger.h>

#include <algorithm>
#include <exception>

namespace quiz::bot {

recall_refitter::recall_refitter(engine::unit_of_work_factory& reads, engine::unit_of_work_factory& writes,
                                 std::function<engine::instant()> now, spdlog::logger& log,
                                 recall_refitter_options options)
    : reads_(reads), writes_(writes), now_(std::move(now)), log_(log), options_(std::move(options)),
      worker_([this] { run(); })
{
}

recall_refitter::~recall_refitter()
{
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    worker_.join();
}

void recall_refitter::answered(engine::learner_id learner)
{
    const std::lock_guard lock(mutex_);
    const auto& schedule = options_.schedule;
    const auto first_check = std::max<std::size_t>(
        1, std::min({schedule.fit.minimum_items, schedule.layer_minimum, schedule.same_day_minimum}));
    const auto it = answers_until_.try_emplace(learner.value(), first_check).first;
    if (it->second > 1) {
        --it->second; // not due yet whatever this answer was: no read needed
        return;
    }
    if (options_.hold_until_published) {
        held_.push_back(learner);
        return;
    }
    if (queued_.insert(learner.value()).second) {
        queue_.push_back(learner);
        wake_.notify_one();
    }
}

void recall_refitter::publish()
{
    const std::lock_guard lock(mutex_);
    if (held_.empty()) {
        return;
    }
    for (const auto learner : held_) {
        if (queued_.insert(learner.value()).second) {
            queue_.push_back(learner);
        }
    }
    held_.clear();
    wake_.notify_one();
}

void recall_refitter::wait_idle()
{
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

recall_refitter::counters recall_refitter::stats()
{
    const std::lock_guard lock(mutex_);
    return counters_;
}

void recall_refitter::run()
{
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) {
            return;
        }
        const auto learner = queue_.front();
        queue_.pop_front();
        queued_.erase(learner.value());
        busy_ = true;
        lock.unlock();

        engine::refit_result result;
        bool failed = false;
        try {
            result = engine::refit_if_due(reads_, writes_, learner, now_(), options_.schedule, options_.fit);
            if (result.status == engine::refit_status::stored) {
                log_.info("memory model refitted learner={} answers={}", learner.value(), result.answers);
            }
        } catch (const std::exception& e) {
            failed = true;
            log_.error("memory model refit failed learner={} error={}", learner.value(), e.what());
        }

        lock.lock();
        busy_ = false;
        ++counters_.checks;
        if (failed) {
            ++counters_.failed;
            answers_until_.erase(learner.value());
        } else {
            counters_.stored += result.status == engine::refit_status::stored ? 1U : 0U;
            counters_.superseded += result.status == engine::refit_status::superseded ? 1U : 0U;
            answers_until_[learner.value()] = result.answers_until;
        }
        if (queue_.empty()) {
            idle_.notify_all();
        }
    }
}

} // namespace quiz::bot
