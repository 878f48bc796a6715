// SPDX-License-Identifier: MIT
#pragma once

// The engine's numbers, with no notion of learners, questions or time: forward-mode dual numbers (the FSRS
// optimizer's gradients), JavaScript-exact number printing (results identical to ts-fsrs), stable hashes and a
// seeded generator (the engine draws no entropy itself), and L2-regularised logistic regression.
// Depends on nothing of the engine.

#include "engine/numeric/dual.hpp"
#include "engine/numeric/js_number.hpp"
#include "engine/numeric/logistic_regression.hpp"
#include "engine/numeric/seeded_random.hpp"
