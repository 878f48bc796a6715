// SPDX-License-Identifier: MIT
#pragma once

// The evaluation side (namespace quiz::engine::sim): simulated learners of varied ability and memory (sim_world),
// schedulers compared on them (simulation), and review logs shaped like the tutor's own (review_log_family). Seeded
// and pure; used by `quizbot srs simulate|generate` and `report demo-class`, by no part of the server
// (purity.runtime_no_sim). Depends on tutor, learner, recall, core, fsrs and numeric.

#include "engine/sim/review_log_family.hpp"
#include "engine/sim/sim_world.hpp"
#include "engine/sim/simulation.hpp"
