// Planted for purity.planted.engine_tutor: the tutor knows not the rounds built on it, so the check must fail here.
// Never compiled.
#include "engine/rounds/group_round.hpp"
