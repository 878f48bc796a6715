// Planted for purity.planted.outbound_no_discord: bot/outbound must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
