// Planted for purity.planted.discord_no_assembly: bot/discord must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
