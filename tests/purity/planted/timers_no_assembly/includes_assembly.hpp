// Planted for purity.planted.timers_no_assembly: bot/timers must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
