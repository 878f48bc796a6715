// SPDX-License-Identifier: MIT
#include "bot/assembly/core.hpp"

#include <stdexcept>

namespace quiz::bot::assembly {

core::core(std::unique_ptr<storage_engine> storage, packs content, core_options options, spdlog::logger& log)
    : storage_(std::move(storage)), packs_(std::move(content)), log_(log),
      clock_(options.clock ? std::move(options.clock) : system_clock()),
      seeds_(options.seeds ? std::move(options.seeds) : random_seeds()),
      tutor_(storage_->units(), packs_.library, options.tutor),
      groups_(storage_->units(), packs_.library, options.tutor)
{
    if (options.refit) {
        // Refitted off the request path, on a connection of its own; an answer is looked at once the batch that
        // holds it has committed.
        refit_connection_ = storage_->open_refit_connection();
        options.refit->hold_until_published = true;
        refitter_.emplace(refit_connection_->reads(), refit_connection_->writes(), clock_, log_,
                          std::move(*options.refit));
        tutor_.listen(&*refitter_);
        groups_.listen(&*refitter_);
    }
    writer_ = &storage_->start_writer([this, on_batch = std::move(options.on_batch)](auto duration) {
        if (on_batch) {
            on_batch(duration);
        }
        if (refitter_) {
            refitter_->publish();
        }
    });
}

core::~core() { finish_writes(); }

engine::due_counter core::due_reviews() { return tutoring::due_reviews(tutor_, packs_.keys); }

void core::run_rolled_back(std::function<void()> work) { storage_->run_rolled_back(std::move(work)); }

tutoring::service& core::start_tutoring(service_hooks hooks)
{
    if (tutoring_) {
        throw std::logic_error("start_tutoring: started already");
    }
    hooks_ = std::move(hooks);
    if (hooks_.reminders) {
        reminder_settings_.emplace(tutoring::reminder_settings{
            storage_->reminder_book(), zones_, hooks_.reminders->scheduled, hooks_.reminders->can_send});
    }
    if (hooks_.letters) {
        letters_.emplace(tutoring::outbox_sender_parts{storage_->outbox(), *writer_, clock_, log_, hooks_.hand_over,
                                                       hooks_.letters->after, hooks_.letters->counted,
                                                       hooks_.letters->looked, hooks_.letters->pacing});
    }
    return tutoring_.emplace(
        tutoring::service_parts{tutor_, storage_->identities(), *writer_, packs_.library, packs_.keys, clock_, seeds_,
                                log_, hooks_.hand_over, hooks_.on_answer_recorded, hooks_.before_unit,
                                reminder_settings_ ? &*reminder_settings_ : nullptr, letters_ ? &*letters_ : nullptr});
}

tutoring::rounds& core::start_rounds(round_hooks hooks)
{
    if (!tutoring_ || rounds_) {
        throw std::logic_error("start_rounds: after start_tutoring, once");
    }
    return rounds_.emplace(tutoring::rounds_parts{
        groups_, tutor_, storage_->identities(), storage_->round_messages(), *writer_, tutoring_->shelf(), clock_,
        seeds_, log_, hooks_.hand_over, hooks_.on_answer_recorded, std::move(hooks.wake_at), std::move(hooks.publish),
        hooks.limits, letters_ ? &*letters_ : nullptr});
}

tutoring::reminders& core::start_reminders(reminder_delivery delivery)
{
    if (!tutoring_ || reminders_) {
        throw std::logic_error("start_reminders: after start_tutoring, once");
    }
    return reminders_.emplace(tutoring::reminders_parts{
        storage_->reminder_book(), storage_->outbox(), tutor_, packs_.keys, storage_->identities(), zones_, *writer_,
        clock_, log_, hooks_.hand_over, std::move(delivery.after), std::move(delivery.wake_at),
        std::move(delivery.senders), std::move(delivery.counted), std::move(delivery.pacing)});
}

void core::stop_sending() noexcept
{
    if (reminders_) {
        reminders_->stop();
    }
    if (letters_) {
        letters_->stop();
    }
}

void core::finish_writes() noexcept { storage_->stop_writer(); }

} // namespace quiz::bot::assembly
