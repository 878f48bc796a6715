// Planted for purity.planted.timers_no_web: bot/timers must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
