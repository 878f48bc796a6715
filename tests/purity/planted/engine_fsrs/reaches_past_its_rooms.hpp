// Planted for purity.planted.engine_fsrs: FSRS depends on nothing of the engine but its numbers, so the check must fail here.
// Never compiled.
#include "engine/core/pack.hpp"
