// SPDX-License-Identifier: MIT
#include "bot/timers/learner_expiry.hpp"

#include "bot/logging.hpp"

#include <spdlog/logger.h>

#include <memory>

namespace quiz::bot::timers {

namespace {

constexpr int batch = 500; // learners per unit: the writer's other work never waits long behind a sweep

} // namespace

learner_expiry::learner_expiry(boost::asio::io_context& context, engine::action_queue& writer,
                               engine::idle_learner_expiry& expiry, std::chrono::hours keep,
                               std::function<engine::instant()> clock, spdlog::logger& log)
    : writer_(writer), expiry_(expiry), keep_(keep), clock_(std::move(clock)), log_(log),
      timer_(context, clock_, [this] { sweep(); })
{
}

void learner_expiry::start() { timer_.wake_at(clock_()); }

void learner_expiry::sweep()
{
    auto erased = std::make_shared<std::int64_t>(0);
    const auto before = clock_() - keep_;
    try {
        writer_.submit([this, erased, before] { *erased = expiry_.expire(before, batch); },
                       [this, erased](const std::exception_ptr& failure) {
                           if (failure) {
                               try {
                                   std::rethrow_exception(failure);
                               } catch (const std::exception& e) {
                                   log_.error("expiring playground learners failed error={}", log_quote(e.what()));
                               } catch (...) {
                                   log_.error("expiring playground learners failed error=\"unknown exception\"");
                               }
                           } else if (*erased > 0) {
                               log_.info("playground learners expired count={} idle_hours={}", *erased, keep_.count());
                           }
                           const bool backlog = !failure && *erased == batch;
                           timer_.wake_at(clock_() +
                                          (backlog ? std::chrono::milliseconds{1'000} : std::chrono::hours{1}));
                       });
    } catch (const std::logic_error&) {
        // The writer is stopping: so is the server.
    }
}

} // namespace quiz::bot::timers
