// Planted for purity.planted.dashboard_no_assembly: bot/dashboard must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
