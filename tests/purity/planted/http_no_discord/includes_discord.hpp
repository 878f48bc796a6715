// Planted for purity.planted.http_no_discord: bot/http must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
