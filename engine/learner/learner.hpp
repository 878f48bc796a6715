// SPDX-License-Identifier: MIT
#pragma once

// What the tutor knows of one learner in one pack: their stored memories and skills (learner_memory), the model built
// from them with the population's priors (learner_model, cold_start, concept_form), when each question falls due and
// how urgent it is (due), the retention reviews aim at (optimal_retention), the progress the stats show
// (learner_stats), and the settings all of it reads (tutor_config). Reports read learners through this room, never
// through the tutor's sessions. Depends on recall, core, fsrs and numeric.

#include "engine/learner/due.hpp"
#include "engine/learner/learner_memory.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/learner_stats.hpp"
#include "engine/learner/memory_table.hpp"
#include "engine/learner/optimal_retention.hpp"
#include "engine/learner/priors_cache.hpp"
#include "engine/learner/tutor_config.hpp"
