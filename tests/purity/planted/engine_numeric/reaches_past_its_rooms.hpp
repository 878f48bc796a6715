// Planted for purity.planted.engine_numeric: numbers know nothing of FSRS, so the check must fail here.
// Never compiled.
#include "engine/fsrs/fsrs_model.hpp"
