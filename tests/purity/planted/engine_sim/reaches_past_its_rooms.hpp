// Planted for purity.planted.engine_sim: the simulation needs no report, so the check must fail here.
// Never compiled.
#include "engine/reports/rasch.hpp"
