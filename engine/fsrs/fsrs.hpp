// SPDX-License-Identifier: MIT
#pragma once

// FSRS-6 (namespace quiz::engine::fsrs): the memory model's formulas and default parameters (fsrs_model), the
// scheduler that rates a review and plans the next one with the same results as ts-fsrs 5.4.2 (fsrs_scheduler), and
// the optimizer that fits the 21 parameters to a review log (fsrs_optimizer). docs/scheduler.md.
// Depends on nothing of the engine but its numbers (engine/numeric).

#include "engine/fsrs/fsrs_model.hpp"
#include "engine/fsrs/fsrs_optimizer.hpp"
#include "engine/fsrs/fsrs_scheduler.hpp"
