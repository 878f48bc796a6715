// Planted for purity.planted.timers_no_slack: bot/timers must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/routes.hpp"
