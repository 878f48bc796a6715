// SPDX-License-Identifier: MIT
#pragma once

#include "engine/recall/recall_fitting.hpp"
#include "engine/tutor/ports.hpp"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace quiz::engine {

// Fitting a learner's memory model from their own answers, off the request path: a background worker calls
// refit_if_due after the answers it hears of (answer_listener) have committed.

/// Told of each accepted answer right after its unit of work's commit() returned.
class answer_listener {
public:
    virtual ~answer_listener() = default;
    virtual void answered(learner_id learner) = 0;
};

/// The clock and fit the live tutor refits with: UTC days, as its schedule counts them.
[[nodiscard]] recall::fit_schedule live_fit_schedule();

/// A learner's answers as a review log: one card per (pack, question), numbered in order of first answer.
struct learner_history {
    std::vector<recall::logged_review> reviews;
    std::vector<std::pair<pack_key, question_key>> cards; ///< indexed by card key
};
[[nodiscard]] learner_history history_as_review_log(std::span<const answer_outline> answers);

using recall_fitter =
    std::function<recall::recall_fit(std::span<const recall::logged_review>, const recall::fit_schedule&)>;

enum class refit_status : unsigned char {
    not_due,    ///< the stored model is up to date with the learner's answers
    stored,     ///< a new model was fitted and stored
    superseded, ///< answers arrived during the fit: nothing stored (the next answer asks again)
};

struct refit_result {
    refit_status status = refit_status::not_due;
    std::size_t answers = 0;       ///< the learner's answers read
    std::size_t answers_until = 1; ///< at least this many more answers before a refit can be due
};

/// Reads the learner's answers and stored model in a unit of `reads` (which only reads, so it may be a snapshot that
/// never holds up writers); when a refresh is due (recall::refresh_due), fits outside any transaction and stores the
/// model, with the memory states of their questions replayed under new parameters, in a unit of `writes`, unless
/// answers arrived meanwhile.
refit_result refit_if_due(unit_of_work_factory& reads, unit_of_work_factory& writes, learner_id learner, instant now,
                          const recall::fit_schedule& schedule, const recall_fitter& fit);

} // namespace quiz::engine
