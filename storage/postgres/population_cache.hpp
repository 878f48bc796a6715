// SPDX-License-Identifier: MIT
#pragma once

#include "storage/postgres/transaction.hpp"

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace quiz::storage::postgres {

/// A pack's population figures (first-attempt counts per question, mean form per concept), as last read, for up to
/// `fresh_for`. Every unit reads them to predict a learner's first answers, and on PostgreSQL they are sums over
/// every learner's stripe (sql/0004): reading them once a second per node instead of once per unit takes one of the
/// costliest statements off the answer's path. They move by one answer in thousands, so a figure a second old
/// predicts as well. A figure is kept only once the transaction that read it has committed (it includes that
/// transaction's own writes). `fresh_for` zero reads every time, as SQLite does. Thread-safe.
template <class Figures>
class population_cache {
public:
    explicit population_cache(std::chrono::milliseconds fresh_for = {}) : fresh_for_(fresh_for) {}

    /// The pack's figures: kept ones while fresh, else `read()` on the calling thread's transaction.
    template <class Read>
    Figures get(const std::string& pack, Read&& read)
    {
        if (fresh_for_.count() <= 0) {
            return read();
        }
        const auto now = std::chrono::steady_clock::now();
        {
            const std::scoped_lock lock(mutex_);
            if (const auto kept = kept_.find(pack); kept != kept_.end() && now - kept->second.read_at < fresh_for_) {
                return kept->second.figures;
            }
        }
        Figures figures = read();
        after_commit([this, pack, figures, now] {
            const std::scoped_lock lock(mutex_);
            kept_.insert_or_assign(pack, entry{figures, now});
        });
        return figures;
    }

private:
    struct entry {
        Figures figures;
        std::chrono::steady_clock::time_point read_at;
    };
    std::chrono::milliseconds fresh_for_;
    std::mutex mutex_;
    std::map<std::string, entry> kept_;
};

} // namespace quiz::storage::postgres
