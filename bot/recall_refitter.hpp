// SPDX-License-Identifier: MIT
#pragma once

#include "engine/tutor/recall_refit.hpp"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace spdlog {
class logger;
}

namespace quiz::bot {

struct recall_refitter_options {
    engine::recall::fit_schedule schedule = engine::live_fit_schedule();
    engine::recall_fitter fit = [](std::span<const engine::recall::logged_review> history,
                                   const engine::recall::fit_schedule& how) {
        return engine::recall::fit_recall_model(history, how);
    };
    /// Answers wait for publish() before they are looked at: under group commit an answer's unit has "committed"
    /// inside the batch's transaction, which another connection sees only once the batch commits.
    bool hold_until_published = false;
};

/// Refits learners' memory models on a thread of its own, after the answers it is told of: the answer a learner
/// waits for never waits for a fit. Which refits are due is read from the database (engine::refit_if_due), so a
/// restart loses nothing; in memory it keeps only how many more answers each learner needs before the next check
/// can find one due, so that most answers cost a map update and no read. A learner it has not checked since it
/// started is first checked after as many answers as the smallest refit threshold (a new learner cannot be due
/// sooner; one with a history from before a restart is checked that many answers late at most).
class recall_refitter final : public engine::answer_listener {
public:
    /// `reads` (snapshots that never hold up the writer) and `writes` are units on a connection of the refitter's
    /// own, used only on its thread. `now` gives the time stamped on stored models.
    recall_refitter(engine::unit_of_work_factory& reads, engine::unit_of_work_factory& writes,
                    std::function<engine::instant()> now, spdlog::logger& log, recall_refitter_options options = {});
    ~recall_refitter() override;
    recall_refitter(const recall_refitter&) = delete;
    recall_refitter& operator=(const recall_refitter&) = delete;

    void answered(engine::learner_id learner) override;
    /// Releases the answers held since the last call (hold_until_published).
    void publish();
    /// Waits until every answer told so far has been looked at (and published ones refitted).
    void wait_idle();

    struct counters {
        std::size_t checks = 0;     ///< histories read
        std::size_t stored = 0;     ///< models stored
        std::size_t superseded = 0; ///< fits dropped because answers arrived meanwhile
        std::size_t failed = 0;     ///< refits that threw
    };
    [[nodiscard]] counters stats();

private:
    void run();

    engine::unit_of_work_factory& reads_;
    engine::unit_of_work_factory& writes_;
    std::function<engine::instant()> now_;
    spdlog::logger& log_;
    recall_refitter_options options_;

    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable idle_;
    std::vector<engine::learner_id> held_;
    std::deque<engine::learner_id> queue_;
    std::unordered_set<std::int64_t> queued_;
    std::unordered_map<std::int64_t, std::size_t> answers_until_; ///< answers still needed before a check
    bool busy_ = false;
    bool stopping_ = false;
    counters counters_;
    std::thread worker_;
};

} // namespace quiz::bot
