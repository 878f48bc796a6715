// Planted for purity.planted.engine_text: no room uses the simulation, so the check must fail here.
// Never compiled.
#include "engine/sim/simulation.hpp"
