// Planted for purity.planted.discord_no_storage: bot/discord must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
