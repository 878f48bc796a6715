// SPDX-License-Identifier: MIT
#pragma once

// Study groups' rounds, built on the tutor: a round's state and rules (group_round: join, answer, reveal, score),
// the service that runs them in units of work (round_service), and their port (round_store). docs/groups.md.
// Depends on tutor, learner, core and numeric.

#include "engine/rounds/group_round.hpp"
#include "engine/rounds/round_service.hpp"
#include "engine/rounds/round_store.hpp"
