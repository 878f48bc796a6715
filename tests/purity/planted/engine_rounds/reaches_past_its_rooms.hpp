// Planted for purity.planted.engine_rounds: rounds render no text, so the check must fail here.
// Never compiled.
#include "engine/text/catalog.hpp"
