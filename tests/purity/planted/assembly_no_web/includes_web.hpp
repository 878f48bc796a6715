// Planted for purity.planted.assembly_no_web: bot/assembly must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
