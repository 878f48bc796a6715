// Planted for purity.planted.web_no_discord: bot/web must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
