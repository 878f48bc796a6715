// Planted for purity.planted.assembly_no_cli: bot/assembly must not include bot/cli/, so the check must fail here.
// Never compiled.
#include "bot/cli/serve.hpp"
