// Planted for purity.planted.timers_no_cli: bot/timers must not include bot/cli/, so the check must fail here.
// Never compiled.
#include "bot/cli/serve.hpp"
