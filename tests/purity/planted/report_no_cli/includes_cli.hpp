// Planted for purity.planted.report_no_cli: bot/report must not include bot/cli/, so the check must fail here.
// Never compiled.
#include "bot/cli/args.hpp"
