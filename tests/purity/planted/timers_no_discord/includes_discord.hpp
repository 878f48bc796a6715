// Planted for purity.planted.timers_no_discord: bot/timers must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/routes.hpp"
