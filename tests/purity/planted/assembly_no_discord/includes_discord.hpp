// Planted for purity.planted.assembly_no_discord: bot/assembly must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/routes.hpp"
