// SPDX-License-Identifier: MIT
// Compiled into engine_tests, not run: every room's public header, together in one file, compiles with the others
// and without help from the file that includes it.
#include "engine/core/core.hpp"
#include "engine/fsrs/fsrs.hpp"
#include "engine/learner/learner.hpp"
#include "engine/numeric/numeric.hpp"
#include "engine/recall/recall.hpp"
#include "engine/reminders/reminders.hpp"
#include "engine/reports/reports.hpp"
#include "engine/rounds/rounds.hpp"
#include "engine/sim/sim.hpp"
#include "engine/text/text.hpp"
#include "engine/tutor/tutor.hpp"

namespace engine_public_headers {

// One type from each room, so that a public header that stopped including what its comment promises fails the build.
static_assert(sizeof(quiz::engine::seeded_random) > 0);
static_assert(sizeof(quiz::engine::fsrs::card) > 0);
static_assert(sizeof(quiz::engine::pack_index) > 0);
static_assert(sizeof(quiz::engine::learner_model) > 0);
static_assert(sizeof(quiz::engine::tutor) > 0);
static_assert(sizeof(quiz::engine::round_state) > 0);
static_assert(sizeof(quiz::engine::reminder_schedule) > 0);
static_assert(sizeof(quiz::engine::item_row) > 0);
static_assert(sizeof(quiz::engine::sim::world) > 0);

} // namespace engine_public_headers
