// Planted for purity.planted.dashboard_no_discord: bot/dashboard must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
