// Planted for purity.planted.assembly_no_dashboard: bot/assembly must not include bot/dashboard/, so the check must fail here.
// Never compiled.
#include "bot/dashboard/routes.hpp"
