// Planted for purity.planted.discord_no_web: bot/discord must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
