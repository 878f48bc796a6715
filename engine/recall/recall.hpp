// SPDX-License-Identifier: MIT
#pragma once

// The recall model and its fitting (namespace quiz::engine::recall): a learner's own calibration on top of FSRS
// (learner_recall_model), fitted from their review log (recall_fitting), evaluated the way the tutor uses it
// (recall_predictor, recall_metrics), with the review log's shape and its grading (review_log, review_log_grading,
// response_time_grading, answer_grading). docs/scheduler-evaluation.md.
// Depends on core, fsrs and numeric.

#include "engine/recall/answer_grading.hpp"
#include "engine/recall/learner_recall_model.hpp"
#include "engine/recall/recall_fitting.hpp"
#include "engine/recall/recall_metrics.hpp"
#include "engine/recall/recall_predictor.hpp"
#include "engine/recall/review_log.hpp"
#include "engine/recall/review_log_grading.hpp"
