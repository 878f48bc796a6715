// Planted for purity.planted.runtime_no_sim: nothing at run time may include engine/sim/, so the check must fail
// here. Never compiled.
#include "engine/sim/sim_world.hpp"
