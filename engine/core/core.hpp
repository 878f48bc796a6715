// SPDX-License-Identifier: MIT
#pragma once

// The engine's vocabulary, shared by every room above it: strong ids (learner, session, round, pack, question,
// concept...), the two languages, packs as the content loader produces them and their index for fast lookups, and the
// identity ports (platform identity to learner, language choice, forget-me, the action queue) that storage
// implements. Depends on FSRS only for the instant type and a card's memory.

#include "engine/core/identity_ports.hpp"
#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"
#include "engine/core/pack_index.hpp"
#include "engine/core/strong_id.hpp"
#include "engine/core/tutor_ids.hpp"
