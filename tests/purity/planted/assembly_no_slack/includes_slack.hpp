// Planted for purity.planted.assembly_no_slack: bot/assembly must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/routes.hpp"
