// Planted for purity.planted.engine_core: the vocabulary knows no session, so the check must fail here.
// Never compiled.
#include "engine/tutor/session.hpp"
