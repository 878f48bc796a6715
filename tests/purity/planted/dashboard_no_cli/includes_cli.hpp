// Planted for purity.planted.dashboard_no_cli: bot/dashboard must not include bot/cli/, so the check must fail here.
// Never compiled.
#include "bot/cli/args.hpp"
